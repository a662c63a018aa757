extension ModelObject {
    /// Turns the strong links to `container` that this object leads to, through strong links,
    /// into weak ones, where no inverse pairs them: before `container` takes this object in
    /// (a nested object of a document), so that the document's nesting, not a reference,
    /// decides who owns whom.
    ///
    /// A nested object that names its parent, or another object of the document, by identity
    /// (`"books": [{"author_id": 1}]` inside author 1) is read as a reference. When the object
    /// it names is filled in later with what it nests, the reference's strong link would make
    /// the new links close a cycle, so they would be weak, and a nested object held only by
    /// them would be freed. With the reference weak instead, both live: `container` is held by
    /// what holds it in the document (the decoder links it there next).
    ///
    /// A link an inverse pairs is left as it is (its other side is a back-reference that must
    /// not outlive it); the link to `container` is then weak, as before. The search spends
    /// `budget` as ``reachesStrongly(_:skippingLinksFrom:budget:)`` does, and stops when it
    /// runs out. Like that search, it passes by the lists of an object that holds no strong
    /// link in any (``Flags/mayListStrongLinks``).
    func yieldOwnership(to container: ModelObject, budget: inout Int) {
        // Nothing holds `container` strongly: no link to it to turn.
        guard container.strongOwnerCount > 0, self !== container else { return }
        var pending: [ModelObject] = [self]
        while let object = pending.popLast() {
            let listsHoldNoStrongLink = !object.flags.contains(.mayListStrongLinks)
            for relationship in object.layout.relationshipList {
                if relationship.isToMany, listsHoldNoStrongLink { continue }
                let slot = relationship.slot
                let yields = object.layout.properties[slot].inverseSlot == nil
                switch object.slots[slot] {
                case .object(let link):
                    guard budget > 0 else { return }
                    budget -= 1
                    guard link.isStrong, let next = link.object else { continue }
                    if next !== container {
                        pending.append(next)
                    } else if yields {
                        container.forgetStrongOwner()
                        object.slots[slot] = .object(Link(container, kind: .weak))
                    }
                case .objects(let links):
                    guard budget >= links.count else { return }
                    budget -= links.count
                    var turns = false
                    for link in links where link.isStrong {
                        guard let next = link.object else { continue }
                        if next !== container { pending.append(next) } else { turns = turns || yields }
                    }
                    guard turns else { continue }
                    object.slots[slot] = .objects(
                        links.map { link in
                            guard link.isStrong, link.refers(to: container) else { return link }
                            container.forgetStrongOwner()
                            return Link(container, kind: .weak)
                        }
                    )
                default:
                    continue
                }
            }
        }
    }
}
