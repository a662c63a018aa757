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

    @Option(help: "The entity of the objects in the files (default: the model's only entity without a superentity).")
    var entity: String?

    @Option(name: .customLong("at"), help: "Where the objects are in each file, as a key path (`data.authors`).")
    var keyPath: String?

    @Option(help: "text (file:line:column: error: message) or json.")
    var format: OutputFormat = .text

    @Option(help: "The version of a .xcdatamodeld bundle to use (default: its current version).")
    var modelVersion: String?

    @Option(
        name: .customLong("date-transformer"),
        help:
            "Register a date transformer the model names: NAME=FORMAT (iso8601, yearMonthDay, secondsSince1970, millisecondsSince1970 or a pattern; repeatable)."
    )
    var dateTransformers: [String] = []

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
        let name: String
        if let entity {
            guard loaded.entitiesByName[entity] != nil else {
                throw CommandFailure(path: model, message: "the model has no entity '\(entity)'")
            }
            name = entity
        } else {
            let roots = loaded.entities.filter { $0.superentity == nil }
            guard roots.count == 1, let root = roots.first else {
                throw ValidationError(
                    "The model has \(roots.count) entities without a superentity: say which with --entity (\(roots.map(\.name).joined(separator: ", ")))."
                )
            }
            name = root.name
        }
        return RoundTrip(model: loaded, entity: name, at: keyPath, normalizations: normalizations)
    }

    func read(_ file: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure(path: file, error)
        }
    }
}

/// One problem of a JSON file, printed the compilers' way or as JSON.
struct JSONFileProblem {
    var file: String
    var line: Int?
    var column: Int?
    var message: String
    var path: JSONPath?

    init(file: String, error: MappingError) {
        self.file = file
        line = error.context.line
        column = error.context.column
        message = error.description
        path = error.path
    }

    init(file: String, difference: JSONDifference) {
        self.file = file
        message = "round trip: \(difference)"
        path = difference.path
    }

    init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    var text: String {
        var location = file
        if let line, line > 0 {
            location += ":\(line)"
            if let column, column > 0 { location += ":\(column)" }
        }
        return "\(location): error: \(message)"
    }

    var json: JSONValue {
        var object = JSONObject()
        object["file"] = .string(file)
        if let line, line > 0 { object["line"] = .integer(line) }
        if let column, column > 0 { object["column"] = .integer(column) }
        object["severity"] = "error"
        object["message"] = .string(message)
        if let path { object["path"] = .string(path.description) }
        return .object(object)
    }

    /// Prints the problems (text on standard error, JSON on standard output), then a summary.
    static func report(_ problems: [JSONFileProblem], files: Int, format: JSONFileOptions.OutputFormat, checked: String)
    {
        switch format {
        case .text:
            for problem in problems { printToStandardError(problem.text) }
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            print("\(files) file\(files == 1 ? "" : "s") \(checked): \(count)")
        case .json:
            print(
                JSONValue.array(JSONArray(problems.map(\.json)))
                    .jsonText(options: [
                        .prettyPrinted, .withoutEscapingSlashes,
                    ])
            )
        }
    }
}

struct CheckJSONCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-json",
        abstract: "Decode JSON files through a model and report every error, at its line and column.",
        discussion: """
            Each file is decoded with every error collected (not only the first), and each is \
            printed as file:line:column: error: message, the line and column being the value's \
            in the JSON file. The exit status is 1 when a file has an error. --format json prints \
            the problems as a JSON array for tools.
            """
    )

    @OptionGroup var options: JSONFileOptions

    func execute() throws {
        let roundTrip = try options.roundTrip()
        var problems: [JSONFileProblem] = []
        for file in options.files {
            do {
                problems += try roundTrip.decodingErrors(in: options.read(file))
                    .map {
                        JSONFileProblem(file: file, error: $0)
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            }
        }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "checked")
        if !problems.isEmpty { throw ExitCode.failure }
    }
}

struct RoundtripCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "Decode JSON files through a model, encode them back, and report what did not survive.",
        discussion: """
            Reports the decoding errors as check-json does, then, for each file that decodes, \
            every place where the JSON written back differs from the file (unknown keys and the \
            source's spellings are kept, so a faithful mapping gives the same tokens in the same \
            order): file: error: round trip: $.path: expected …, found …. --normalize relaxes the \
            comparison: numbers (by value), key-order, absent-null, or all. The exit status is 1 \
            when a file has a problem.
            """
    )

    @OptionGroup var options: JSONFileOptions

    @Option(help: "Comparison rules to relax, comma-separated: numbers, key-order, absent-null, all.")
    var normalize: String?

    func execute() throws {
        var normalizations: JSONComparison.Normalizations = []
        for name in (normalize ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch name {
            case "numbers": normalizations.insert(.numbersByValue)
            case "key-order": normalizations.insert(.keyOrderIgnored)
            case "absent-null": normalizations.insert(.absentEqualsNull)
            case "all": normalizations.formUnion(.all)
            default:
                throw ValidationError("Unknown normalization '\(name)': use numbers, key-order, absent-null or all.")
            }
        }
        let roundTrip = try options.roundTrip(normalizations: normalizations)
        var problems: [JSONFileProblem] = []
        for file in options.files {
            let data = try options.read(file)
            do {
                let errors = try roundTrip.decodingErrors(in: data)
                guard errors.isEmpty else {
                    problems += errors.map { JSONFileProblem(file: file, error: $0) }
                    continue
                }
                problems += try roundTrip.differences(decoding: data)
                    .map {
                        JSONFileProblem(file: file, difference: $0)
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            } catch let error as MappingError {
                problems.append(JSONFileProblem(file: file, error: error))
            }
        }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "round-tripped")
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
