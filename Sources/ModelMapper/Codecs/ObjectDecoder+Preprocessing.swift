import Foundation
@_spi(Engine) import ModelMapperSchema

/// Objects of an entity that names a preprocessing transformer (``/ModelMapperSchema/MappingKeys/entityPreprocessor``,
/// Groot's `JSONDictionaryTransformerName`): the object's JSON is read as Foundation values,
/// handed to the transformer, and what it returns is decoded in its place, by a reader over
/// the new text that shares the run (its identities, errors and notes for a graph).
extension ObjectDecoder {
    /// How deeply preprocessed objects may nest inside each other's transformed text: each
    /// level is a reader of its own on the stack.
    static let maximumPreprocessingDepth = 32

    /// What the reader of a nested object's text (a preprocessing transformer's result here, or
    /// a key tree's value in `+KeyTree`) knows of the reader that made it; a document's own
    /// reader has the defaults.
    struct ReaderOrigin {
        /// Whether a top-level object whose entity names a preprocessing transformer goes
        /// through it: not in the reader of text the transformer returned.
        var preprocessesRoot = true
        /// How many transformed texts this reader is inside.
        var preprocessingDepth = 0
        /// The slot of the top-level object that the reader below links it by (the inverse of
        /// the relationship it is read for), so that its value is not asked of the JSON; -1:
        /// none. See ``slotFilledByParent(of:)``.
        var filledSlot = -1
        /// Whether the reader's top-level object is nested in the document (read for a
        /// relationship), not one of the document's own: see ``Frame/isIdentityReference``.
        var readsNestedObject = false
        /// The top-level object a preprocessing transformer's text decoded to.
        var preprocessedRoot: ModelObject?
    }

    /// Reads the object at the reading position through its entity's transformer, and links
    /// what it decodes to into the frame below as a nested object would be (or keeps it as
    /// the top-level object, `origin.preprocessedRoot`).
    mutating func readPreprocessed(entity: Int, step: Step, parentSlot: Int) throws(MappingError) {
        let mapping = run.mappings[entity]
        let name = run.model.entityRecords[entity].name
        let objectPath = path(at: step)
        let start = scanner.index
        try scanner.skipValue()
        var text = Data(bytes: scanner.base + start, count: scanner.index - start)
        func failure(_ code: MappingError.Code, _ detail: String) -> MappingError {
            MappingError(code, path: objectPath, entityName: name, detail: detail)
        }
        guard origin.preprocessingDepth < Self.maximumPreprocessingDepth else {
            throw failure(
                .notRepresentable,
                "objects whose entity names a preprocessing transformer nest more than "
                    + "\(Self.maximumPreprocessingDepth) deep inside each other"
            )
        }
        if let transformerName = mapping.preprocessor {
            guard let transformed = try transform(text, with: transformerName, entityName: name, path: objectPath)
            else { return }
            text = transformed
        }
        var chosen = entity
        if let mapperName = mapping.entityMapper {
            guard let picked = try pickEntity(text, with: mapperName, entity: entity, path: objectPath) else { return }
            chosen = picked
        }
        let run = run
        let depth = origin.preprocessingDepth + 1
        // The slot the frame below links the object by, as for an object read in place.
        let filledSlot = slotFilledByTopFrame(through: parentSlot)
        // Read for a frame's relationship, or this reader's own top-level object.
        let readsNested = frames.isEmpty ? origin.readsNestedObject : true
        let read = text.withUnsafeBytes { raw -> Result<ModelObject?, MappingError> in
            var nested = ObjectDecoder(bytes: raw, run: run, locatesByLine: false)
            nested.origin.preprocessesRoot = false
            nested.origin.preprocessingDepth = depth
            nested.origin.filledSlot = filledSlot
            nested.origin.readsNestedObject = readsNested
            return Result { () throws(MappingError) in try nested.readObject(entity: chosen, path: objectPath) }
        }
        let object = try read.get()
        guard let object else { return }
        guard let parent = frames.indices.last, case .relationship = step else {
            origin.preprocessedRoot = object
            return
        }
        // The object may be one read before (same identity): the list below is made unique.
        frames[parent].hasRepeatedChild = true
        if frames[parent].array != nil {
            links.append(Link(object, kind: .strong))
        } else {
            frames[parent].slots[parentSlot] = .object(Link(object, kind: .strong))
        }
    }

    /// The JSON text of what the transformer named `name` returns for the object `text`; nil
    /// when an error was recorded instead of thrown.
    func transform(_ text: Data, with name: ValueTransformer.Name, entityName: String, path: JSONPath)
        throws(MappingError) -> Data?
    {
        let transformerName = name
        guard
            let returned = try call(
                name,
                namedBy: "JSONDictionaryTransformerName",
                with: text,
                entityName: entityName,
                path: path
            )
        else { return nil }
        guard let output = returned as? [String: Any] else {
            try report(
                MappingError(
                    .transformerFailed(transformerName.rawValue),
                    path: path,
                    entityName: entityName,
                    found: "the JSON object",
                    detail: "a preprocessing transformer must return a dictionary ([String: Any])"
                )
            )
            return nil
        }
        var writer = JSONWriter()
        try MappingError.mappingJSONErrors { () throws(JSONError) in try FoundationJSON.write(output, to: &writer) }
        return writer.data
    }

    /// What the transformer named `name` (which the entity's userInfo names under `key`)
    /// returns for the object `text`, read as Foundation values; nil when an error was recorded
    /// instead of thrown (the transformer is not registered, or throws). Shared by the
    /// preprocessing transformer and the entity mapper.
    private func call(
        _ name: ValueTransformer.Name,
        namedBy key: String,
        with text: Data,
        entityName: String,
        path: JSONPath
    ) throws(MappingError) -> Any?? {
        guard let transformer = ValueTransformer.valueTransformer(forName: name) else {
            try report(
                MappingError(
                    .unregisteredTransformer(name.rawValue),
                    path: path,
                    entityName: entityName,
                    detail: "entity '\(entityName)' names it as its \(key)"
                )
            )
            return nil
        }
        let input = try MappingError.mappingJSONErrors { () throws(JSONError) in
            try FoundationJSON.value(fromJSON: text, maximumDepth: settings.maximumDepth)
        }
        do {
            return .some(try transformer.transformedValue(input))
        } catch {
            try report(
                MappingError(
                    .transformerFailed(name.rawValue),
                    path: path,
                    entityName: entityName,
                    found: "the JSON object",
                    underlyingError: error
                )
            )
            return nil
        }
    }

    /// The entity the entity mapper named `name` picks for the object `text`: `entity` itself
    /// or one of its subentities; nil when an error was recorded instead of thrown.
    func pickEntity(_ text: Data, with name: ValueTransformer.Name, entity: Int, path: JSONPath)
        throws(MappingError) -> Int?
    {
        let records = run.model.entityRecords
        let entityName = records[entity].name
        guard let picked = try call(name, namedBy: "entityMapperName", with: text, entityName: entityName, path: path)
        else { return nil }
        guard let pickedName = picked as? String else { return entity }
        // The entity itself, or one below it.
        var candidate = run.model.entityIndexByName[pickedName]
        while let index = candidate, index != entity { candidate = records[index].superentity }
        guard candidate == entity, let index = run.model.entityIndexByName[pickedName] else {
            try report(
                MappingError(
                    .transformerFailed(name.rawValue),
                    path: path,
                    entityName: entityName,
                    found: "'\(pickedName)'",
                    detail: "an entity mapper names \(entityName) or one of its subentities"
                )
            )
            return nil
        }
        return index
    }

    /// The path of the value a step reads.
    func path(at step: Step) -> JSONPath {
        switch step {
        case .root(let index): return Self.path(rootPath, index: index)
        case .relationship(let slot, let index):
            let parent = frames.count - 1
            let path = errorPath(frame: parent, keys: [memberKey(slot: slot, frame: parent)].compactMap { $0 })
            return index.map { elementPath(path, parent: parent, index: $0) } ?? path
        }
    }
}
