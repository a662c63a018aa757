// remap: read a JSON file through a model and print it back re-encoded, to try a model
// against real API responses.
//
//     swift run remap Models/Authors.xcdatamodeld Examples/Authors/Authors.json --entity Author --at authors
import ArgumentParser
import Foundation
import ModelMapper

@main
struct Remap: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Decode a JSON file through a Core Data model and print it re-encoded.",
        discussion: """
            Shows what ModelMapper reads from a document: keys the model does not map disappear (unless \
            --keep-unknown), values are converted to the attributes' types, and errors say where the \
            document does not fit the model. Besides the built-in transformers, date transformers can be \
            registered with --date-transformer NAME=FORMAT (FORMAT: iso8601, yearMonthDay, \
            secondsSince1970, millisecondsSince1970, or a pattern such as dd/MM/yyyy); attributes naming \
            other transformers fail with an error that says so.
            """
    )

    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Argument(help: "The JSON file: an object, or an array of objects.", completion: .file())
    var json: String

    @Option(
        help: ArgumentHelp(
            "The entity of the objects (default: ObjectModel.topLevelEntities: the model's only entity without a "
                + "superentity, else the only one that no other holds in a to-many or cascading relationship)."
        )
    )
    var entity: String?

    @Option(help: "Where the objects are in the document, as a key path (\"data.items\").")
    var at: String?

    @Flag(help: "Accept only each attribute's own JSON type (no \"101\" for a number).")
    var strict = false

    @Flag(help: "Keep the keys the model does not map and write them back.")
    var keepUnknown = false

    @Flag(help: "Report every error of the document, not only the first.")
    var allErrors = false

    @Flag(help: "Sort keys in the output.")
    var sorted = false

    @Option(name: .customLong("date-transformer"), help: "Register a date transformer: NAME=FORMAT (repeatable).")
    var dateTransformers: [String] = []

    func run() throws {
        // Errors are printed once, compiler-style, with the file they are about; ArgumentParser
        // would prefix "Error: " to messages that already say "error:".
        do {
            try remap()
        } catch let error as ValidationError {
            throw error
        } catch let error as ModelLoadingError {
            fail(error.diagnostics.map(\.description))
        } catch let error as MappingErrors {
            fail(error.errors.map { "\(json): error: \($0)" })
        } catch let error as MappingError {
            fail(["\(json): error: \(error)"])
        } catch let error as CocoaError {
            fail([ModelLoadingError(fileSystemError: error, at: json).description])
        } catch {
            fail(["\(json): error: \(error)"])
        }
    }

    private func fail(_ lines: [String]) -> Never {
        for line in lines { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        Self.exit(withError: ExitCode.failure)
    }

    private func remap() throws {
        for definition in dateTransformers {
            let parts = definition.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ValidationError("--date-transformer takes NAME=FORMAT, not '\(definition)'.")
            }
            guard let format = DateFormat.list(parts[1]).first else {
                throw ValidationError("--date-transformer takes NAME=FORMAT, not '\(definition)'.")
            }
            ValueTransformer.setValueTransformer(
                DateTransformer(format: format),
                forName: ValueTransformer.Name(parts[0])
            )
        }
        let objectModel = try ObjectModel(contentsOf: URL(fileURLWithPath: model))
        let target = try chooseEntity(in: objectModel)
        var options = ModelDecoder.Options()
        options.strictness = strict ? .strict : .lenient
        options.unknownKeys = keepUnknown ? .keep : .ignore
        options.collectsAllErrors = allErrors
        let decoder = ModelDecoder(model: objectModel, options: options)
        let document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: json)))

        var payload = document
        for key in try at.map({ try JSONKeyPath(parsing: $0).components }) ?? [] {
            payload = payload[key] ?? .null
        }
        if at == nil, let suggestion = Self.suggestedKeyPath(in: document, for: target) {
            throw ValidationError(
                "The document's top level is an object holding \(suggestion.what) at '\(suggestion.keyPath)', not an "
                    + "\(target.name); try --at \(suggestion.keyPath)"
            )
        }
        let encoder = ModelEncoder(
            options: .init(outputFormatting: sorted ? [.prettyPrinted, .sortedKeys] : [.prettyPrinted])
        )
        let output: JSONValue
        if case .array = payload {
            output = try encoder.encodeJSON(decoder.decodeObjects(of: target, from: document, at: at))
        } else {
            output = try encoder.encodeJSON(decoder.decodeObject(of: target, from: document, at: at))
        }
        print(output.jsonText(options: encoder.options.outputFormatting))
    }

    /// Where the objects probably are when the top level is an object none of whose keys the
    /// entity reads: its first member holding an array of objects (or else an object).
    static func suggestedKeyPath(in document: JSONValue, for entity: EntityDescription) -> (
        keyPath: String, what: String
    )? {
        guard case .object(let object) = document else { return nil }
        let readKeys = Set(entity.properties.compactMap { $0.jsonKeyPath.components.first })
        guard !object.keys.contains(where: readKeys.contains) else { return nil }
        for (key, value) in object {
            if case .array(let elements) = value, let first = elements.first, case .object = first {
                return (JSONKeyPath(key: key).description, "an array of objects")
            }
        }
        for (key, value) in object {
            if case .object = value { return (JSONKeyPath(key: key).description, "an object") }
        }
        return nil
    }

    private func chooseEntity(in model: ObjectModel) throws -> EntityDescription {
        if let entity {
            guard let found = model.entitiesByName[entity] else {
                throw ValidationError(
                    "The model has no entity '\(entity)'; it has \(model.entities.map(\.name).joined(separator: ", "))."
                )
            }
            return found
        }
        let roots = model.topLevelEntities
        guard roots.count == 1, let root = roots.first else {
            throw ValidationError(
                "Say which entity the document holds with --entity "
                    + "(\(model.entities.map(\.name).joined(separator: ", ")))."
            )
        }
        return root
    }
}
