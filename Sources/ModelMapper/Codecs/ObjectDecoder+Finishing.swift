import Foundation
@_spi(Engine) import ModelMapperSchema

/// Finishing an object at its closing brace: the one with its identity found or made, its
/// frame's slots adopted, or an existing object updated or replaced.
extension ObjectDecoder {
    /// A required to-one an object's JSON lacked, with the error to report if it stays so.
    struct MissingLink {
        let object: ModelObject
        let slot: Int
        let error: MappingError
    }

    /// Whether a frame's JSON gave its object only by its identity: identity keys (and the
    /// type key), nothing else.
    static func isReferenceOnly(_ members: [SourceMember], mapping: EntityMapping) -> Bool {
        guard !mapping.identitySlots.isEmpty, !members.isEmpty else { return false }
        let nodes = mapping.keys.nodes
        // At least one identity attribute: a type key alone gives no identity to refer by.
        var hasIdentity = false
        let onlyIdentity = members.allSatisfy { member in
            guard case .own(let index) = member, index < nodes.count else { return false }
            let node = nodes[index]
            guard node.relationship == nil, node.nested == nil else { return false }
            if node.isTypeKey { return true }
            guard !node.attributes.isEmpty, node.attributes.allSatisfy(mapping.identitySlots.contains) else {
                return false
            }
            hasIdentity = true
            return true
        }
        return onlyIdentity && hasIdentity
    }

    /// Makes the object of a finished frame: a new one, the one already decoded with the
    /// same identity (updated), or `target`.
    mutating func finish(_ frame: Frame, source state: SourceState?, into target: ModelObject?)
        throws(MappingError) -> ModelObject?
    {
        unowned(unsafe) let mapping = frame.mapping
        let source = state.map {
            DecodedSource(
                members: $0.members,
                ownerLevel: $0.ownerLevel,
                spellings: $0.spellings,
                referenceEdges: $0.referenceEdges,
                byteCount: scanner.index - $0.start,
                isOrdered: origin.preprocessingDepth == 0
            )
        }
        if let target, updates.isUpdating {
            guard target.layout.entityIndex == frame.entity else {
                SlotStorage.release(frame.slots, count: frame.slotCount, arena: frame.arena)
                throw MappingError(
                    .wrongEntity,
                    path: path(of: frame),
                    entityName: target.entity.name,
                    expected: "an object of entity '\(target.entity.name)', the entity of the object updated",
                    found: "an object of entity '\(run.model.entityRecords[frame.entity].name)'"
                )
            }
            updates.pending.append(PendingUpdate(object: target, frame: frame, source: source, path: path(of: frame)))
            return target
        }
        if target == nil, settings.uniquesObjectsByIdentity, !mapping.identitySlotList.isEmpty,
            let identity = IdentityKey(
                family: mapping.identityFamily,
                slots: frame.slots,
                identitySlots: mapping.identitySlotList
            )
        {
            // One probe finds the object decoded before, or where the new one goes. The map
            // reached without counting a reference to it: the run holds it, and a count here
            // costs a retain and a release per object, twice.
            let identities = Unmanaged.passUnretained(run.identities)
            let (found, probe) = identities._withUnsafeGuaranteedRef { $0.find(identity) }
            if let existing = found { return try finishRepeated(frame, as: existing, source: source) }
            let object = makeObject(frame.entity)
            identities._withUnsafeGuaranteedRef { $0.insert(object, for: identity, at: probe) }
            try adopt(frame, into: object, source: source, isNew: true)
            return object
        }
        let object = target ?? makeObject(frame.entity)
        try adopt(frame, into: object, source: source, isNew: target == nil)
        return object
    }

    /// Finishes a frame whose object was decoded before in the run (same identity): the earlier
    /// object is updated by it, or, when it is another entity of the family, it stands and the
    /// frame is an error.
    mutating func finishRepeated(_ frame: Frame, as existing: ModelObject, source: DecodedSource?)
        throws(MappingError) -> ModelObject
    {
        if let parent = frames.indices.last { frames[parent].hasRepeatedChild = true }
        // An identity shared by the entities of a family (a superentity's) may come
        // again as another of them; slots are laid out per entity, so the frame's
        // cannot update it. The object decoded first stands.
        guard existing.layout.entityIndex == frame.entity else {
            SlotStorage.release(frame.slots, count: frame.slotCount, arena: frame.arena)
            let name = run.model.entityRecords[frame.entity].name
            try report(
                MappingError(
                    .wrongEntity,
                    path: path(of: frame),
                    entityName: name,
                    expected:
                        "an object of entity '\(existing.entity.name)', as the one decoded before with the "
                        + "same identity",
                    found: "an object of entity '\(name)'"
                )
            )
            return existing
        }
        if updates.updatedObjects.contains(ObjectIdentifier(existing)) {
            updates.pending.append(
                PendingUpdate(object: existing, frame: frame, source: source, path: path(of: frame))
            )
        } else {
            // The object's first record after references to it: it inserts the object, and is
            // asked for its values as a new object's is (``adopt(_:into:source:isNew:)``).
            if existing.flags.contains(.isReadAsReference), !run.recordsGivenValues, asksForValues(frame) {
                do {
                    try reportMissingValues(frame, of: existing)
                } catch {
                    SlotStorage.release(frame.slots, count: frame.slotCount, arena: frame.arena)
                    throw error
                }
            }
            try update(
                existing,
                with: frame,
                source: source,
                checksConflicts: run.checksConflicts
            )
        }
        return existing
    }

    func makeObject(_ entity: Int) -> ModelObject {
        // The layout lent, not copied: a copy counts a reference to the layout every decode
        // shares, once per object (issue 50); the object holds the run's handle to the model,
        // not the model, for the same reason.
        run.objectMappingRefs[entity]
            ._withUnsafeGuaranteedRef { mapping in
                run.objectClasses[entity]
                    .init(
                        entity: EntityDescription(handle: run.modelHandle, index: entity, layout: mapping.layout)
                    )
            }
    }

    /// Gives a frame's slots to a new object, links inverses, and checks required values.
    /// `isNew`: the object was just made, so no object links to it yet.
    mutating func adopt(_ frame: Frame, into object: ModelObject, source: DecodedSource?, isNew: Bool)
        throws(MappingError)
    {
        unowned(unsafe) let mapping = frame.mapping
        // First, so that the slots are the object's whatever is thrown below.
        object.adoptSlots(frame.slots, count: frame.slotCount, arena: frame.arena)
        let standsForReference = frame.isReference || frame.isIdentityReference
        if standsForReference {
            object.flags.set(.isReadAsReference, true)
            object.flags.set(.isReadAsScalar, frame.isReference)
        }
        if run.recordsGivenValues {
            // The graph's merge checks required values, on the objects new to it alone.
            run.noteGivenValues(
                of: object,
                frame.slots,
                count: frame.slotCount,
                isReference: frame.isReference,
                identityLists: identityListSlots(frame: frames.count),
                insert: insertRecord(frame)
            )
        } else if !standsForReference, requiresValues(ofEntity: frame.entity) {
            // ``asksForValues(_:)``, with the flags read once.
            try reportMissingValues(frame, of: object)
        }
        if run.options.checksBounds { try reportBoundViolations(frame) }
        if let source { object.decodedSource = source }
        for relationship in mapping.relationshipList {
            let slot = relationship.slot
            // Told without copying the slot's value: a copy counts a reference to the link's
            // object or list.
            switch object.storedState(atSlot: slot) {
            case .object:
                guard relationship.inverse >= 0, let child = object.linkedObject(inSlot: slot) else { continue }
                child._withUnsafeGuaranteedRef {
                    $0.attachInverse(object, atSlot: relationship.inverse, ownerKind: .strong, sourceIsUnlinked: isNew)
                }
            case .objects:
                object.noteListOfLinks()
                var links = object.links(inSlot: slot)
                if frame.hasRepeatedChild, settings.uniquesObjectsByIdentity,
                    !run.mappings[relationship.destination].identitySlots.isEmpty
                {
                    if let unique = Self.uniqueLinks(links) {
                        if let source = object.decodedSource {
                            source.renumberEdges(slot: slot, original: links, unique: unique)
                        }
                        links = unique
                        object[stored: slot] = .objects(links)
                    }
                }
                guard relationship.inverse >= 0 else { continue }
                for link in links {
                    link.unmanagedObject?
                        ._withUnsafeGuaranteedRef {
                            $0.attachInverse(
                                object,
                                atSlot: relationship.inverse,
                                ownerKind: .strong,
                                sourceIsUnlinked: isNew
                            )
                        }
                }
            default:
                continue
            }
        }
    }

    /// A list's links without the repeats of an object (and the links to freed objects), first
    /// places kept; nil when it has none, as most lists do. A short list is compared pairwise,
    /// without building a set.
    static func uniqueLinks(_ links: [Link]) -> [Link]? {
        if links.count <= 16 {
            let hasRepeat = links.withUnsafeBufferPointer { links -> Bool in
                for index in links.indices {
                    guard let object = links[index].unmanagedObject?.toOpaque() else { return true }
                    for earlier in 0..<index where links[earlier].unmanagedObject?.toOpaque() == object {
                        return true
                    }
                }
                return false
            }
            guard hasRepeat else { return nil }
        }
        var seen = Set<ObjectIdentifier>(minimumCapacity: links.count)
        let unique = links.filter { link in
            link.object.map { seen.insert(ObjectIdentifier($0)).inserted } ?? false
        }
        return unique.count == links.count ? nil : unique
    }

    /// The slot of a finished frame's object that the object below links when it takes it in
    /// (see ``slotFilledByTopFrame(through:)``; called once the frame is off the stack, so
    /// that the frame below is the top one).
    func slotFilledByParent(of frame: Frame) -> Int { slotFilledByTopFrame(through: frame.parentSlot) }

    /// The slot of an object read for the top frame's relationship in `parentSlot` that the
    /// top frame links when it takes the object in: the relationship's reciprocal inverse; -1
    /// when none. A book nested in its author's `books` gets its `author` so, and its JSON need
    /// not give it. A top-level object (`parentSlot` -1) gets the origin's `filledSlot` (``ReaderOrigin``).
    func slotFilledByTopFrame(through parentSlot: Int) -> Int {
        slotFilled(byFrameAt: frames.count - 1, through: parentSlot)
    }

    /// The same for the frame at `parent` (-1: none, the origin's). Read from the frame's slot
    /// readings in place: asked for every nested object, it copies no frame and counts no
    /// reference. Not inlined: called only for a value missing, it would weigh on the loops
    /// that call it for every object.
    @inline(never)
    func slotFilled(byFrameAt parent: Int, through parentSlot: Int) -> Int {
        guard parentSlot >= 0, parent >= 0 else { return origin.filledSlot }
        return frames.pointer(parent).pointee.readings[parentSlot].inverseSlot
    }

    /// Reports each value the model requires that a frame's JSON lacks (one whose value had
    /// an error already is not reported again, nor a to-one its parent object fills in).
    ///
    /// A to-one may still come from elsewhere in the document: a list of references to the
    /// object in its inverse (`"books": [1, 2]` in an author read later), or a later record
    /// of the same object. So a missing to-one is checked again once the top-level object is
    /// read (``reportMissingLinks()``), and reported only if `object` still lacks it.
    mutating func reportMissingValues(_ frame: Frame, of object: ModelObject) throws(MappingError) {
        unowned(unsafe) let mapping = frame.mapping
        var keys: [String]?
        for slot in mapping.requiredSlotList {
            guard RequiredValue.isMissing(frame.slots, slot), slot != slotFilledByParent(of: frame) else { continue }
            let property = mapping.properties[slot]
            let objectPath = path(of: frame)
            if hasReportedError(in: frame, slot: slot, objectPath: objectPath) { continue }
            let error = RequiredValue.missingError(
                property,
                inObjectAt: objectPath,
                entityName: run.model.entityRecords[frame.entity].name,
                model: run.model,
                detail: missingKeyHint(for: property, in: frame, keys: &keys)
            )
            if property.isRelationship {
                missingLinks.append(MissingLink(object: object, slot: slot, error: error))
            } else {
                try report(error)
            }
        }
    }

    /// Reports each required to-one still missing once the top-level object is read (see
    /// ``reportMissingValues(_:of:)``).
    mutating func reportMissingLinks() throws(MappingError) {
        let missing = missingLinks
        missingLinks.removeAll()
        for link in missing where RequiredValue.isMissing(link.object.storedState(atSlot: link.slot)) {
            try report(link.error)
        }
    }

    /// Reports each value of a frame outside the bounds the model declares
    /// (``ModelDecoder/Options/checksBounds``), with the encoder's error (see ``ValueCheck``).
    /// `storedPath`: as ``insertRecord(_:storedPath:)``'s.
    func reportBoundViolations(_ frame: Frame, storedPath: JSONPath? = nil) throws(MappingError) {
        for slot in 0..<frame.slotCount {
            let property = frame.mapping.properties[slot]
            guard let bounds = property.bounds, let violation = bounds.violation(by: frame.slots[slot]) else {
                continue
            }
            try report(
                ValueCheck.boundError(
                    violation,
                    value: frame.slots[slot],
                    property: property,
                    entityName: run.model.entityRecords[frame.entity].name,
                    path: storedPath ?? path(of: frame)
                )
            )
        }
    }

    /// Whether a frame is asked for the values the model requires: a record, read from a JSON
    /// object that gave more than a reference does (see ``Frame/isIdentityReference``), of an
    /// entity whose values are required (``requiresValues(ofEntity:)``).
    @inline(__always)
    func asksForValues(_ frame: Frame) -> Bool {
        !frame.isReference && !frame.isIdentityReference && requiresValues(ofEntity: frame.entity)
    }

    /// The required slots a frame has no value for, but the one its parent object fills in.
    func missingRequiredSlots(_ frame: Frame) -> [Int] {
        frame.mapping.requiredSlotList.filter { slot in
            RequiredValue.isMissing(frame.slots, slot) && slot != slotFilledByParent(of: frame)
        }
    }

    /// Whether a nested frame (read for a relationship) stands for its object as a reference:
    /// it gave the object's identity alone, and lacks a value the model requires (whatever the
    /// options ask of records; an object its identity makes whole, a tag of its name alone, is
    /// a record). `filledSlot`: the slot its parent fills in. Through a pointer, as a frame is
    /// large: a copy of one per object showed in a decode's instruction count.
    static func isIdentityReference(_ frame: UnsafeMutablePointer<Frame>, filledSlot: Int) -> Bool {
        unowned(unsafe) let mapping = frame.pointee.mapping
        let identity = mapping.identitySlotList
        guard !frame.pointee.isReference, !identity.isEmpty else { return false }
        let slots = frame.pointee.slots
        // The cheap test first: most nested objects lack nothing.
        var lacksValue = false
        for slot in mapping.requiredSlotList where slot != filledSlot && RequiredValue.isMissing(slots, slot) {
            lacksValue = true
            break
        }
        return lacksValue && givesIdentityOnly(slots: slots, count: frame.pointee.slotCount, identity: identity)
    }

    /// What a record lacks, for a graph's merge (``GivenValues/insert``); nil for a frame
    /// that is not a record. `storedPath`: the object's path when the frame's is not its own
    /// (an update's). A path, not a closure for it: a closure calling this decoder's methods
    /// copied the whole decoder for each object a merge reads (issue 50).
    func insertRecord(_ frame: Frame, storedPath: JSONPath? = nil) -> GivenValues.Insert? {
        guard asksForValues(frame) else { return nil }
        let missing = missingRequiredSlots(frame)
        guard !missing.isEmpty else { return GivenValues.Insert(missingSlots: [], path: nil, missingKeyHints: [:]) }
        let objectPath = storedPath ?? path(of: frame)
        let unreported = missing.filter { !hasReportedError(in: frame, slot: $0, objectPath: objectPath) }
        return GivenValues.Insert(
            missingSlots: unreported,
            path: unreported.isEmpty ? nil : objectPath,
            missingKeyHints: unreported.isEmpty ? [:] : missingKeyHints(of: frame)
        )
    }

    /// Whether the run reported an error at the value of `slot` of `frame`'s object (at
    /// `objectPath`) since the frame began: a value that did not convert is not also missing.
    func hasReportedError(in frame: Frame, slot: Int, objectPath: JSONPath) -> Bool {
        guard run.errors.count > frame.firstError else { return false }
        // The frame has just been popped: its position is one past the frames.
        let path = objectPath.appending(keys: memberKeys(slot: slot, frame: frames.count, mapping: frame.mapping))
        return run.errors[frame.firstError...].contains { $0.path == path }
    }

    /// Whether an object of `entity` is asked for the values the model requires
    /// (``ModelDecoder/Options/requiresValues(of:)``).
    @inline(__always)
    func requiresValues(ofEntity entity: Int) -> Bool {
        settings.requiresNonOptionalValues || run.options.requiresValues(of: run.objectClasses[entity])
    }

    /// Whether a frame's JSON gave its object's identity alone: a foreign key, or an object
    /// of its identity attributes and nothing else (`{"id": 19}`; an object that gave nothing,
    /// or an identity that did not convert, gave no identity).
    func givesIdentityOnly(_ frame: Frame) -> Bool {
        frame.isReference
            || Self.givesIdentityOnly(
                slots: frame.slots,
                count: frame.slotCount,
                identity: frame.mapping.identitySlotList
            )
    }

    /// Whether `slots` hold values of the `identity` slots and no others, one at least.
    static func givesIdentityOnly(slots: SlotPointer, count: Int, identity: UnsafeBufferPointer<Int>)
        -> Bool
    {
        guard !identity.isEmpty else { return false }
        var hasIdentity = false
        for slot in 0..<count {
            if slots.tag(slot) == .absent { continue }
            if !identity.contains(slot) { return false }
            hasIdentity = true
        }
        return hasIdentity
    }

    /// Reports each attribute a repeated record of `object` gives a value other than the one
    /// it has (see ``ModelDecoder/Options/conflictingValues``). Relationships are not compared:
    /// an inverse may have filled one in that the JSON never gave.
    /// `storedPath`: as ``insertRecord(_:storedPath:)``'s.
    func reportConflicts(_ object: ModelObject, frame: Frame, storedPath: JSONPath? = nil) throws(MappingError) {
        for attribute in 0..<frame.slotCount {
            // Through the slot's reading, which lends the property: a copy of the mapping's
            // would count a reference to it, shared by every thread, once per value (issue 50).
            let reading = frame.readings[attribute].property
            guard !reading._withUnsafeGuaranteedRef(\.isRelationship) else { continue }
            let earlier = object[stored: attribute]
            guard earlier.conflicts(with: frame.slots[attribute]) else { continue }
            let property = reading.takeUnretainedValue()
            try run.reportConflict(
                MappingError(
                    .conflictingValues,
                    path: (storedPath ?? path(of: frame)).appending(keys: property.keyPath),
                    entityName: run.model.entityRecords[frame.entity].name,
                    propertyName: property.name,
                    expected: earlier.briefDescription,
                    found: frame.slots[attribute].briefDescription
                )
            )
        }
    }

    /// Updates an object decoded before with a repeated one: values present overwrite,
    /// absent ones keep. `checksConflicts`: the object was decoded before in this run, so
    /// that a value other than the one it has is a conflict. `storedPath`: the object's path
    /// when its frame is no longer on the stack; otherwise it is built from the stack, and only
    /// for an error (a closure capturing a mutating caller's `self` would copy the decoder).
    func update(
        _ object: ModelObject,
        with frame: Frame,
        source: DecodedSource?,
        checksConflicts: Bool = false,
        storedPath: JSONPath? = nil
    ) throws(MappingError) {
        var slots = SlotStorage(adopting: frame.slots, count: frame.slotCount, arena: frame.arena)
        if !frame.isReference, !frame.isIdentityReference { object.flags.set(.isReadAsReference, false) }
        if givesIdentityOnly(frame) {
            object.flags.set(.isRepeatedByIdentity, true)
            object.flags.set(.isRepeatedAsScalar, frame.isReference)
        }
        // After the slots are taken over, so that they are freed whatever is thrown.
        if checksConflicts { try reportConflicts(object, frame: frame, storedPath: storedPath) }
        if run.options.checksBounds { try reportBoundViolations(frame, storedPath: storedPath) }
        if run.recordsGivenValues {
            run.noteGivenValues(
                of: object,
                frame.slots,
                count: frame.slotCount,
                isReference: frame.isReference,
                // A frame just finished is one past the frames; a stored one noted its lists then.
                identityLists: storedPath == nil ? identityListSlots(frame: frames.count) : [],
                insert: insertRecord(frame, storedPath: storedPath)
            )
        }
        // Told by the slot's state, so that neither a property's mapping nor a slot's value
        // is copied (each copy counts references) where it is not needed.
        for slot in slots.indices {
            switch slots.state(at: slot) {
            case .absent:
                continue
            case .null where frame.mapping.properties[slot].isRelationship:
                try replace(
                    object,
                    slot: slot,
                    frame: frame,
                    with: [],
                    null: true,
                    storedPath: storedPath
                )
            case .object:
                try replace(
                    object,
                    slot: slot,
                    frame: frame,
                    withNested: slots.linkedObject(at: slot).map { [$0.takeUnretainedValue()] } ?? [],
                    storedPath: storedPath
                )
            case .objects:
                try replace(
                    object,
                    slot: slot,
                    frame: frame,
                    withNested: slots.links(at: slot).compactMap(\.object),
                    storedPath: storedPath
                )
            case .null, .value:
                // Moved rather than copied, unless the source's merge below still reads which
                // slots were given.
                if source == nil {
                    object.moveStoredValue(slot, from: &slots)
                } else {
                    object[stored: slot] = slots[slot]
                }
            }
        }
        if let source {
            if let existing = object.decodedSource {
                existing.merge(source) { slot in
                    if slots.state(at: slot) == .absent { return false }
                    return true
                }
            } else {
                object.decodedSource = source
            }
        }
    }

    /// Replaces a relationship of an object decoded before with the objects its JSON nests
    /// there. Nested in it, they first yield what they hold of it by reference
    /// (``ModelObject/yieldOwnership(to:budget:)``), unless the frame is itself a reference.
    func replace(
        _ object: ModelObject,
        slot: Int,
        frame: Frame,
        withNested children: [ModelObject],
        storedPath: JSONPath?
    ) throws(MappingError) {
        if !frame.isReference {
            for child in children { child.yieldOwnership(to: object, budget: &run.cycleSearchAllowance) }
        }
        try replace(object, slot: slot, frame: frame, with: children, null: false, storedPath: storedPath)
    }

    /// Replaces a relationship of an object decoded before. Its new links may close a cycle
    /// through the objects it already had, which the searches that tell so (see
    /// ``ModelObject/linkKind(to:atSlot:searchBudget:)``) find within the run's allowance;
    /// a document that needs more is refused rather than linked weakly where it should not.
    func replace(
        _ object: ModelObject,
        slot: Int,
        frame: Frame,
        with children: [ModelObject],
        null: Bool,
        storedPath: JSONPath?
    ) throws(MappingError) {
        if run.recordsGivenValues {
            let kept = Set(children.map(ObjectIdentifier.init))
            let replaced = object.linkedObjects(atSlot: slot).filter { !kept.contains(ObjectIdentifier($0)) }
            if !replaced.isEmpty { run.noteReplaced(replaced, holder: object, slot: slot) }
        }
        do {
            try object.replaceRelationship(
                atSlot: slot,
                with: children,
                null: null,
                searchBudget: &run.cycleSearchAllowance
            )
        } catch {
            throw (error as? MappingError) ?? MappingError(.notRepresentable, detail: "\(error)")
        }
        guard run.cycleSearchAllowance > 0 else {
            let property = frame.mapping.properties[slot]
            throw MappingError(
                .notRepresentable,
                path: (storedPath ?? path(of: frame)).appending(keys: property.keyPath),
                entityName: run.model.entityRecords[frame.entity].name,
                propertyName: property.name,
                found:
                    "objects repeated by identity that link back to each other through more objects than can be "
                    + "checked",
                detail:
                    "telling whether these links close a cycle would take more steps than a document of this size "
                    + "allows"
            )
        }
    }
}
