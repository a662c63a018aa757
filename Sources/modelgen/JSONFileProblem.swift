import ArgumentParser
import Foundation
import ModelMapper
import ModelMapperTestingCore

/// One problem of a JSON file, printed the compilers' way or as JSON.
struct JSONFileProblem {
    var file: String
    var line: Int?
    var column: Int?
    var message: String
    var path: JSONPath?
    /// `error`, or `warning` for what does not fail the check (keys the model never reads,
    /// under `--unmapped warn`).
    var severity = "error"

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

    /// As every tool tells a file's problem (``LocatedProblem``).
    var text: String {
        LocatedProblem(file: file, line: line, column: column, severity: severity, message: message).text
    }

    var json: JSONValue {
        var object = JSONObject()
        object["file"] = .string(file)
        if let line, line > 0 { object["line"] = .integer(line) }
        if let column, column > 0 { object["column"] = .integer(column) }
        object["severity"] = .string(severity)
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
            let errors = problems.filter { $0.severity == "error" }.count
            let warnings = problems.filter { $0.severity == "warning" }.count
            let count = errors == 1 ? "1 problem" : "\(errors) problems"
            let warned = warnings == 0 ? "" : warnings == 1 ? ", 1 warning" : ", \(warnings) warnings"
            print("\(files) file\(files == 1 ? "" : "s") \(checked): \(count)\(warned)")
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
