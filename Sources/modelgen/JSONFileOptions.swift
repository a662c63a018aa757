import ArgumentParser
import Foundation
import ModelMapper
import ModelMapperTestingCore

/// What `check-json` and `roundtrip` share: the model, the files, where the objects are, and
/// how problems are printed.
struct JSONFileOptions: ParsableArguments {
    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Argument(help: "The JSON files.", completion: .file())
    var files: [String] = []

    @Option(help: ArgumentHelp("The entity of the objects in the files (\(DocumentEntity.defaultHelp))."))
    var entity: String?

    @Option(
        name: .customLong("at"),
        help:
            "Where the objects are in each file, as a key path (`data.authors`; default: the entity's jsonRootKeyPath)."
    )
    var keyPath: String?

    @Option(help: "text (file:line:column: error: message) or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp(DocumentEntity.modelVersionHelp))
    var modelVersion: String?

    @Option(name: .customLong("date-transformer"), help: ArgumentHelp(DocumentEntity.dateTransformerHelp))
    var dateTransformers: [String] = []

    @OptionGroup var conventions: ConventionOptions

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one JSON file.") }
    }

    /// The round trip the options describe, the date transformers registered.
    func roundTrip(normalizations: JSONComparison.Normalizations = []) throws -> RoundTrip {
        try DocumentEntity.registerDateTransformers(dateTransformers)
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        // What the model declares, as its generated load() registers it: after the command
        // line's, which win.
        loaded.registerDeclaredDateTransformers()
        let chosen = try DocumentEntity.choose(in: loaded, named: entity, modelPath: model)
        // Where the entity says a document holds it, unless the command line says.
        let at = keyPath ?? (chosen.declaresRoot ? chosen.rootKeyPath?.description : nil)
        // The model's conventions apply, except where the command line says otherwise.
        var roundTrip = RoundTrip(model: loaded, entity: chosen.name, at: at, normalizations: normalizations)
        let overrides = conventions.overrides
        roundTrip.decoderOptions.conventions = overrides
        roundTrip.encoderOptions.conventions = overrides
        return roundTrip
    }

    func read(_ file: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure(path: file, error)
        }
    }
}
