import Foundation

/// Merges objects freshly decoded from one document into an ``ObjectGraph``.
///
/// The decoder made the fresh objects as for any document (one object per identity within
/// it, foreign keys as objects with their identity alone) and noted which slots the JSON gave
/// each (an inverse fills in others). Each fresh object then finds its target: the graph's
/// object with its identity, else itself (new to the graph), else, for a nested object given
/// by its identity alone that the graph does not have, nothing yet (a pending reference, or a
/// placeholder). The values the JSON gave are copied onto the targets, with relationships
/// pointing at targets; fresh objects that had a target other than themselves are let go.
/// Time is linear in the fresh objects and their links.
struct GraphMerger {
    let graph: ObjectGraph
    let presentSlots: [ObjectIdentifier: [Bool]]
    let policy: ObjectGraph.UnresolvedReferencePolicy

    private enum Target {
        case existing(ModelObject)
        case new(isPlaceholder: Bool)
        case unresolved(IdentityKey)
    }

    private enum Assignment {
        case attribute(Slot)
        case relationship([ModelObject], null: Bool)
    }

    /// What a fresh object's values are copied onto, for each fresh object.
    private typealias Targets = [ObjectIdentifier: Target]
    /// A value the JSON gave, to be set on a target's slot.
    private typealias Assignments = [(target: ModelObject, slot: Int, assignment: Assignment)]
    /// References to objects the graph does not have yet, by the identity they wait for.
    private typealias Waiting = [(key: IdentityKey, link: ObjectGraph.PendingLink)]

    /// Merges the fresh objects `roots` reach; returns each root's object in the graph.
    ///
    /// The phases: each fresh object finds its target; what the JSON gave is gathered onto
    /// targets (nothing changes up to here, so a refused merge changes nothing); the values are
    /// set; placeholders given a record of their own are filled in; new objects join the graph
    /// and the references that waited for them link.
    ///
    /// - Throws: ``ObjectGraphError/unresolvedReferences(_:)`` under the `.error` policy,
    ///   before anything changes.
    mutating func merge(roots: [ModelObject]) throws -> [ModelObject] {
        let fresh = Self.reachable(from: roots)
        let rootSet = Set(roots.map(ObjectIdentifier.init))
        let targets = findTargets(of: fresh, roots: rootSet)
        let (assignments, waiting) = gatherAssignments(of: fresh, targets: targets)
        if policy == .error, !waiting.isEmpty {
            let pending = ObjectGraph(model: graph.model, options: graph.options)
            for (key, link) in waiting { pending.addPending(link, waitingFor: key) }
            throw ObjectGraphError.unresolvedReferences(pending.unresolvedReferences.map(\.description).sorted())
        }

        let generation = graph.nextGeneration()
        // The searches that keep strong links free of cycles share one allowance, linear in
        // what is merged; past it, a link that would need one is weak (the graph holds every
        // object anyway).
        var searchBudget = Self.cycleSearchAllowance(forObjects: fresh.count)
        var updated = try assign(assignments, replacing: fresh, targets: targets, searchBudget: &searchBudget)
        fillInPlaceholders(fresh, targets: targets, roots: rootSet, updated: &updated)
        for identifier in updated { graph.updatedAt[identifier] = generation }
        try join(fresh, targets: targets, generation: generation, searchBudget: &searchBudget)
        for (key, link) in waiting { graph.addPending(link, waitingFor: key) }

        return roots.map { root in
            if case .existing(let existing) = targets[ObjectIdentifier(root)] { return existing }
            return root
        }
    }

    /// Each fresh object's target: the graph's object with its identity, else itself (new to
    /// the graph), else, for a reference the graph cannot resolve, a pending reference or (under
    /// the `.placeholder` policy) itself as a placeholder.
    private func findTargets(of fresh: [ModelObject], roots: Set<ObjectIdentifier>) -> Targets {
        var targets: Targets = [:]
        targets.reserveCapacity(fresh.count)
        for object in fresh {
            let key = graph.identityKey(of: object)
            if let key, let existing = graph.identities[key] {
                targets[ObjectIdentifier(object)] = .existing(existing)
            } else if key == nil || roots.contains(ObjectIdentifier(object)) || !isReferenceOnly(object) {
                targets[ObjectIdentifier(object)] = .new(isPlaceholder: false)
            } else if let key, policy != .placeholder {
                targets[ObjectIdentifier(object)] = .unresolved(key)
            } else {
                targets[ObjectIdentifier(object)] = .new(isPlaceholder: true)
            }
        }
        return targets
    }

    /// What the JSON gave, onto targets; references to nothing yet wait.
    private func gatherAssignments(of fresh: [ModelObject], targets: Targets) -> (Assignments, Waiting) {
        var assignments: Assignments = []
        var waiting: Waiting = []
        for object in fresh {
            guard let present = presentSlots[ObjectIdentifier(object)] else { continue }
            let target: ModelObject
            switch targets[ObjectIdentifier(object)] {
            case .existing(let existing)?:
                // A family's entities share identities but not slot layouts.
                guard existing.mapping.entityIndex == object.mapping.entityIndex else { continue }
                target = existing
            case .new?: target = object
            case .unresolved?, nil: continue
            }
            let mapping = graph.mappings[object.mapping.entityIndex]
            for slot in present.indices where present[slot] {
                if case .existing = targets[ObjectIdentifier(object)], mapping.identitySlotList.contains(slot) {
                    continue
                }
                let property = mapping.properties[slot]
                guard property.isRelationship else {
                    assignments.append((target, slot, .attribute(object.slots[slot])))
                    continue
                }
                if case .null = object.slots[slot] {
                    assignments.append((target, slot, .relationship([], null: true)))
                    continue
                }
                let children = targetChildren(
                    of: object,
                    atSlot: slot,
                    owner: target,
                    targets: targets,
                    waiting: &waiting
                )
                assignments.append((target, slot, .relationship(children, null: false)))
            }
        }
        return (assignments, waiting)
    }

    /// The targets of the objects `object` links to at `slot`, for `owner`'s relationship; a
    /// child that is an unresolved reference waits instead.
    private func targetChildren(
        of object: ModelObject,
        atSlot slot: Int,
        owner: ModelObject,
        targets: Targets,
        waiting: inout Waiting
    ) -> [ModelObject] {
        var children: [ModelObject] = []
        for child in object.linkedObjects(atSlot: slot) {
            switch targets[ObjectIdentifier(child)] {
            case .existing(let existing)?: children.append(existing)
            case .new?, nil: children.append(child)
            case .unresolved(let key)?:
                let childMapping = graph.mappings[child.mapping.entityIndex]
                let identity = childMapping.identitySlotList.map { (slot: $0, value: child.slots[$0]) }
                let link = ObjectGraph.PendingLink(
                    owner: owner,
                    slot: slot,
                    entity: child.mapping.entityIndex,
                    identity: identity
                )
                waiting.append((key, link))
            }
        }
        return children
    }

    /// Sets the values gathered on their targets, after the fresh objects that are not the
    /// graph's let go of their links; returns the graph's objects whose values changed.
    private func assign(
        _ assignments: Assignments,
        replacing fresh: [ModelObject],
        targets: Targets,
        searchBudget: inout Int
    ) throws -> Set<ObjectIdentifier> {
        var updated = Set<ObjectIdentifier>()
        // Many objects leaving one (albums moving away from a band, or references to albums
        // let go by a fresh band) drop out of its list in one pass at the end, not one search
        // each.
        let unlinks = DeferredUnlinks()
        defer { unlinks.applyAll() }
        // Fresh objects that are not the graph's let go of their links (and, through
        // inverses, the new objects of theirs).
        for object in fresh {
            if case .new = targets[ObjectIdentifier(object)] { continue }
            for relationship in object.mapping.relationshipList {
                if case .absent = object.slots[relationship.slot] { continue }
                try? object.replaceRelationship(
                    atSlot: relationship.slot,
                    with: [],
                    null: false,
                    deferring: unlinks
                )
                object.slots[relationship.slot] = .absent
            }
        }
        for (target, slot, assignment) in assignments {
            let isExisting = graph.contains(target)
            switch assignment {
            case .attribute(let value):
                if isExisting, !target.slots[slot].isSameValue(as: value) {
                    updated.insert(ObjectIdentifier(target))
                }
                target.slots[slot] = value
            case .relationship(let children, let null):
                // Given again: what it waited for before is forgotten (what it waits for now
                // is noted by the caller).
                graph.dropPending(owner: target, slot: slot)
                if isExisting {
                    unlinks.apply(to: target, atSlot: slot)
                    let old = target.linkedObjects(atSlot: slot)
                    if old.count != children.count || zip(old, children).contains(where: { $0 !== $1 }) {
                        updated.insert(ObjectIdentifier(target))
                    }
                }
                try target.replaceRelationship(
                    atSlot: slot,
                    with: children,
                    null: null,
                    searchBudget: &searchBudget,
                    deferring: unlinks
                )
            }
        }
        return updated
    }

    /// A placeholder is filled in by a record of its own (an element of the array merged,
    /// even with its identity alone), not by another reference to it.
    private func fillInPlaceholders(
        _ fresh: [ModelObject],
        targets: Targets,
        roots: Set<ObjectIdentifier>,
        updated: inout Set<ObjectIdentifier>
    ) {
        for object in fresh {
            guard case .existing(let existing) = targets[ObjectIdentifier(object)],
                roots.contains(ObjectIdentifier(object)) || !isReferenceOnly(object)
            else { continue }
            if graph.placeholderSet.remove(ObjectIdentifier(existing)) != nil {
                updated.insert(ObjectIdentifier(existing))
            }
        }
    }

    /// New objects join, and the references that waited for them link: gathered per
    /// relationship first, so that a list waiting for many objects is set once.
    private func join(
        _ fresh: [ModelObject],
        targets: Targets,
        generation: UInt64,
        searchBudget: inout Int
    ) throws {
        var resolved: [(owner: ModelObject, slot: Int, objects: [ModelObject])] = []
        var resolvedIndex: [ObjectGraph.PendingSlot: Int] = [:]
        for object in fresh {
            guard case .new(let isPlaceholder) = targets[ObjectIdentifier(object)] else { continue }
            graph.lists[object.mapping.entityIndex].append(object)
            graph.insertedAt[ObjectIdentifier(object)] = generation
            if isPlaceholder { graph.placeholderSet.insert(ObjectIdentifier(object)) }
            guard let key = graph.identityKey(of: object) else { continue }
            graph.identities[key] = object
            guard let links = graph.resolvePending(key) else { continue }
            for link in links where graph.contains(link.owner) {
                let owner = ObjectGraph.PendingSlot(owner: ObjectIdentifier(link.owner), slot: link.slot)
                if let index = resolvedIndex[owner] {
                    resolved[index].objects.append(object)
                } else {
                    resolvedIndex[owner] = resolved.count
                    resolved.append((link.owner, link.slot, [object]))
                }
            }
        }
        for (owner, slot, objects) in resolved {
            let isToMany = owner.mapping.properties[slot].isToMany
            let linked = isToMany ? owner.linkedObjects(atSlot: slot) + objects : [objects[objects.count - 1]]
            try owner.replaceRelationship(atSlot: slot, with: linked, null: false, searchBudget: &searchBudget)
            if graph.insertedAt[ObjectIdentifier(owner)] != generation {
                graph.updatedAt[ObjectIdentifier(owner)] = generation
            }
        }
    }

    /// The links the cycle searches of a merge of `count` fresh objects may look at.
    static func cycleSearchAllowance(forObjects count: Int) -> Int {
        (1 << 16) &+ 64 &* min(count, 1 << 40)
    }

    /// Whether the JSON gave `object` its identity and nothing else.
    private func isReferenceOnly(_ object: ModelObject) -> Bool {
        guard let present = presentSlots[ObjectIdentifier(object)] else { return false }
        let identity = graph.mappings[object.mapping.entityIndex].identitySlotList
        guard !identity.isEmpty else { return false }
        var hasIdentity = false
        for slot in present.indices where present[slot] {
            guard identity.contains(slot) else { return false }
            hasIdentity = true
        }
        return hasIdentity
    }

    /// The objects `roots` reach through relationships, each once, roots first: an explicit
    /// stack, as documents may nest deeply.
    private static func reachable(from roots: [ModelObject]) -> [ModelObject] {
        var seen = Set<ObjectIdentifier>()
        var order: [ModelObject] = []
        // Roots in the document's order (so that the graph lists new objects in it), then what
        // they lead to, each where it is first found.
        for root in roots where seen.insert(ObjectIdentifier(root)).inserted { order.append(root) }
        var stack = Array(order.reversed())
        while let object = stack.popLast() {
            for relationship in object.mapping.relationshipList {
                let start = order.count
                for child in object.linkedObjects(atSlot: relationship.slot)
                where seen.insert(ObjectIdentifier(child)).inserted {
                    order.append(child)
                }
                stack.append(contentsOf: order[start...].reversed())
            }
        }
        return order
    }
}

extension Slot {
    /// Whether two attribute values are the same value (a boxed value never is, as it cannot
    /// be compared).
    func isSameValue(as other: Slot) -> Bool {
        switch (self, other) {
        case (.absent, .absent), (.null, .null): true
        case let (.integer(a), .integer(b)): a == b
        case let (.floatingPoint(a), .floatingPoint(b)): a.bitPattern == b.bitPattern
        case let (.boolean(a), .boolean(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.decimal(a), .decimal(b)): a == b
        case let (.date(a), .date(b)): a == b
        case let (.uuid(a), .uuid(b)): a == b
        case let (.url(a), .url(b)): a == b
        case let (.data(a), .data(b)): a == b
        case let (.strings(a), .strings(b)): a == b
        default: false
        }
    }
}
