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

    @Option(
        help: """
            The entity of the objects in the files (default: the entity whose jsonRootKeyPath says where a \
            document holds it, when one does; else the model's only entity without a superentity, else the only \
            one no other holds in a to-many or cascading relationship).
            """
    )
    var entity: String?

    @Option(
        name: .customLong("at"),
        help:
            "Where the objects are in each file, as a key path (`data.authors`; default: the entity's jsonRootKeyPath)."
    )
    var keyPath: String?

    @Option(help: "text (file:line:column: error: message) or json.")
    var format: OutputFormat = .text

    @Option(help: "The version of a .xcdatamodeld bundle to use (default: its current version).")
    var modelVersion: String?

    @Option(
        name: .customLong("date-transformer"),
        help: ArgumentHelp(
            "Register a date transformer the model names: NAME=FORMAT (iso8601, yearMonthDay, secondsSince1970, "
                + "millisecondsSince1970, microsecondsSince1970, rfc1123 or a pattern; repeatable). One the model declares (dateFormat beside "
                + "the transformer's name) needs none; this replaces it."
        )
    )
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
        for definition in dateTransformers {
            let parts = definition.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let format = DateFormat.list(parts[1]).first else {
                throw ValidationError("--date-transformer takes NAME=FORMAT, not '\(definition)'.")
            }
            ValueTransformer.setValueTransformer(
                DateTransformer(format: format),
                forName: ValueTransformer.Name(parts[0])
            )
        }
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        // What the model declares, as its generated load() registers it: after the command
        // line's, which win.
        loaded.registerDeclaredDateTransformers()
        let chosen = try documentEntity(of: loaded)
        // Where the entity says a document holds it, unless the command line says.
        let at = keyPath ?? (chosen.declaresRoot ? chosen.rootKeyPath?.description : nil)
        // The model's conventions apply, except where the command line says otherwise.
        var roundTrip = RoundTrip(model: loaded, entity: chosen.name, at: at, normalizations: normalizations)
        let overrides = conventions.overrides
        roundTrip.decoderOptions.conventions = overrides
        roundTrip.encoderOptions.conventions = overrides
        return roundTrip
    }

    /// The entity a document holds: `--entity`; else the one entity that declares where a
    /// document holds it (`jsonRootKeyPath`); else the one ``ObjectModel/topLevelEntities``
    /// gives. Several of either are a question for the user.
    func documentEntity(of loaded: ObjectModel) throws -> EntityDescription {
        if let entity {
            guard let found = loaded.entitiesByName[entity] else {
                throw CommandFailure(
                    path: model,
                    message: "the model has no entity '\(entity)'"
                        + ClosestName.suggestion(for: entity, among: loaded.entities.map(\.name))
                )
            }
            return found
        }
        let declared = loaded.declaredRoots
        if declared.count == 1, let root = declared.first { return root }
        if declared.count > 1 {
            let listed = declared.map { root in root.name + (root.rootKeyPath.map { " at \($0)" } ?? "") }
            throw ValidationError(
                "The model declares \(declared.count) entities a document may hold (jsonRootKeyPath): say which "
                    + "with --entity (\(listed.joined(separator: ", ")))."
            )
        }
        let roots = loaded.topLevelEntities
        guard roots.count == 1, let root = roots.first else {
            let listed = roots.isEmpty ? loaded.entities : roots
            throw ValidationError(
                "The model has \(roots.count) entities a document may hold at its top level: say which with "
                    + "--entity (\(listed.map(\.name).joined(separator: ", ")))."
            )
        }
        return root
    }

    func read(_ file: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure(path: file, error)
        }
    }
}
