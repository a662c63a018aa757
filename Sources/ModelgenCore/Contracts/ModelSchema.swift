import ModelMapper

/// The JSON a model reads and writes, as a JSON Schema (draft 2020-12) or as OpenAPI 3.1
/// components: for validators, API gateways and swift-openapi-generator.
///
/// The schema describes what a decoder with the given options reads, from the mappings the
/// coders use: keys after the model's conventions, identities, required values, date forms,
/// relationships as nested objects or identity references, subentities by their type key. By
/// default it describes strict reading (``/ModelMapper/ModelDecoder/Options-swift.struct/Strictness-swift.enum/strict``), which is
/// what ``/ModelMapper/ModelEncoder`` writes; pass the options your app decodes with to describe those.
///
/// For example:
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// let schema = try ModelSchema.document(of: model, entity: "Author", at: "authors")
/// // {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", ...}
/// ```
///
/// What a schema cannot say, it leaves open rather than refuse what the decoder reads: the
/// values of a transformer of the app's (any JSON; register a `DateTransformer` under its name
/// to describe dates), the calendar of a date (a pattern checks its form, so `2001-02-29`
/// passes), the range of a number sent as text, lengths counted in UTF-16 units (a schema
/// counts characters), the significant digits a `Decimal` keeps. Date, UUID and URI values
/// carry a `format` as an annotation; what is checked is in their `pattern`.
public enum ModelSchema {
    /// What kind of document to write.
    public enum Format: Sendable, Hashable {
        /// A JSON Schema, draft 2020-12: the document's schema, the entities in `$defs`.
        case jsonSchema
        /// An OpenAPI 3.1 document whose `components/schemas` hold the entities (and the
        /// document's schema as `<Entity>Document`), ready to merge into a spec.
        case openAPI
    }

    /// The schema of documents holding objects of `entity`.
    ///
    /// - Parameters:
    ///   - model: the model.
    ///   - entity: the entity of the document's objects.
    ///   - keyPath: where a document holds them (`data.authors`), as the decoder's `at`; nil:
    ///     the entity's `jsonRootKeyPath` if it declares one, else the document itself. There,
    ///     an array of objects or one object.
    ///   - options: the decoder's options to describe; nil: the defaults with strict reading.
    ///     Their conventions apply over the model's, as the decoder applies them.
    ///   - format: a JSON Schema or OpenAPI components.
    /// - Returns: the document's text, pretty-printed, ending with a newline.
    /// - Throws: `MappingError` for an entity the model does not have (with the closest name
    ///   it has), `JSONKeyPath.SyntaxError` for a key path that does not parse.
    public static func document(
        of model: ObjectModel,
        entity: some EntitySpecifier,
        at keyPath: String? = nil,
        reading options: ModelDecoder.Options? = nil,
        format: Format = .jsonSchema
    ) throws -> String {
        let description = try model.checkedEntity(named: entity.specifiedEntityName)
        let path =
            try keyPath.map { $0.isEmpty ? [] : try JSONKeyPath(parsing: $0).components }
            ?? (description.declaresRoot ? description.rootKeyPath?.components ?? [] : [])
        var reading = options ?? ModelDecoder.Options()
        if options == nil { reading.strictness = .strict }
        let openAPI = format == .openAPI
        let builder = SchemaBuilder(
            model: model,
            options: reading,
            definitionsPath: openAPI ? "#/components/schemas/" : "#/$defs/"
        )
        let root = builder.document(of: description.name, at: path)
        let value = openAPI ? builder.openAPIDocument(root: root, entity: description.name) : root
        return value.jsonText(options: [.prettyPrinted, .withoutEscapingSlashes]) + "\n"
    }
}
