extension ModelObject {
    /// Lets go of the objects this object links strongly, as it is freed, one after the
    /// other rather than each inside the last one's `deinit`, so that freeing a chain of a
    /// million objects linked by a to-one takes no more stack than freeing one. An object held
    /// by nothing else has its own links taken the same way before it goes; one that stays
    /// alive has its back-reference to the object that held it cleared (see ``Link``). Only
    /// pointers are compared: nothing retains an object being freed.
    func releaseRelationships() {
        var pending: [Release] = []
        takeStrongLinks(into: &pending)
        while var release = pending.popLast() {
            // The slots the link came from are gone: a link that was an object's last
            // reference is now the only one.
            if isKnownUniquelyReferenced(&release.object) {
                release.object.takeStrongLinks(into: &pending)
                release.object.flags.set(.hasReleasedLinks, true)
                // `release.object` is freed here, with nothing left to free in its own `deinit`.
            } else {
                release.object.forgetStrongOwner()
                if release.inverse >= 0 {
                    release.object.removeBackReference(to: release.owner, atSlot: release.inverse)
                }
            }
        }
    }

    /// An object linked strongly by an object being freed, and how it was linked.
    private struct Release {
        var object: ModelObject
        /// The object being freed, as an address only.
        let owner: UnsafeMutableRawPointer
        /// The inverse slot in `object` that may hold a back-reference to the owner, or -1.
        let inverse: Int
    }

    /// Moves the objects of this object's strong links (it is being freed) into `pending`.
    private func takeStrongLinks(into pending: inout [Release]) {
        let owner = Unmanaged.passUnretained(self).toOpaque()
        // Each value moved out of its slot: an object being freed would otherwise count
        // references to the list and to every link.
        for relationship in layout.relationshipList {
            if var link = slots.takeLink(relationship.slot) {
                if let object = link.takeStrongObject() {
                    Self.append(Release(object: object, owner: owner, inverse: relationship.inverse), to: &pending)
                }
                continue
            }
            var links = slots.takeLinks(relationship.slot)
            for index in links.indices {
                if let object = links[index].takeStrongObject() {
                    Self.append(Release(object: object, owner: owner, inverse: relationship.inverse), to: &pending)
                }
            }
        }
    }

    /// Appends to the list of objects to let go, with room for a parent's usual children at
    /// the first, rather than growing one at a time.
    private static func append(_ release: Release, to pending: inout [Release]) {
        if pending.capacity == 0 { pending.reserveCapacity(32) }
        pending.append(release)
    }

    private func removeBackReference(to object: UnsafeMutableRawPointer, atSlot slot: Int) {
        switch slots.state(at: slot) {
        case .object:
            if let link = slots.link(at: slot), link.pointee.isBackReference(to: object) { slots[slot] = .absent }
        case .objects:
            // Moved out, so that `links` is the only reference and removing does not copy the
            // list (a `switch` over the slot would hold it until its end).
            var links = slots.takeLinks(slot)
            // Back-references are only ever in the first places (see `backReferencePlaces`):
            // links are appended, and removing one moves the others toward the front.
            // Searched in the list's memory: most searches find nothing (the link to a holder
            // past the first places is weak), so the loop is the cost.
            let position = links.withUnsafeBufferPointer { links -> Int? in
                for index in 0..<min(links.count, Self.backReferencePlaces)
                where links[index].isBackReference(to: object) {
                    return index
                }
                return nil
            }
            if let position { links.remove(at: position) }
            slots[slot] = .objects(links)
        default:
            break
        }
    }
}
