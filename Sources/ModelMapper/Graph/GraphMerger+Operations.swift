import Foundation

/// The merge operations (``ObjectGraph/MergeOperations``) in the merge: which fresh objects a
/// merge inserts or updates, and what a listing removes.
extension GraphMerger {
    /// An object a parent no longer holds in a to-many that its operations make a whole
    /// listing, with the slot of the relationship's inverse in it (-1: none).
    typealias Unlisted = (object: ModelObject, inverse: Int)

    /// How far the operations let a fresh object in.
    private enum Reach: Int {
        /// Linked where the document links it, its values left alone.
        case linked = 1
        /// Merged: inserted, or updated with the values the document gives.
        case merged = 2
    }

    /// The fresh objects the operations let in, and what they leave out.
    struct Selection {
        var fresh: [ModelObject] = []
        var keptRoots: [ModelObject] = []
        var skippedRoots: [Int] = []
        var dropped: [ModelObject] = []
    }

    /// How far `operation` lets in an object with `target`: the graph's objects are updated
    /// (placeholders filled in: inserted) or kept as they are; new objects are inserted or
    /// left out (nil).
    private func reach(of target: Target?, under operation: MergePlan.Operation) -> Reach? {
        switch target {
        case .existing(let existing, _)?:
            let isPlaceholder = existing.flags.contains(.isGraphPlaceholder)
            return operation.contains(isPlaceholder ? .insert : .update) ? .merged : .linked
        case .new?: return operation.contains(.insert) ? .merged : nil
        case .unresolved?: return .merged
        case .kept?, .skipped?, nil: return nil
        }
    }

    /// Walks from the roots under the document's operations, and down each relationship of a
    /// merged object under that relationship's: an object reached by several links takes the
    /// furthest reach any gives. Targets of objects kept as they are become `.kept`, of
    /// objects left out `.skipped`. Linear: an object's reach rises at most twice.
    func select(roots: [ModelObject], fresh: [ModelObject], targets: inout Targets) -> Selection {
        var reached = FreshObjectMap<Reach>(given)
        var order: [ModelObject] = []
        var merged: [ModelObject] = []
        func offer(_ object: ModelObject, _ reach: Reach?) {
            guard let reach else { return }
            let before = reached[object]
            guard before.map({ $0.rawValue < reach.rawValue }) ?? true else { return }
            reached[object] = reach
            if before == nil { order.append(object) }
            if reach == .merged { merged.append(object) }
        }
        for root in roots where !(plan.skipsRecordsWithoutIdentity && givesNoIdentity(root)) {
            offer(root, reach(of: targets[root], under: plan.document))
        }
        var stack = Array(merged.reversed())
        while let object = stack.popLast() {
            let present = given.slots(of: object)
            for relationship in object.relationshipSlots {
                if present?.leavesOut(relationship.slot) == true { continue }
                let operation = plan.operation(entity: object.layout.entityIndex, slot: relationship.slot)
                merged.removeAll(keepingCapacity: true)
                for child in object.linkedObjects(atSlot: relationship.slot) {
                    offer(child, reach(of: targets[child], under: operation))
                }
                stack.append(contentsOf: merged.reversed())
            }
        }
        var selection = Selection(fresh: order)
        for object in fresh {
            switch reached[object] {
            case .merged?: continue
            case .linked?:
                if case .existing(let existing, _)? = targets[object] { targets[object] = .kept(existing) }
            case nil:
                targets[object] = .skipped
                selection.dropped.append(object)
            }
        }
        for (position, root) in roots.enumerated() {
            if reached[root] == nil {
                selection.skippedRoots.append(position)
            } else {
                selection.keptRoots.append(root)
            }
        }
        return selection
    }

    /// Whether `record` is of an entity with an identity and gives none (see
    /// ``ObjectGraph/MergeOperations/skipsRecordsWithoutIdentity``).
    private func givesNoIdentity(_ record: ModelObject) -> Bool {
        !graph.mappings[record.layout.entityIndex].identitySlotList.isEmpty && graph.identityKey(of: record) == nil
    }

    /// Notes the objects `owner` held at `slot` (`old`) that it holds no longer, when that
    /// to-many's operations make it a whole listing. Not for a many-to-many: its objects stand
    /// on their own (a tag one photo drops is still a tag), so they are let go, never removed,
    /// as Sync treats them.
    func noteUnlisted(
        _ old: [ModelObject],
        keeping children: [ModelObject],
        owner: ModelObject,
        slot: Int,
        in unlisted: inout [Unlisted]
    ) {
        guard !plan.isDefault, owner.layout.properties[slot].isToMany,
            plan.operation(entity: owner.layout.entityIndex, slot: slot).contains(.removeUnlisted)
        else { return }
        let relationship = owner.relationshipSlots.first { $0.slot == slot }
        let inverse = relationship?.inverse ?? -1
        if let relationship, inverse >= 0, graph.mappings[relationship.destination].properties[inverse].isToMany {
            return
        }
        let kept = Set(children.map(ObjectIdentifier.init))
        for object in old where !kept.contains(ObjectIdentifier(object)) { unlisted.append((object, inverse)) }
    }

    /// The graph's objects the document holds: the targets of the fresh objects merged or kept.
    func heldObjects(_ fresh: [ModelObject], targets: Targets) -> Set<ObjectIdentifier> {
        var held = Set<ObjectIdentifier>()
        held.reserveCapacity(fresh.count)
        for object in fresh {
            switch targets[object] {
            case .existing(let existing, _)?, .kept(let existing)?: held.insert(ObjectIdentifier(existing))
            case .new?: held.insert(ObjectIdentifier(object))
            case .unresolved?, .skipped?, nil: continue
            }
        }
        return held
    }

    /// Removes the objects no listing holds any more: those `unlisted` by a parent's to-many
    /// that the document does not hold and that no object holds through the inverse (another
    /// parent it moved to), and, when `listing`, the objects of the merged entity the document
    /// does not hold.
    func removeUnlisted(_ unlisted: [Unlisted], held: Set<ObjectIdentifier>, listing: Bool) -> [ModelObject] {
        var removing: [ModelObject] = []
        var removingSet = Set<ObjectIdentifier>()
        for (object, inverse) in unlisted where !held.contains(ObjectIdentifier(object)) && graph.contains(object) {
            if inverse >= 0, !object.linkedObjects(atSlot: inverse).isEmpty { continue }
            if removingSet.insert(ObjectIdentifier(object)).inserted { removing.append(object) }
        }
        if listing {
            let entity = EntityDescription(model: graph.model, index: entity)
            for object in graph.objects(of: entity) where !held.contains(ObjectIdentifier(object)) {
                if removingSet.insert(ObjectIdentifier(object)).inserted { removing.append(object) }
            }
        }
        graph.remove(contentsOf: removing)
        return removing
    }
}
