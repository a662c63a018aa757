import Foundation
@_spi(Engine) import ModelMapperSchema

/// Keys read as other spellings of a property's key (``KeyNode/aliasOf``): the model's name
/// beside its cased or declared key (`fullName` beside `full_name`, `age` beside a declared
/// `age_of_person`), a relationship's foreign key (`band_id` beside `band`).
///
/// Two rules, kept here for every entry point. Where the JSON has both, the property's own
/// key wins, whichever comes first (between two other spellings, the first); the spelling
/// that lost is left out, or, when the source is kept, kept as an unknown member, so that it
/// is written back as it was. And an error about a value read at another spelling names that
/// spelling, the key the document has (`$.releaseYear` read beside a cased `release_year`), not
/// the one the library would have looked for.
extension ObjectDecoder {
    /// A property of an open frame that was read at another spelling of its key.
    struct AliasRead {
        let frame: Int
        let slot: Int
        /// The key the document has.
        let key: String
        /// Where the value starts and its member is in the source, when the source is kept:
        /// for the value to be kept whole if the property's own key comes after it.
        let valueStart: Int
        let member: Int
    }

    /// Whether the member with `action` (node `index` of frame `top`'s current level) is read
    /// into its slot: not for another spelling of a key whose slot the JSON gave already
    /// (its value is skipped, or kept when the source is). Notes what the errors and the own
    /// key read later need to know.
    mutating func takesSpelling(_ action: KeyAction, index: Int, frame top: Int) throws(MappingError) -> Bool {
        guard action.kind == .attribute || action.kind == .relationship else { return true }
        // Frames above this one have finished: what they noted goes, so that the notes looked
        // through are this frame's and those below, never more than open frames hold.
        while let last = aliasReads.last, last.frame > top { aliasReads.removeLast() }
        guard action.isAlias else {
            // The property's own key: it wins over a spelling read before it.
            if let found = aliasReads.lastIndex(where: { $0.frame == top && $0.slot == action.slot }) {
                let earlier = aliasReads.remove(at: found)
                if settings.keepsSource { try keepLosingSpelling(earlier, frame: top) }
            }
            return true
        }
        let key = frames[top].level.own.map { $0.takeUnretainedValue().nodes[index].key } ?? ""
        guard frames[top].slots.tag(action.slot) == .absent else {
            if settings.keepsSource {
                sources[top].members.append(.unknown(key: key, value: try readTree(frame: top, key: .name(key))))
            } else {
                try scanner.skipValue()
            }
            return false
        }
        scanner.skipWhitespace()
        hasFrameNotes = true
        aliasReads.append(
            AliasRead(
                frame: top,
                slot: action.slot,
                key: key,
                valueStart: scanner.index,
                member: settings.keepsSource ? sources[top].members.count : -1
            )
        )
        return true
    }

    /// Keeps the value a spelling gave (`earlier`) as an unknown member of the source, read
    /// again from the text, now that the property's own key replaces it: the object holds the
    /// own key's value, and the spelling is written back as it was.
    private mutating func keepLosingSpelling(_ earlier: AliasRead, frame top: Int) throws(MappingError) {
        guard earlier.member >= 0, earlier.member < sources[top].members.count else { return }
        let resume = scanner.index
        scanner.index = earlier.valueStart
        defer { scanner.index = resume }
        let value = try readTree(frame: top, key: .name(earlier.key))
        sources[top].members[earlier.member] = .unknown(key: earlier.key, value: value)
        sources[top].spellings.removeAll { $0.slot == earlier.slot }
        sources[top].referenceEdges = sources[top].referenceEdges.filter { $0.slot != earlier.slot }
    }

    /// Forgets what frames at `position` and above read at other spellings, and their lists
    /// of identities: a frame pushed there is another object's.
    mutating func forgetFrameNotes(from position: Int) {
        aliasReads.removeAll { $0.frame >= position }
        identityLists.removeAll { $0.frame >= position }
        hasFrameNotes = !aliasReads.isEmpty || !identityLists.isEmpty
    }

    /// Notes, for a graph's merge, a to-many array of frame `top` that listed identities: every
    /// element a scalar standing for its object (`"notes_ids": [10, 11]`, `"notes": [10, 11]`),
    /// or none read at a foreign key's spelling (`"notes_ids": []`). Such a list lets go of what
    /// it no longer lists, where a listing of objects removes it (``ObjectGraph/MergeOperation/removeUnlisted``).
    mutating func noteIdentityList(_ state: ArrayState, elementCount: Int, frame top: Int) {
        guard !state.isMap, state.nonObjectElements == elementCount,
            elementCount > 0 || spellingRead(slot: state.slot, frame: top) != nil
        else { return }
        hasFrameNotes = true
        identityLists.append((frame: top, slot: state.slot))
    }

    /// The slots of the frame at `position` (one past the frames: the frame just finished)
    /// given as lists of identities.
    func identityListSlots(frame position: Int) -> [Int] {
        identityLists.isEmpty ? [] : identityLists.filter { $0.frame == position }.map(\.slot)
    }

    /// The key the document gave `slot` of the frame at `position` at, when it was another
    /// spelling of the property's key; nil when it was the property's own (or none). A
    /// position may be one past the frames, the frame just finished.
    func spellingRead(slot: Int, frame position: Int) -> String? {
        guard !aliasReads.isEmpty else { return nil }
        return aliasReads.last { $0.frame == position && $0.slot == slot }?.key
    }

    /// The last key of the member that gave `slot` of the frame at `position`: the spelling the
    /// document has, or the property's own.
    func memberKey(slot: Int, frame position: Int) -> String? {
        spellingRead(slot: slot, frame: position) ?? frames[position].mapping.properties[slot].keyPath.last
    }

    /// The keys of the member that gave `slot` of the frame at `position`, from the object:
    /// the spelling the document has (one key), or the property's own key path.
    func memberKeys(slot: Int, frame position: Int) -> [String] {
        memberKeys(slot: slot, frame: position, mapping: frames[position].mapping)
    }

    /// ``memberKeys(slot:frame:)`` for a frame given with its mapping: one at `position`, or
    /// one just popped (`position` one past the frames).
    func memberKeys(slot: Int, frame position: Int, mapping: EntityMapping) -> [String] {
        spellingRead(slot: slot, frame: position).map { [$0] } ?? mapping.properties[slot].keyPath
    }
}
