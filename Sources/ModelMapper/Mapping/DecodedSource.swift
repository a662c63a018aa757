import Foundation

/// How an object was written in the JSON it was decoded from, kept on the object when the
/// decoder's ``ModelDecoder/Options/unknownKeys`` option is `.keep`, so that encoding it
/// again gives back the same tokens in the same order: its members in their order (unknown
/// ones with their values), and the spelling of each value the encoder would otherwise write
/// differently (`49.90`, `"101"` read into an Integer 64, `1e3`, a date with fractional
/// seconds of zero).
///
/// The encoder follows it unless asked for canonical output
/// (``ModelEncoder/Options/Layout-swift.enum/canonical``). A spelling is used only while the
/// value is the one that was read: a value changed since is written the encoder's way.
final class DecodedSource {
    /// The object's members, in the order the JSON had them.
    var members: [SourceMember]
    /// The key level the `.owner` members are keys of: the flattened keys of the object that
    /// held this one, read inside it (`pricing.retail_price` inside the Pricing object).
    let ownerLevel: KeyLevel?
    /// Values whose spelling differs from the encoder's.
    var spellings: [Spelling]
    /// The related objects the JSON gave only by their identity (`{"id": 7}`), which are
    /// written so again rather than in full.
    var referenceEdges: Set<ReferenceEdge>
    /// The length of the object's JSON text: what the encoder may write again of the objects it
    /// holds in full at several places stays within a multiple of it.
    let byteCount: Int
    /// Whether ``members`` are in an order the JSON's author chose. Not for an object read
    /// from what a preprocessing transformer returned: a dictionary, whose order is none, so
    /// the object is written in model order (as ``ModelEncoder/Options/Layout-swift.enum/canonical``
    /// writes it), the same each time it goes round.
    let isOrdered: Bool

    init(
        members: [SourceMember],
        ownerLevel: KeyLevel?,
        spellings: [Spelling],
        referenceEdges: Set<ReferenceEdge>,
        byteCount: Int,
        isOrdered: Bool = true
    ) {
        self.isOrdered = isOrdered
        self.members = members
        self.ownerLevel = ownerLevel
        self.spellings = spellings
        self.referenceEdges = referenceEdges
        self.byteCount = byteCount
    }

    /// Whether the JSON had `object`, at `index` of the relationship in `slot` (-1 for a
    /// to-one), only as its identity.
    func isReference(slot: Int, index: Int, object: ModelObject) -> Bool {
        !referenceEdges.isEmpty
            && referenceEdges.contains(ReferenceEdge(slot: slot, index: index, object: ObjectIdentifier(object)))
    }

    /// Whether the JSON had `object` there as a scalar identity (a foreign key).
    func isScalarReference(slot: Int, index: Int, object: ModelObject) -> Bool {
        guard !referenceEdges.isEmpty,
            let found = referenceEdges.firstIndex(
                of: ReferenceEdge(slot: slot, index: index, object: ObjectIdentifier(object))
            )
        else { return false }
        return referenceEdges[found].isScalar
    }

    /// The spelling recorded for the value in `slot`, if one was and it was read in
    /// `dateFormat` (for plain dates); whether it still spells the slot's value is
    /// ``Spelling/spells(_:)``'s to say.
    func spelling(slot: Int, dateFormat: DateFormat) -> Spelling? {
        // The last: a key the JSON repeated has the value of its last member.
        guard let spelling = spellings.last(where: { $0.slot == slot }),
            spelling.dateFormat == nil || spelling.dateFormat == dateFormat
        else { return nil }
        return spelling
    }

    /// Renumbers the reference edges of a to-many whose repeated objects were dropped
    /// (`original` became `unique`): an object's one place stays a reference only if every
    /// place it had was one (so that no place it had in full is lost).
    func renumberEdges(slot: Int, original: [Link], unique: [Link]) {
        guard referenceEdges.contains(where: { $0.slot == slot }) else { return }
        var places: [ObjectIdentifier: (count: Int, references: Int, scalars: Int)] = [:]
        for (index, link) in original.enumerated() {
            guard let object = link.object else { continue }
            let id = ObjectIdentifier(object)
            places[id, default: (0, 0, 0)].count += 1
            guard let found = referenceEdges.firstIndex(of: ReferenceEdge(slot: slot, index: index, object: id)) else {
                continue
            }
            places[id, default: (0, 0, 0)].references += 1
            if referenceEdges[found].isScalar { places[id, default: (0, 0, 0)].scalars += 1 }
        }
        referenceEdges = referenceEdges.filter { $0.slot != slot }
        for (index, link) in unique.enumerated() {
            guard let object = link.object, let place = places[ObjectIdentifier(object)],
                place.count == place.references
            else { continue }
            referenceEdges.insert(
                ReferenceEdge(
                    slot: slot,
                    index: index,
                    object: ObjectIdentifier(object),
                    isScalar: place.scalars == place.count
                )
            )
        }
    }

    /// The members nobody reads, nested under the keys of flattened key paths they were found
    /// in: what ``ModelObject/unknownJSON`` shows.
    var unknownJSON: JSONObject? {
        // Levels to fill, innermost last; each member list is walked once, without recursion.
        var stack: [(members: [SourceMember], index: Int, object: JSONObject, key: String)] = [
            (members, 0, JSONObject(), "")
        ]
        while let last = stack.indices.last {
            guard stack[last].index < stack[last].members.count else {
                let finished = stack.removeLast()
                guard let parent = stack.indices.last else { return finished.object.isEmpty ? nil : finished.object }
                if !finished.object.isEmpty { stack[parent].object[finished.key] = .object(finished.object) }
                continue
            }
            let member = stack[last].members[stack[last].index]
            stack[last].index += 1
            switch member {
            case .unknown(let key, let value): stack[last].object[key] = value
            case .nested(_, _, let nested, let key): stack.append((nested, 0, JSONObject(), key))
            case .own, .owner, .null: continue
            }
        }
        return nil
    }

    /// Takes in what a later occurrence of the same object had: its new members go after the
    /// known ones, its unknown values replace theirs, and the spellings of the slots it set
    /// are its own.
    func merge(_ later: DecodedSource, setSlots: (Int) -> Bool) {
        var known = Set<SourceMember.Identity>(members.map(\.identity))
        var replaced: [String: JSONValue] = [:]
        for member in later.members {
            if known.insert(member.identity).inserted {
                members.append(member)
            } else if case .unknown(let key, let value) = member {
                replaced[key] = value
            }
        }
        if !replaced.isEmpty {
            members = members.map { member in
                guard case .unknown(let key, _) = member, let value = replaced[key] else { return member }
                return .unknown(key: key, value: value)
            }
        }
        spellings = spellings.filter { !setSlots($0.slot) } + later.spellings
        referenceEdges = referenceEdges.filter { !setSlots($0.slot) }.union(later.referenceEdges)
    }
}
