import ModelMapper

/// The JSON a model reads and writes, as a JSON Schema (draft 2020-12) or as OpenAPI 3.1
/// components: for validators, API gateways and swift-openapi-generator.
///
/// The schema describes what a decoder with the given options reads, from the mappings the
/// coders use: keys after the model's conventions, identities, required values, date forms,
/// relationships as nested objects or identity references, subentities by their type key. By
/// default it describes strict reading
/// (``/ModelMapper/ModelDecoder/Options-swift.struct/Strictness-swift.enum/strict``), which is
/// what ``/ModelMapper/ModelEncoder`` writes; pass the options your app decodes with to
/// describe those.
///
/// For example:
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// let schema = try model.jsonSchema(of: "Author", at: "authors")
/// // {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", ...}
/// ```
///
/// What a schema cannot say, it leaves open rather than refuse what the decoder reads: the
/// values of a transformer of the app's (any JSON; register a `DateTransformer` under its name
/// to describe dates), the calendar of a date (a pattern checks its form, so `2001-02-29`
/// passes), the range of a number sent as text with an exponent (`"7e0"`), lengths counted in
/// UTF-16 units (a schema counts characters), the significant digits a `Decimal` keeps, a
/// number's spelling where a String attribute lists its text and reading is lenient (`1.0` for
/// a listed `"1"`), and what compares two parts of a document (an object given twice, whose
/// records together have what one alone lacks; a map's key and the identity its value gives).
/// The values an attribute lists (its userInfo `jsonValues`) are an `enum`. Date, UUID and URI
/// values carry a `format` as an annotation; what is checked is in their `pattern`.
extension ObjectModel {
    /// The JSON Schema (draft 2020-12) of documents holding objects of `entity`, with every
    /// entity of the model in `$defs`.
    ///
    /// - Parameters:
    ///   - entity: the entity of the document's objects.
    ///   - keyPath: where a document holds them (`data.authors`), as the decoder's `at`; nil:
    ///     the entity's `jsonRootKeyPath` if it declares one, else the document itself. There,
    ///     an array of objects or one object.
    ///   - options: the decoder's options to describe; nil: the defaults with strict reading.
    ///     Their conventions apply over the model's, as the decoder applies them.
    /// - Returns: the schema's text, pretty-printed, ending with a newline.
    /// - Throws: `MappingError` for an entity the model does not have (with the closest name
    ///   it has), `JSONKeyPath.SyntaxError` for a key path that does not parse.
    public func jsonSchema(
        of entity: some EntitySpecifier,
        at keyPath: String? = nil,
        reading options: ModelDecoder.Options? = nil
    ) throws -> String {
        try schemaDocument(of: entity, at: keyPath, reading: options, openAPI: false)
    }

    /// An OpenAPI 3.1 document whose `components/schemas` hold every entity of the model and,
    /// as `<Entity>Document`, the schema of documents holding objects of `entity`: what
    /// ``jsonSchema(of:at:reading:)`` describes, ready to merge into a spec that
    /// swift-openapi-generator reads.
    ///
    /// - Parameters: as ``jsonSchema(of:at:reading:)``'s.
    /// - Returns: the document's text, pretty-printed, ending with a newline.
    /// - Throws: as ``jsonSchema(of:at:reading:)`` does.
    public func openAPIDocument(
        of entity: some EntitySpecifier,
        at keyPath: String? = nil,
        reading options: ModelDecoder.Options? = nil
    ) throws -> String {
        try schemaDocument(of: entity, at: keyPath, reading: options, openAPI: true)
    }

    private func schemaDocument(
        of entity: some EntitySpecifier,
        at keyPath: String?,
        reading options: ModelDecoder.Options?,
        openAPI: Bool
    ) throws -> String {
        let description = try checkedEntity(named: entity.specifiedEntityName)
        let path =
            try keyPath.map { $0.isEmpty ? [] : try JSONKeyPath(parsing: $0).components }
            ?? (description.declaresRoot ? description.rootKeyPath?.components ?? [] : [])
        var reading = options ?? ModelDecoder.Options()
        if options == nil { reading.strictness = .strict }
        let builder = SchemaBuilder(
            model: self,
            options: reading,
            definitionsPath: openAPI ? "#/components/schemas/" : "#/$defs/"
        )
        let root = builder.document(of: description.name, at: path)
        let value = openAPI ? builder.openAPIDocument(root: root, entity: description.name) : root
        return value.jsonText(options: [.prettyPrinted, .withoutEscapingSlashes]) + "\n"
    }
}
