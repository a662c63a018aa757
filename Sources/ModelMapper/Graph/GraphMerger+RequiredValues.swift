import Foundation

/// The values the model requires, checked in the merge: only the merge knows which objects
/// are new to the graph (an update writes the keys present and leaves the rest alone), and
/// which placeholders a record makes whole.
extension GraphMerger {
    /// The errors of the required values missing from objects that join the graph whole, or
    /// that fill in a placeholder with more than its identity, each with its object.
    func requiredValueErrors(of fresh: [ModelObject], targets: Targets) -> [(
        object: ObjectIdentifier, error: MappingError
    )] {
        var errors: [(object: ObjectIdentifier, error: MappingError)] = []
        for object in fresh where decoding.requiresValues(of: type(of: object)) {
            guard let record = given[object], record.isGivenAsObject else { continue }
            let missing: [Int]
            switch targets[object] {
            case .new(isPlaceholder: false)?:
                missing = missingInsertSlots(of: object)
            case .existing(let existing, fills: false)?
            where existing.flags.contains(.isGraphPlaceholder)
                && existing.layout.entityIndex == object.layout.entityIndex
                && !object.flags.contains(.isReadAsReference):
                missing = missingInsertSlots(of: object, onto: existing)
            default:
                continue
            }
            // Looked up only for an object that lacks something: the entity's record is copied
            // whole, counting references to what every thread's merge shares (issue 50).
            guard !missing.isEmpty else { continue }
            let mapping = graph.mappings[object.layout.entityIndex]
            let name = graph.model.entityRecords[object.layout.entityIndex].name
            for slot in missing {
                let error = RequiredValue.missingError(
                    mapping.properties[slot],
                    inObjectAt: record.insert?.path ?? .root,
                    entityName: name,
                    model: graph.model,
                    detail: record.insert?.missingKeyHints[slot]
                )
                errors.append((ObjectIdentifier(object), error))
            }
        }
        return errors
    }

    /// The required values missing from the objects of the elements the merge does not reach
    /// (`roots`: those the decoder left out, or all when it stops at the decoder's errors) that
    /// it would insert, except at a path the decoder reported an error at (a value that did not
    /// convert is not also missing): so that a graph reports what ``ModelDecoder`` reports of
    /// those elements, and no more than the operations would (what they do not insert lacks
    /// nothing).
    func requiredValueErrors(ofUnmerged roots: [ModelObject], besides reported: [MappingError]) -> [MappingError] {
        guard !roots.isEmpty else { return [] }
        var objects = reachable(from: roots)
        var targets = findTargets(of: objects, roots: roots)
        if !plan.isDefault { objects = select(roots: roots, fresh: objects, targets: &targets).fresh }
        let paths = Set(reported.map(\.path))
        return requiredValueErrors(of: objects, targets: targets).map(\.error).filter { !paths.contains($0.path) }
    }

    /// The required values missing from the records that no element reaches any more, since
    /// a later record replaced them (`"album": {…}` in a photo's first record, `"album": 7` in
    /// its second), that the merge would insert: ``ModelDecoder`` reports them as it reads each
    /// record, so a merge does too. Under operations other than the default, a record is
    /// inserted where they merge its holder and insert through the relationship that held it.
    /// `roots`: every element, merged or left out.
    func requiredValueErrors(ofReplacedRecords roots: [ModelObject]) -> [MappingError] {
        let lacking = given.entries.filter { $0.replacedIn != nil && $0.insert?.missingSlots.isEmpty == false }
        guard !lacking.isEmpty else { return [] }
        let reachedObjects = reachable(from: roots)
        let reached = FreshObjectMap(given, marking: reachedObjects)
        let replaced = lacking.map(\.object).filter { !reached.contains($0) }
        guard !replaced.isEmpty else { return [] }
        var targets = findTargets(of: replaced, roots: [])
        if !plan.isDefault {
            // Inserted where the operations merge its holder and insert through the relationship.
            var reachedTargets = findTargets(of: reachedObjects, roots: roots)
            _ = select(roots: roots, fresh: reachedObjects, targets: &reachedTargets)
            for object in replaced {
                guard let (holder, slot) = given[object]?.replacedIn else { continue }
                let isHolderMerged: Bool
                switch reachedTargets[holder] {
                case .new?, .existing?: isHolderMerged = true
                default: isHolderMerged = false
                }
                if !isHolderMerged || !plan.operation(entity: holder.layout.entityIndex, slot: slot).contains(.insert) {
                    targets[object] = .skipped
                }
            }
        }
        // In an order of their own, as the table of given values has none.
        return requiredValueErrors(of: replaced, targets: targets).map(\.error)
            .sorted {
                $0.description < $1.description
            }
    }

    /// The required values the record that inserts `object` lacks, as ``ModelDecoder`` asks
    /// them of an object's first record: the attributes that record had none of (a later
    /// record of the document updates the object, and may leave them out), and the to-ones
    /// the object still has none of (an inverse may fill one in later in the document); nor
    /// `existing` (the placeholder it fills) when given. Without a record (the entity's values
    /// are not required, or no record was noted), what the object has none of.
    func missingInsertSlots(of object: ModelObject, onto existing: ModelObject? = nil) -> [Int] {
        guard let insert = given[object]?.insert else {
            return missingRequiredSlots(of: object, onto: existing)
        }
        let mapping = graph.mappings[object.layout.entityIndex]
        return insert.missingSlots.filter { slot in
            (!mapping.properties[slot].isRelationship || RequiredValue.isMissing(object.storedState(atSlot: slot)))
                && existing.map { RequiredValue.isMissing($0.storedState(atSlot: slot)) } ?? true
        }
    }

    /// The required values (attributes and to-one relationships) `object` has none of, nor
    /// `existing` (the placeholder it fills) when given. A reference the graph does not have
    /// yet counts as given: the fresh object links the reference's own object until the merge.
    func missingRequiredSlots(of object: ModelObject, onto existing: ModelObject? = nil) -> [Int] {
        let mapping = graph.mappings[object.layout.entityIndex]
        return mapping.requiredSlotList.filter { slot in
            RequiredValue.isMissing(object.storedState(atSlot: slot))
                && existing.map { RequiredValue.isMissing($0.storedState(atSlot: slot)) } ?? true
        }
    }

    /// The roots among `roots` that reach one of `failing` through the links their JSON gave:
    /// the elements a partial merge leaves out. Linear: one walk up from the failing objects.
    func rootsReaching(
        _ failing: Set<ObjectIdentifier>,
        from roots: [ModelObject],
        fresh: [ModelObject]
    ) -> Set<ObjectIdentifier> {
        var parents: [ObjectIdentifier: [ObjectIdentifier]] = [:]
        for object in fresh {
            let present = given.slots(of: object)
            for relationship in object.relationshipSlots {
                if present?.leavesOut(relationship.slot) == true { continue }
                for child in object.linkedObjects(atSlot: relationship.slot) {
                    parents[ObjectIdentifier(child), default: []].append(ObjectIdentifier(object))
                }
            }
        }
        var seen = failing
        var stack = Array(failing)
        while let next = stack.popLast() {
            for parent in parents[next] ?? [] where seen.insert(parent).inserted { stack.append(parent) }
        }
        return Set(roots.map(ObjectIdentifier.init).filter(seen.contains))
    }
}
