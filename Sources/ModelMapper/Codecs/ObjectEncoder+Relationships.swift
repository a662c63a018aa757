import Foundation
@_spi(Engine) import ModelMapperSchema

/// Relationships: a related object written in full, or as its identity when it was written
/// before in this run or the options ask for references, and to-many arrays element by element.
extension ObjectEncoder {
    mutating func writeRelationship(
        _ slot: Int,
        object: ModelObject,
        step: WriteProgram.Step,
        program: WriteProgram,
        frame top: Int
    ) throws(MappingError) {
        switch object.storedState(atSlot: slot) {
        case .absent:
            guard nulls.toOnes.writesAbsent || nulls.toManys.writesAbsent else { return }
            let isToMany = object.layout.properties[slot].isToMany
            guard nulls.relationshipRule(isToMany: isToMany).writesAbsent else { return }
            // An unset to-many is empty, as `value(forKey:)` reads it (and Core Data holds it):
            // written `[]` (`{}` as nested attributes), not `null`.
            if isToMany {
                relationshipMember(step, program: program, frame: top, of: object)
                writer.append(options.writesNestedAttributes ? "{}" : "[]")
                return
            }
            member(step, program: program, frame: top)
            writer.append("null")
        case .null:
            guard nulls.relationshipRule(isToMany: object.layout.properties[slot].isToMany).writesNull else { return }
            member(step, program: program, frame: top)
            writer.append("null")
        case .object:
            guard let child = object.linkedObject(inSlot: slot) else { return }
            relationshipMember(step, program: program, frame: top, of: object)
            // Plain values only in the closure: capturing a reference would count one.
            let inverse = baseMapping(of: object)._withUnsafeGuaranteedRef { $0.readings[slot].inverseSlot }
            let extras = step.extras >= 0 ? program.ownerExtras[Int(step.extras)] : nil
            let owner = Unmanaged.passUnretained(object)
            try child.withGuaranteedInstance { child throws(MappingError) in
                if let form = identityForm(child, of: object, slot: slot, index: -1) {
                    try writeReference(to: child, path: childPath(slot: slot, index: -1), asScalar: form == .scalar)
                } else if try writesInFull(child, slot: slot, index: -1, frame: top) {
                    try begin(child, skipping: inverse, extras: extras, owner: owner, viaSlot: slot, viaIndex: -1)
                } else {
                    try writeReference(to: child, path: childPath(slot: slot, index: -1), asScalar: writesScalar(child))
                }
            }
        case .objects:
            relationshipMember(step, program: program, frame: top, of: object)
            let isMap = writesMap(object, slot: slot)
            let links = object.links(inSlot: slot)
            if isMap { try checkDistinctKeys(links, slot: slot) }
            writer.open(options.writesNestedAttributes || isMap ? UInt8(ascii: "{") : UInt8(ascii: "["))
            stack.frames[top].arrayIsMap = isMap
            stack.frames[top].arraySlot = slot
            stack.frames[top].arrayLinks = links
            stack.frames[top].arrayIndex = 0
            stack.frames[top].arrayIsEmpty = true
        case .value:
            return
        }
    }

    /// Writes the next element of the top frame's to-many array, or closes it.
    mutating func continueArray(_ top: Int) throws(MappingError) {
        let slot = stack.frames[top].arraySlot
        let index = stack.frames[top].arrayIndex
        guard index < stack.frames[top].arrayLinks?.count ?? 0 else {
            writer.close(
                options.writesNestedAttributes || stack.frames[top].arrayIsMap ? UInt8(ascii: "}") : UInt8(ascii: "]"),
                isEmpty: stack.frames[top].arrayIsEmpty
            )
            stack.frames[top].arraySlot = -1
            stack.frames[top].arrayLinks = nil
            return
        }
        guard let child = stack.frames[top].arrayLinks?[index].unmanagedObject else {
            stack.frames[top].arrayIndex += 1
            return
        }
        if stack.frames[top].arrayIsMap {
            var isEmpty = stack.frames[top].arrayIsEmpty
            try child.withGuaranteedInstance { child throws(MappingError) in
                try mapMember(child, slot: slot, index: index, isEmpty: &isEmpty)
            }
        } else if options.writesNestedAttributes {
            var isEmpty = stack.frames[top].arrayIsEmpty
            positionMember(index, isEmpty: &isEmpty)
        } else {
            writer.separator(first: stack.frames[top].arrayIsEmpty)
        }
        stack.frames[top].arrayIsEmpty = false
        // The array the frame holds keeps the child alive until its own frame holds it.
        try child.withGuaranteedInstance { child throws(MappingError) in
            let holder = stack.frames[top].object.takeUnretainedValue()
            if let form = identityForm(child, of: holder, slot: slot, index: index) {
                try writeReference(to: child, path: childPath(slot: slot, index: index), asScalar: form == .scalar)
                stack.frames[top].arrayIndex += 1
            } else if try writesInFull(child, slot: slot, index: index, frame: top) {
                let inverse = stack.frames[top].object
                    ._withUnsafeGuaranteedRef { holder in
                        baseMapping(of: holder)._withUnsafeGuaranteedRef { $0.readings[slot].inverseSlot }
                    }
                try begin(
                    child,
                    skipping: inverse,
                    omitting: stack.frames[top].arrayIsMap ? omittedSlot(of: child, slot: slot, frame: top) : -1,
                    extras: nil,
                    owner: nil,
                    viaSlot: slot,
                    viaIndex: index
                )
            } else {
                try writeReference(to: child, path: childPath(slot: slot, index: index), asScalar: writesScalar(child))
                stack.frames[top].arrayIndex += 1
            }
        }
    }

    /// Whether a related object is written in full where the top frame's object holds it
    /// (at `index` of the relationship in `slot`, -1 for a to-one), rather than as its identity.
    ///
    /// An object is written in full the first time it is met, unless the JSON it was decoded
    /// from gave it only by its identity there. Met again, never inside itself; else where the
    /// holder's JSON had it in full (within twice the length of the JSON decoded, so that
    /// objects merged from several places cannot make the output grow faster than the input);
    /// else as ``ModelEncoder/Options/sharedObjects`` says: in full unless its document gave it
    /// again by identity alone, within the repeats' budget (``RepeatBudget``).
    mutating func writesInFull(_ child: ModelObject, slot: Int, index: Int, frame top: Int) throws(MappingError)
        -> Bool
    {
        let hasSource = stack.frames[top].hasSource
        guard hasSource || child.encodingStamp == stamp else { return true }
        let source = options.layout == .asDecoded ? stack.frames[top].object.takeUnretainedValue().decodedSource : nil
        if let source, source.isReference(slot: slot, index: index, object: child),
            !baseMapping(of: child)._withUnsafeGuaranteedRef(\.identitySlots).isEmpty
        {
            return false
        }
        guard child.encodingStamp == stamp else { return true }
        guard !stack.contains(child) else { return false }
        if source != nil, writer.count <= decodedBudget { return true }
        // The path is made only here, for an object met again.
        return try writesRepeatInFull(child, path: childPath(slot: slot, index: index))
    }

    /// Whether an object met again in this call, not inside itself, is written in full again
    /// (at `path`, a related object's place or an element of the top-level array): as
    /// ``ModelEncoder/Options/sharedObjects`` says, in full unless its document gave it again by
    /// identity alone, within the repeats' budget (``RepeatBudget``).
    ///
    /// - Throws: ``MappingError`` when repeating it would pass the budget.
    mutating func writesRepeatInFull(_ object: ModelObject, path: JSONPath) throws(MappingError)
        -> Bool
    {
        guard options.sharedObjects == .inFull, !object.flags.contains(.isRepeatedByIdentity),
            !object.flags.contains(.isReadAsReference)
        else {
            return false
        }
        guard repeats.allows(writtenCount: writer.count) else {
            throw MappingError(
                .notRepresentable,
                path: path,
                entityName: object.entity.name,
                found:
                    "a \(object.entity.name) written again in full, past \(RepeatBudget.ratio) times what is written once",
                detail: "the objects share objects at every level, and repeating them would outgrow the graph; "
                    + "write repeats by identity with ModelEncoder.Options.sharedObjects = .reference"
            )
        }
        repeats.open(depth: stack.count, at: writer.count)
        return true
    }

    /// The form a related object written as its identity takes.
    enum IdentityForm { case scalar, object }

    /// How `child`, held by `holder` at `index` of the relationship in `slot` (-1 for a
    /// to-one), is written as its identity, or nil when it is written otherwise; only an
    /// entity with an identity is. As a scalar (an object under
    /// ``ModelEncoder/Options/writesNestedAttributes``) where the options or the relationship's
    /// userInfo ask so, or the holder's JSON gave it as a scalar there; in the form it was read
    /// where it was read from references alone (``ModelObject/Flags/isReadAsReference``: a foreign
    /// key is written back as one, an object of its identity alone as one).
    func identityForm(_ child: ModelObject, of holder: ModelObject, slot: Int, index: Int) -> IdentityForm? {
        let asked =
            options.writesRelationshipsAsIdentities
            || baseMapping(of: holder)._withUnsafeGuaranteedRef { $0.properties[slot].writesIdentity }
            || (options.layout == .asDecoded
                && holder.decodedSource?.isScalarReference(slot: slot, index: index, object: child) == true)
        guard asked || child.flags.contains(.isReadAsReference), !keyedMapping(of: child).identitySlots.isEmpty else {
            return nil
        }
        guard !options.writesNestedAttributes else { return .object }
        return asked || child.flags.contains(.isReadAsScalar) ? .scalar : .object
    }

    /// Whether an object met again is written as the scalar its document repeated it by
    /// (`"album": 7`), rather than as an object of its identity.
    func writesScalar(_ child: ModelObject) -> Bool {
        child.flags.contains(.isRepeatedAsScalar) && child.flags.contains(.isRepeatedByIdentity)
            && !options.writesNestedAttributes
    }

    /// An object met again: its identity attributes stand for it; without any, it cannot be
    /// written without repeating it (or looping, on a cycle). `asScalar`: the identity
    /// attribute's value alone when the entity has one (and names no type key).
    mutating func writeReference(to object: ModelObject, path: JSONPath, asScalar: Bool = false)
        throws(MappingError)
    {
        let mapping = keyedMapping(of: object)
        if asScalar, mapping.identitySlots.count == 1, mapping.typeKey == nil {
            let slot = mapping.identitySlots[0]
            let property = mapping.properties[slot]
            let value = object[stored: slot]
            switch value {
            case .absent, .null:
                writer.append("null")
            default:
                do {
                    // As the JSON spelled it (`101` for a String identity), while it is the value read.
                    if let source = object.decodedSource, options.layout == .asDecoded, !source.spellings.isEmpty {
                        try writeSpelled(value, source: source, property: property, slot: slot, of: object)
                    } else {
                        try writeValue(value, property: property, slot: slot, of: object)
                    }
                } catch var error {
                    error.path = path.appending(keys: property.keyPath)
                    error.entityName = object.entity.name
                    error.propertyName = property.name
                    throw error
                }
            }
            return
        }
        guard !mapping.identitySlots.isEmpty else {
            let isCycle = stack.contains(object)
            throw MappingError(
                .notRepresentable,
                path: path,
                entityName: object.entity.name,
                found: isCycle
                    ? "a cycle back to this \(object.entity.name)"
                    : "a \(object.entity.name) already written at another place",
                detail:
                    "give the entity identity attributes (userInfo identityAttributes) so the repeated object can be "
                    + "written as a reference"
            )
        }
        writer.open(UInt8(ascii: "{"))
        var isEmpty = true
        // The type key first, as an object of a family whose entities share it is read: a
        // reference to one must say which entity it is, or it does not decode again.
        if let typeKey = mapping.typeKey {
            writer.separator(first: true)
            writer.key(typeKey)
            writer.string(mapping.typeValue)
            isEmpty = false
        }
        for slot in mapping.identitySlots {
            try writeAttribute(
                slot,
                of: object,
                key: QuotedKey(mapping.properties[slot].keyPath.last ?? ""),
                path: .path(path),
                isEmpty: &isEmpty
            )
        }
        writer.close(UInt8(ascii: "}"), isEmpty: isEmpty)
    }
}
