import Foundation
import ModelMapper

/// A problem of a JSON file, told as compilers tell them: `file:line:column: error: message`. One
/// rule for `modelgen check-json` and `roundtrip` and for the testing helpers, so that a fixture's
/// problems read the same in a test's issue and on the command line.
package struct LocatedProblem {
    package var file: String
    package var line: Int?
    package var column: Int?
    package var severity: String
    package var message: String

    package init(file: String, line: Int? = nil, column: Int? = nil, severity: String = "error", message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// A decoding error of `file`, at the line and column it carries.
    package init(file: String, error: MappingError) {
        self.init(file: file, line: error.context.line, column: error.context.column, message: error.description)
    }

    /// A difference after a round trip of `data` (the text of `file`), at the line and column
    /// of its path there.
    package init(file: String, difference: JSONDifference, in data: Data) {
        let position = JSONReader.position(of: difference.path, in: data)
        self.init(file: file, line: position?.line, column: position?.column, message: "round trip: \(difference)")
    }

    /// `file:line:column: severity: message`, without the line or column where unknown.
    package var text: String {
        var location = file
        if let line, line > 0 {
            location += ":\(line)"
            if let column, column > 0 { location += ":\(column)" }
        }
        return "\(location): \(severity): \(message)"
    }
}
