import Foundation
@_spi(Engine) import ModelMapperSchema

/// To-many relationships read as objects keyed by their objects' identities
/// (``/ModelMapperSchema/MappingKeys/jsonForm`` `map`): the key of each member read before its
/// value, given to the object as its identity when the value is read, and checked against the
/// identity the value gives itself; keys the rule of ``IdentityMapKey`` refuses, and keys given
/// twice, are located errors.
extension ObjectDecoder {
    /// Reads the next member's key of the map in the top frame and its colon, noting where the
    /// key is (it is read again only to give the object its identity, or for a path).
    mutating func readMapKey(_ top: Int) throws(MappingError) {
        scanner.skipWhitespace()
        let start = scanner.index
        if frames[top].array?.index == 0 {
            _ = try scanner.readKey(after: "{")
        } else {
            _ = try scanner.readKey(after: ",")
        }
        frames[top].array?.keyStart = start
    }

    /// The key whose opening quote is at `start`, escapes decoded; nil where none is.
    func mapKey(at start: Int) -> String? {
        guard start >= 0 else { return nil }
        var reader = scanner
        reader.index = start
        return try? reader.readStringValue()
    }

    /// `path` followed by the element of the to-many being read in the frame at `parent` that
    /// is its `index`th: its key in a map, else its index.
    func elementPath(_ path: JSONPath, parent: Int, index: Int) -> JSONPath {
        if parent >= 0, parent < frames.count, let array = frames[parent].array, array.isMap,
            let key = mapKey(at: array.keyStart)
        {
            return path.appending(key: key)
        }
        return path.appending(index: index)
    }

    /// Gives the object of `frame`, an element of the map in the frame below, the identity its
    /// key stands for, or checks the one its value gave against it. A value gives its identity
    /// in a `map` and leaves it to its key in a `mapOmittingIdentity` (`omitsIdentity`), so that
    /// it is written back as it was; an object given by its identity alone (`"5": 5`) may be
    /// either.
    mutating func applyMapKey(to position: Int, keyStart: Int, omitsIdentity: Bool) throws(MappingError) {
        let frame = frames[position]
        guard let identitySlot = frame.mapping.identitySlotList.first, let key = mapKey(at: keyStart) else { return }
        let property = frame.mapping.properties[identitySlot]
        let keyed: Slot
        do {
            keyed = try IdentityMapKey.value(of: key, for: property, model: run.model)
        } catch {
            try reportMapKey(error, frame: position, keyStart: keyStart, propertyName: property.name)
            return
        }
        let given = frame.slots[identitySlot]
        if case .absent = given {
            frame.slots[identitySlot] = keyed
            guard omitsIdentity || frame.isReference else {
                try reportMapKey(
                    MappingError(
                        .missingValue,
                        expected: "the identity \"\(key)\" inside the value as well (jsonForm map)",
                        found: "none",
                        detail: "declare jsonForm mapOmittingIdentity for a map whose values leave it to their key"
                    ),
                    frame: position,
                    keyStart: keyStart,
                    propertyName: property.name
                )
                return
            }
            return
        }
        guard !omitsIdentity || frame.isReference else {
            try reportMapKey(
                MappingError(
                    .invalidValue,
                    expected: "a value that leaves its identity to its key \"\(key)\" (jsonForm mapOmittingIdentity)",
                    found: "the identity inside it",
                    detail: "declare jsonForm map for a map whose values give their identity again"
                ),
                frame: position,
                keyStart: keyStart,
                propertyName: property.name
            )
            return
        }
        guard !given.isSameValue(as: keyed) else { return }
        try reportMapKey(
            MappingError(
                .invalidValue,
                expected: "the identity its key \"\(key)\" stands for",
                // A scalar value is the identity itself (a reference), not an object holding one.
                found: IdentityMapKey.text(of: given)
                    .map { "\"\($0)\"" + (frame.isReference ? " as the value" : " in the object") }
                    ?? (frame.isReference ? "another value" : "another value in the object"),
                detail: "a map's key and the identity inside its value must agree"
            ),
            frame: position,
            keyStart: keyStart,
            propertyName: property.name
        )
    }

    /// Checks that no object is listed twice in a map just read (two keys spelling one
    /// identity): its list would hold the object once and lose a member on writing.
    func checkDistinctKeys(_ list: [Link], slot: Int, frame top: Int) throws(MappingError) {
        guard list.count > 1 else { return }
        var seen = Set<ObjectIdentifier>(minimumCapacity: list.count)
        for link in list {
            guard let object = link.object, !seen.insert(ObjectIdentifier(object)).inserted else { continue }
            let property = frames[top].mapping.properties[slot]
            let destination = frames[top].readings[slot].destination
            let identitySlot = run.mappingRefs[destination]._withUnsafeGuaranteedRef { $0.identitySlotList.first }
            let identity = identitySlot.flatMap { IdentityMapKey.text(of: object[stored: $0]) }
            try report(
                .invalidValue,
                frame: top,
                keys: memberKeys(slot: slot, frame: top) + (identity.map { [$0] } ?? []),
                entityName: run.model.entityRecords[frames[top].entity].name,
                propertyName: property.name,
                expected: "each object once, under one key",
                found: "two keys for the identity \(identity.map { "\"\($0)\"" } ?? "of one object")",
                detail: "a map keyed by identity lists an object once"
            )
            return
        }
    }

    /// Reports `error` at the element of the frame at `position` (on the stack), located at its key.
    private func reportMapKey(_ error: MappingError, frame element: Int, keyStart: Int, propertyName: String? = nil)
        throws(MappingError)
    {
        var error = error
        error.context.path = pathOfFrame(at: element, step: frames[element].step)
        error.context.entityName = run.model.entityRecords[frames[element].entity].name
        if let propertyName { error.context.propertyName = propertyName }
        if settings.locatesByLine {
            let (line, column) = position(of: keyStart)
            error.context.line = line
            error.context.column = column
        }
        try report(error)
    }
}
