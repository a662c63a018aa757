/// Removals of inverse links put off until a batch of relationship changes ends, then made in
/// one pass per list.
///
/// An object that leaves one that many objects link to (an album moving away from a band of
/// 100,000 albums) must leave that band's list too; removing one link from a list of n costs
/// O(n), so m objects leaving one at a time cost O(n·m). Gathered per list, they cost O(n + m).
///
/// Until ``applyAll()``, a list noted here may still hold links to objects that left it, so the
/// changes of a batch keep to these rules: `replaceRelationship` applies a list's removals before
/// it reads the list, and a link made again to a list takes its removal out of the batch first
/// (``applyNow(removing:from:atSlot:)``). The objects are held until then: a back-reference
/// left in a list must not outlive its object.
final class DeferredUnlinks {
    private struct ListKey: Hashable {
        let owner: ObjectIdentifier
        let slot: Int
    }

    private struct Removals {
        let owner: ModelObject
        /// The objects to remove, in the order noted; one may be there twice.
        var sources: [ModelObject]
        /// Which of `sources` are still to be removed, once a link made again asked: made on
        /// the first such question, kept from then on (most lists are never asked).
        var members: Set<ObjectIdentifier>?

        var identifiers: Set<ObjectIdentifier> { members ?? Set(sources.map(ObjectIdentifier.init)) }
    }

    private var lists: [ListKey: Removals] = [:]

    /// Notes that `owner`'s list in `slot` no longer holds `source`.
    func add(removing source: ModelObject, from owner: ModelObject, atSlot slot: Int) {
        let key = ListKey(owner: ObjectIdentifier(owner), slot: slot)
        guard let index = lists.index(forKey: key) else {
            lists[key] = Removals(owner: owner, sources: [source])
            owner.flags.set(.hasDeferredUnlinks, true)
            return
        }
        lists.values[index].sources.append(source)
        lists.values[index].members?.insert(ObjectIdentifier(source))
    }

    /// Removes `source` from `owner`'s list in `slot` now, if that removal was put off.
    func applyNow(removing source: ModelObject, from owner: ModelObject, atSlot slot: Int) {
        guard owner.flags.contains(.hasDeferredUnlinks),
            let index = lists.index(forKey: ListKey(owner: ObjectIdentifier(owner), slot: slot))
        else { return }
        if lists.values[index].members == nil {
            lists.values[index].members = Set(lists.values[index].sources.map(ObjectIdentifier.init))
        }
        guard lists.values[index].members?.remove(ObjectIdentifier(source)) != nil else { return }
        owner.removeLink(to: source, atSlot: slot)
    }

    /// Makes the removals put off from `owner`'s list in `slot`.
    func apply(to owner: ModelObject, atSlot slot: Int) {
        guard owner.flags.contains(.hasDeferredUnlinks),
            let removals = lists.removeValue(forKey: ListKey(owner: ObjectIdentifier(owner), slot: slot))
        else { return }
        Self.apply(removals, atSlot: slot)
    }

    /// Makes every removal put off.
    func applyAll() {
        let pending = lists
        lists = [:]
        for removals in pending.values { removals.owner.flags.set(.hasDeferredUnlinks, false) }
        for (key, removals) in pending { Self.apply(removals, atSlot: key.slot) }
    }

    private static func apply(_ removals: Removals, atSlot slot: Int) {
        if removals.members == nil, removals.sources.count == 1 {
            removals.owner.removeLink(to: removals.sources[0], atSlot: slot)
        } else {
            let identifiers = removals.identifiers
            guard !identifiers.isEmpty else { return }
            removals.owner.removeLinks(toAnyOf: identifiers, atSlot: slot)
        }
    }
}
