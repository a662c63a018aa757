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
