import Foundation

/// Merges objects freshly decoded from one document into an ``ObjectGraph``.
///
/// The decoder made the fresh objects as for any document (one object per identity within
/// it, foreign keys as objects with their identity alone) and noted what the JSON gave each
/// (``GivenValues``). Each fresh object then finds its target: the graph's object with its
/// identity (updated by the keys present), else itself (new to the graph: whole, or a
/// placeholder when its JSON gave its identity alone), else, for a scalar reference to an
/// object the graph does not have, nothing yet (a pending reference, or a placeholder). The
/// values the JSON gave are copied onto the targets, with relationships pointing at targets;
/// fresh objects that had a target other than themselves are let go. Time is linear in the
/// fresh objects and their links.
struct GraphMerger {
    let graph: ObjectGraph
    let given: GivenValuesTable
    let policy: ObjectGraph.UnresolvedReferencePolicy
    /// The decoding options that say whether a new object must have the values the model
    /// requires (``ModelDecoder/Options/requiresValues(of:)``).
    let decoding: ModelDecoder.Options
    /// The operations the merge may do (``ObjectGraph/MergeOperations``).
    let plan: MergePlan
    /// The entity of the document's objects, whose listing ``MergePlan/document`` may make whole.
    let entity: Int

    enum Target {
        /// The graph's object with the identity; `fills`: it is a placeholder, and this record
        /// makes it whole.
        case existing(ModelObject, fills: Bool)
        case new(isPlaceholder: Bool)
        case unresolved(IdentityKey)
        /// The graph's object with the identity, linked where the document links it, its
        /// values left alone (the operations do not update it).
        case kept(ModelObject)
        /// Left out: new to the graph, and the operations do not insert it.
        case skipped
    }

    private enum Assignment {
        case attribute(Slot)
        /// `identities`: the JSON listed the objects by their identities (see
        /// ``GivenValues/identityListSlots``).
        case relationship([ModelObject], null: Bool, identities: Bool = false)
    }

    /// What a fresh object's values are copied onto, for each fresh object.
    typealias Targets = FreshObjectMap<Target>
    /// A value the JSON gave, to be set on a target's slot; `isExisting`: the target is the
    /// graph's object (else a fresh object new to it).
    private typealias Assignments = [(target: ModelObject, isExisting: Bool, slot: Int, assignment: Assignment)]
    /// References to objects the graph does not have yet, by the identity they wait for.
    private typealias Waiting = [(key: IdentityKey, link: ObjectGraph.PendingLink)]

    /// What a merge did: the graph's object for each root kept, the errors of the roots left
    /// out and their positions among the roots.
    struct Outcome {
        var objects: [ModelObject]
        var errors: [MappingError]
        var leftOut: [Int]
        /// The positions among the roots of those the operations left out.
        var skipped: [Int] = []
        /// The objects the merge removed (``ObjectGraph/MergeOperation/removeUnlisted``).
        var removed: [ModelObject] = []
    }

    /// Merges the fresh objects `roots` reach; `leftBehind` are objects the decoder left out,
    /// which must not stay linked to what joins the graph; `listingIsWhole`: the decoder left
    /// no element out, so that the document's listing may remove what it does not hold.
    ///
    /// The phases: each fresh object finds its target, and the operations may keep a target's
    /// values or leave a new object out; the values the model requires of new objects are
    /// checked (a root whose objects lack one is left out when `partially`, else the merge
    /// throws); what the JSON gave is gathered onto targets (nothing changes up to here, so a
    /// refused merge changes nothing); the values are set; placeholders made whole are filled
    /// in; new objects join the graph and the references that waited for them link; what the
    /// operations remove is removed.
    ///
    /// - Throws: ``MappingErrors`` for missing required values unless `partially`;
    ///   ``ObjectGraphError/unresolvedReferences(_:)`` under the `.error` policy. Either before
    ///   anything changes.
    mutating func merge(
        roots: [ModelObject],
        leftBehind: [ModelObject],
        partially: Bool,
        listingIsWhole: Bool
    ) throws -> Outcome {
        var fresh = reachable(from: roots)
        var targets = findTargets(of: fresh, roots: roots)
        var outcome = Outcome(objects: [], errors: [], leftOut: [])
        var dropped = leftBehind
        var keptRoots = roots
        if !plan.isDefault {
            let selection = select(roots: roots, fresh: fresh, targets: &targets)
            outcome.skipped = selection.skippedRoots
            keptRoots = selection.keptRoots
            dropped += selection.dropped
            fresh = selection.fresh
        }
        let failures = requiredValueErrors(of: fresh, targets: targets)
        if !failures.isEmpty {
            guard partially else { throw MappingErrors(failures.map(\.error)) }
            let reaching = rootsReaching(Set(failures.map(\.object)), from: keptRoots, fresh: fresh)
            outcome.leftOut = roots.indices.filter { reaching.contains(ObjectIdentifier(roots[$0])) }
            outcome.errors = failures.map(\.error)
            keptRoots = keptRoots.filter { !reaching.contains(ObjectIdentifier($0)) }
            let kept = reachable(from: keptRoots, targets: targets)
            let keptSet = Set(kept.map(ObjectIdentifier.init))
            dropped += fresh.filter { !keptSet.contains(ObjectIdentifier($0)) }
            fresh = kept
        }
        let (assignments, waiting) = gatherAssignments(of: fresh, targets: targets)
        try refuseUnresolved(roots: keptRoots, waiting: waiting, targets: targets)

        let generation = graph.nextGeneration()
        // The searches that keep strong links free of cycles share one allowance, linear in
        // what is merged; past it, a link that would need one is weak (the graph holds every
        // object anyway).
        var searchBudget = Self.cycleSearchAllowance(forObjects: fresh.count)
        Self.letGo(dropped)
        var unlisted: [Unlisted] = []
        var updated = try assign(
            assignments,
            replacing: fresh,
            targets: targets,
            searchBudget: &searchBudget,
            unlisted: &unlisted
        )
        fillInPlaceholders(fresh, targets: targets, updated: &updated)
        for object in updated.values { graph.stamps.noteUpdated(object, at: generation) }
        try join(fresh, targets: targets, generation: generation, searchBudget: &searchBudget)
        for (key, link) in waiting { graph.addPending(link, waitingFor: key) }

        outcome.objects = keptRoots.map { root in
            switch targets[root] {
            case .existing(let existing, _)?, .kept(let existing)?: existing
            default: root
            }
        }
        outcome.removed = removeUnlisted(
            unlisted,
            held: heldObjects(fresh, targets: targets),
            listing: listingIsWhole && outcome.leftOut.isEmpty && plan.document.contains(.removeUnlisted)
        )
        return outcome
    }

    /// Under the `.error` policy, throws for references to objects the graph does not have:
    /// those that would wait, and roots given by identity alone.
    private func refuseUnresolved(roots: [ModelObject], waiting: Waiting, targets: Targets) throws {
        guard policy == .error else { return }
        var described: [String] = []
        if !waiting.isEmpty {
            let pending = ObjectGraph(model: graph.model, options: graph.options)
            for (key, link) in waiting { pending.addPending(link, waitingFor: key) }
            described = pending.unresolvedReferences.map(\.description)
        }
        for root in roots {
            guard case .unresolved = targets[root] else { continue }
            described.append(graph.describeIdentity(of: root))
        }
        guard !described.isEmpty else { return }
        throw ObjectGraphError.unresolvedReferences(described.sorted())
    }

    /// Each fresh object's target: the graph's object with its identity; else, for an object
    /// a JSON object gave, itself (new to the graph; a placeholder when a nested JSON object
    /// gave its identity alone, while a root, an element of the document's own array, is a
    /// record to insert whatever keys it holds, and must be whole as in ``ModelDecoder``);
    /// else, for a reference by a scalar alone, a pending reference, or itself as a
    /// placeholder (under the `.placeholder` policy, and for a root, which has nothing to wait
    /// in).
    func findTargets(of fresh: [ModelObject], roots rootList: [ModelObject]) -> Targets {
        var targets = Targets(given)
        let roots = FreshObjectMap(given, marking: rootList)
        for object in fresh {
            let key = graph.identityKey(of: object)
            let givenAsObject = given.isGivenAsObject(object) ?? true
            if let key, let existing = graph.identities[key] {
                let fills =
                    givenAsObject && existing.flags.contains(.isGraphPlaceholder)
                    && existing.layout.entityIndex == object.layout.entityIndex
                    && missingInsertSlots(of: object, onto: existing).isEmpty
                targets[object] = .existing(existing, fills: fills)
            } else if key == nil || givenAsObject {
                // The decoder's verdict: read from references alone (``ModelObject/Flags/isReadAsReference``).
                let isPlaceholder = key != nil && !roots.contains(object) && object.flags.contains(.isReadAsReference)
                targets[object] = .new(isPlaceholder: isPlaceholder)
            } else if let key, policy == .error || (policy == .pending && !roots.contains(object)) {
                targets[object] = .unresolved(key)
            } else {
                targets[object] = .new(isPlaceholder: true)
            }
        }
        return targets
    }

    /// What the JSON gave, onto targets; references to nothing yet wait.
    private func gatherAssignments(of fresh: [ModelObject], targets: Targets) -> (Assignments, Waiting) {
        var assignments: Assignments = []
        assignments.reserveCapacity(fresh.count)
        var waiting: Waiting = []
        for object in fresh {
            guard let present = given.slots(of: object) else { continue }
            let target: ModelObject
            let isExisting: Bool
            switch targets[object] {
            case .existing(let existing, _)?:
                // A family's entities share identities but not slot layouts.
                guard existing.layout.entityIndex == object.layout.entityIndex else { continue }
                target = existing
                isExisting = true
            case .new?:
                target = object
                isExisting = false
            case .unresolved?, .kept?, .skipped?, nil: continue
            }
            let mapping = graph.mappings[object.layout.entityIndex]
            for slot in present {
                if isExisting, mapping.identitySlotList.contains(slot) { continue }
                let property = mapping.properties[slot]
                guard property.isRelationship else {
                    // A new object's values are its own already; the graph's object keeps a
                    // value that did not change (no write, no count taken or given: what an
                    // upsert of unchanged records mostly is). Nothing else writes a target's
                    // attributes before the assignments are set.
                    guard isExisting else { continue }
                    let isSame = object.withStoredValues { record in
                        target.withStoredValues { held in held.holdsSameValue(slot, as: record, slot) }
                    }
                    if !isSame { assignments.append((target, true, slot, .attribute(object[stored: slot]))) }
                    continue
                }
                if object.storedState(atSlot: slot) == .null {
                    assignments.append((target, isExisting, slot, .relationship([], null: true)))
                    continue
                }
                let children = targetChildren(
                    of: object,
                    atSlot: slot,
                    owner: target,
                    targets: targets,
                    waiting: &waiting
                )
                let identities = given.isIdentityList(object, slot: slot)
                assignments.append(
                    (target, isExisting, slot, .relationship(children, null: false, identities: identities))
                )
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
            switch targets[child] {
            case .existing(let existing, _)?, .kept(let existing)?: children.append(existing)
            case .new?, nil: children.append(child)
            case .skipped?: continue
            case .unresolved(let key)?:
                let childMapping = graph.mappings[child.layout.entityIndex]
                let identity = childMapping.identitySlotList.map { (slot: $0, value: child[stored: $0]) }
                let link = ObjectGraph.PendingLink(
                    owner: owner,
                    slot: slot,
                    entity: child.layout.entityIndex,
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
        searchBudget: inout Int,
        unlisted: inout [Unlisted]
    ) throws -> [ObjectIdentifier: ModelObject] {
        var updated: [ObjectIdentifier: ModelObject] = [:]
        // Many objects leaving one (albums moving away from a band, or references to albums
        // let go by a fresh band) drop out of its list in one pass at the end, not one search
        // each.
        let unlinks = DeferredUnlinks()
        defer { unlinks.applyAll() }
        // Fresh objects that are not the graph's let go of their links (and, through
        // inverses, the new objects of theirs).
        var letGo: [ModelObject] = []
        var isLetGo = FreshObjectMap<Bool>(given)
        for object in fresh {
            switch targets[object] {
            case .new?, nil: continue
            default:
                letGo.append(object)
                isLetGo[object] = true
            }
        }
        // An object linked to one let go in this same pass takes its links back with it.
        Self.letGo(letGo, deferring: unlinks) { isLetGo.contains($0) }
        for (target, isExisting, slot, assignment) in assignments {
            switch assignment {
            case .attribute(let value):
                // Gathered only where it differs from the value the target has.
                updated[ObjectIdentifier(target)] = target
                target[stored: slot] = value
            case .relationship(let children, let null, let identities):
                // Given again: what it waited for before is forgotten (what it waits for now
                // is noted by the caller).
                graph.dropPending(owner: target, slot: slot)
                if isExisting {
                    unlinks.apply(to: target, atSlot: slot)
                    let old = target.linkedObjects(atSlot: slot)
                    if old.count != children.count || zip(old, children).contains(where: { $0 !== $1 }) {
                        updated[ObjectIdentifier(target)] = target
                        // A list of identities lets go of what it drops; a listing of objects removes it.
                        if !identities {
                            noteUnlisted(old, keeping: children, owner: target, slot: slot, in: &unlisted)
                        }
                    } else if !null, !children.isEmpty {
                        // The same objects in the same order: the links and their inverses
                        // stand as they are (what an upsert of unchanged records mostly is).
                        continue
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

    /// A placeholder is filled in by a JSON object of its own that leaves no required value
    /// missing.
    private func fillInPlaceholders(
        _ fresh: [ModelObject],
        targets: Targets,
        updated: inout [ObjectIdentifier: ModelObject]
    ) {
        for object in fresh {
            guard case .existing(let existing, let fills) = targets[object] else { continue }
            // Given as a JSON object now: written back as one.
            if given.isGivenAsObject(object) == true, !object.flags.contains(.isReadAsReference) {
                existing.flags.set(.isReadAsReference, false)
            }
            guard fills else { continue }
            if existing.flags.contains(.isGraphPlaceholder) {
                existing.flags.set(.isGraphPlaceholder, false)
                updated[ObjectIdentifier(existing)] = existing
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
            guard case .new(let isPlaceholder) = targets[object] else { continue }
            graph.lists[object.layout.entityIndex].append(object)
            graph.stamps.noteInserted(object, at: generation)
            object.flags.set(.isGraphPlaceholder, isPlaceholder)
            object.changeObserver = graph.changeObserver
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
            let isToMany = owner.layout.properties[slot].isToMany
            let linked = isToMany ? owner.linkedObjects(atSlot: slot) + objects : [objects[objects.count - 1]]
            try owner.replaceRelationship(atSlot: slot, with: linked, null: false, searchBudget: &searchBudget)
            if graph.stamps.insertedAt[ObjectIdentifier(owner)] != generation {
                graph.stamps.noteUpdated(owner, at: generation)
            }
        }
    }

    /// The links the cycle searches of a merge of `count` fresh objects may look at.
    static func cycleSearchAllowance(forObjects count: Int) -> Int {
        (1 << 16) &+ 64 &* min(count, 1 << 40)
    }

    /// The objects `roots` reach through the relationships their JSON gave (not those an
    /// inverse filled in), each once, roots first: an explicit stack, as documents may nest
    /// deeply. With `targets`, not through objects the operations keep as they are, nor to
    /// those they leave out.
    func reachable(from roots: [ModelObject], targets: Targets? = nil) -> [ModelObject] {
        var seen = FreshObjectMap<Bool>(given)
        var order: [ModelObject] = []
        // Roots in the document's order (so that the graph lists new objects in it), then what
        // they lead to, each where it is first found.
        for root in roots where seen.insert(root) { order.append(root) }
        var stack = Array(order.reversed())
        while let object = stack.popLast() {
            // What the operations keep as it is leads nowhere; what they leave out is not reached.
            if case .kept? = targets?[object] { continue }
            let present = given.slots(of: object)
            for relationship in object.relationshipSlots {
                if present?.leavesOut(relationship.slot) == true { continue }
                let start = order.count
                for child in object.linkedObjects(atSlot: relationship.slot) where seen.insert(child) {
                    if case .skipped? = targets?[child] { continue }
                    order.append(child)
                }
                stack.append(contentsOf: order[start...].reversed())
            }
        }
        return order
    }

    /// Fresh objects that will not be the graph's let go of their links, so that the objects
    /// that join it do not keep them through inverses. A relationship whose objects are all
    /// let go in the same pass (`isLetGo`) is emptied without unlinking their inverses one by
    /// one, since they are emptied too: what an upsert of records the graph has mostly is.
    static func letGo(
        _ objects: [ModelObject],
        deferring unlinks: DeferredUnlinks? = nil,
        isLetGo: (ModelObject) -> Bool = { _ in false }
    ) {
        for object in objects {
            for relationship in object.relationshipSlots {
                if object.storedState(atSlot: relationship.slot) == .absent { continue }
                if object.allLinkedObjects(atSlot: relationship.slot, pass: isLetGo) {
                    object.dropLinks(atSlot: relationship.slot)
                    continue
                }
                try? object.replaceRelationship(atSlot: relationship.slot, with: [], null: false, deferring: unlinks)
                object[stored: relationship.slot] = .absent
            }
        }
    }
}
