import Foundation
@_spi(Engine) import ModelMapperSchema

/// Relationships: nested objects pushed as frames, references given by identity, to-many
/// arrays read element by element, and a level closed into its object.
extension ObjectDecoder {
    /// The identity attribute's slot of an entity whose objects a scalar may stand for (a
    /// foreign key): one identity attribute, and an entity that can have objects.
    static func referenceSlot(_ mapping: EntityMapping) -> Int? {
        guard mapping.identitySlotList.count == 1, !mapping.isAbstract, !mapping.isPolymorphic else { return nil }
        return mapping.identitySlotList[0]
    }

    /// Reads a scalar standing for an object of `expected` by its identity (`"band": "Japan"`):
    /// the object with that identity, made with nothing but it when the run has none yet, and
    /// linked into the frame below as a nested object would be. A later object of the run with
    /// the same identity fills it in; in an ``ObjectGraph``, it resolves to the graph's object.
    ///
    /// At the top level of a graph's array (`base` the frame count before it), the object is
    /// returned rather than linked.
    @discardableResult
    mutating func readReference(expected: Int, identitySlot: Int, step: Step, parentSlot: Int, base: Int = -1)
        throws(MappingError) -> ModelObject?
    {
        guard frames.count < settings.maximumDepth else {
            try scanner.skipValue()
            try report(
                .notRepresentable,
                at: step,
                entityName: run.model.entityRecords[expected].name,
                found: "objects nested more than \(settings.maximumDepth) deep",
                detail: "raise ModelDecoder.Options.maximumDepth to allow it",
                limit: "maximumDepth"
            )
            return nil
        }
        let mapping = run.mappingRefs[expected]
        if settings.keepsSource { sources.append(SourceState(ownerLevel: nil, start: scanner.index)) }
        let (count, keys) = mapping._withUnsafeGuaranteedRef { ($0.slotCount, $0.keysRef) }
        let readings = run.readingsByEntity[expected]
        let (slots, arena) = run.slotAllocator.allocateAbsent(count: count)
        var frame = Frame(
            entity: expected,
            mapping: mapping.takeUnretainedValue(),
            slots: slots,
            slotCount: count,
            arena: arena,
            readings: readings,
            level: Level(own: keys, extras: nil, orderEntries: settings.orderEntries),
            outerStart: outerLevels.count,
            step: step,
            parentSlot: parentSlot
        )
        frame.isReference = true
        if hasFrameNotes { forgetFrameNotes(from: frames.count) }
        frames.append(frame)
        let top = frames.count - 1
        try readAttribute(slot: identitySlot, frame: top, from: top)
        if frames[top].slots.tag(identitySlot) == .absent {
            // The value did not convert (the error is recorded): no object stands for it.
            guard let dropped = frames.popLast() else { return nil }
            if settings.keepsSource { sources.removeLast() }
            SlotStorage.release(dropped.slots, count: dropped.slotCount, arena: dropped.arena)
            return nil
        }
        return try closeLevel(top, base: base, target: nil)
    }

    /// Starts reading a relationship's value: a child frame for a to-one object, an array
    /// state for a to-many one.
    mutating func readRelationship(slot: Int, frame top: Int, extras: Unmanaged<KeyLevel>?) throws(MappingError) {
        let reading = frames[top].readings[slot]
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "n") {
            try scanner.readLiteral("null")
            // Kept for a relationship that may be null; for a required to-one, an error.
            try readNull(slot: slot, frame: top, from: top)
            return
        }
        guard reading.isToMany else {
            _ = try begin(
                expected: reading.destination,
                step: .relationship(slot: slot, index: nil),
                parentSlot: slot,
                extras: extras
            )
            return
        }
        // An array, or an object keyed by identity where the model says so (and only there:
        // one form is written back, so the other would not be read back as it was).
        let isMap = reading.isMap
        guard scanner.peek() == (isMap ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
            let found = try scanner.describeAndSkip()
            let property = frames[top].mapping.properties[slot]
            let name = run.model.entityRecords[property.destination].name
            try report(
                .typeMismatch,
                frame: top,
                keys: memberKeys(slot: slot, frame: top),
                entityName: run.model.entityRecords[frames[top].entity].name,
                propertyName: property.name,
                expected: isMap
                    ? "an object of \(name) objects keyed by their identities" : "an array of \(name) objects",
                found: found
            )
            return
        }
        scanner.index += 1
        if scanner.consume(isMap ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            frames[top].slots[slot] = .objects([])
            if run.recordsGivenValues {
                noteIdentityList(ArrayState(slot: slot, start: links.count, isMap: isMap), elementCount: 0, frame: top)
            }
            return
        }
        frames[top].array = ArrayState(slot: slot, start: links.count, isMap: isMap)
    }

    /// Reads the next element of the top frame's to-many array (pushing its frame), or the
    /// end of the array.
    mutating func continueArray(_ top: Int) throws(MappingError) {
        guard let state = frames[top].array else { return }
        if state.needsElement {
            frames[top].array?.needsElement = false
            if state.isMap { try readMapKey(top) }
            let destination = frames[top].readings[state.slot].destination
            let step = Step.relationship(slot: state.slot, index: state.index)
            if try begin(expected: destination, step: step, parentSlot: state.slot, extras: nil) { return }
        }
        if try scanner.readSeparator(inObject: state.isMap) {
            guard state.index + 1 < scanner.maximumElementCount else { throw scanner.tooManyElements() }
            frames[top].array?.index += 1
            frames[top].array?.needsElement = true
            return
        }
        // As the frame has it now: a scalar element read inline in this call counted there.
        let closing = frames[top].array ?? state
        frames[top].array = nil
        let list = links.popArray(from: state.start)
        if state.isMap { try checkDistinctKeys(list, slot: state.slot, frame: top) }
        if run.recordsGivenValues { noteIdentityList(closing, elementCount: closing.index + 1, frame: top) }
        frames[top].slots[state.slot] = .objects(list)
    }

    /// Closes the current level of the top frame: a nested level returns to the one around
    /// it; the object's own level finishes the object and hands it to the frame below (or
    /// returns it when it is the top-level object).
    mutating func closeLevel(_ top: Int, base: Int, target: ModelObject?) throws(MappingError) -> ModelObject? {
        if outerLevels.count > frames[top].outerStart, let outer = outerLevels.popLast() {
            frames[top].level = outer
            if settings.keepsSource, let around = sources[top].outer.popLast() {
                let inner = sources[top].members
                sources[top].members = around.members
                sources[top].members
                    .append(.nested(node: around.node, isOwner: around.isOwner, members: inner, key: around.key))
            }
            return nil
        }
        // Told while the frame is on the stack, in place: see ``isIdentityReference(_:filledSlot:)``.
        if top > base || origin.readsNestedObject {
            let frame = frames.pointer(top)
            let filledSlot = slotFilled(byFrameAt: top - 1, through: frame.pointee.parentSlot)
            frame.pointee.isIdentityReference = Self.isIdentityReference(frame, filledSlot: filledSlot)
        }
        // An element of a map takes its key's identity while its frame is on the stack, so that an
        // error thrown there releases its slots with the others'.
        if top != base, top > 0, let array = frames[top - 1].array, array.isMap {
            let form = frames[top - 1].mapping.properties[array.slot].jsonForm
            try applyMapKey(to: top, keyStart: array.keyStart, omitsIdentity: form == .mapOmittingIdentity)
        }
        guard let frame = frames.popLast() else { return nil }
        let state = settings.keepsSource ? sources.popLast() : nil
        let isTop = frames.count == base
        // Noted in the source kept, if one is.
        let isReference =
            state.map { frame.isReference || Self.isReferenceOnly($0.members, mapping: frame.mapping) } ?? false
        let object = try finish(frame, source: state, into: isTop ? target : nil)
        if isTop { return object }
        guard let object else { return nil }
        let parent = frames.count - 1
        if frames[parent].array != nil {
            if isReference {
                let index = links.count - (frames[parent].array?.start ?? links.count)
                sources[parent].referenceEdges
                    .insert(
                        ReferenceEdge(
                            slot: frame.parentSlot,
                            index: index,
                            object: ObjectIdentifier(object),
                            isScalar: frame.isReference
                        )
                    )
            }
            links.append(Link(object, kind: .strong))
        } else {
            if isReference {
                sources[parent].referenceEdges
                    .insert(
                        ReferenceEdge(
                            slot: frame.parentSlot,
                            index: -1,
                            object: ObjectIdentifier(object),
                            isScalar: frame.isReference
                        )
                    )
            }
            frames[parent].slots[frame.parentSlot] = .object(Link(object, kind: .strong))
        }
        return nil
    }
}
