import ArgumentParser
import Foundation
import ModelMapper
import ModelgenCore

struct SchemaCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (or OpenAPI components) of the JSON a model reads and writes.",
        discussion: """
            Writes a JSON Schema (draft 2020-12) of documents holding objects of one entity, \
            with every entity in $defs: keys after the model's conventions, identities, \
            required values, date forms as patterns, relationships as nested objects or \
            identity references, subentities by their type key, the values an attribute lists \
            (jsonValues) as enum. It describes strict reading, \
            what the encoder writes; --lenient describes the decoder's default options, which \
            also read numbers sent as text. A transformer of the app's reads any JSON unless \
            --date-transformer names its date form. --openapi writes an OpenAPI 3.1 document \
            whose components/schemas hold the same, for swift-openapi-generator or a spec.
            """
    )

    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Option(help: ArgumentHelp("The entity of the document's objects (\(DocumentEntity.defaultHelp))."))
    var entity: String?

    @Option(
        name: .customLong("at"),
        help:
            "Where a document holds the objects, as a key path (`data.authors`; default: the entity's jsonRootKeyPath)."
    )
    var keyPath: String?

    @Option(help: ArgumentHelp(DocumentEntity.modelVersionHelp))
    var modelVersion: String?

    @Flag(help: "Describe the decoder's default options (lenient) instead of strict reading.")
    var lenient = false

    @Flag(help: "Refuse keys the model does not read (unevaluatedProperties: false), as unknownKeys = .reject does.")
    var rejectUnknownKeys = false

    @Flag(help: "Include the minimum and maximum values and lengths the model declares, as checksBounds does.")
    var checkBounds = false

    @Flag(help: "Write an OpenAPI 3.1 document (components/schemas) instead of a JSON Schema.")
    var openapi = false

    @Option(name: .customLong("date-transformer"), help: ArgumentHelp(DocumentEntity.dateTransformerHelp))
    var dateTransformers: [String] = []

    @OptionGroup var conventions: ConventionOptions

    func execute() throws {
        try DocumentEntity.registerDateTransformers(dateTransformers)
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        let chosen = try DocumentEntity.choose(in: loaded, named: entity, modelPath: model)
        var options = ModelDecoder.Options()
        if !lenient { options.strictness = .strict }
        if rejectUnknownKeys { options.unknownKeys = .reject }
        options.checksBounds = checkBounds
        options.conventions = conventions.overrides
        let text =
            openapi
            ? try loaded.openAPIDocument(of: chosen, at: keyPath, reading: options)
            : try loaded.jsonSchema(of: chosen, at: keyPath, reading: options)
        print(text, terminator: "")
    }
}
