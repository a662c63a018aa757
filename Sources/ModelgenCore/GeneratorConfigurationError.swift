import Foundation
import ModelMapper

/// A `modelgen.json` that cannot be used: where (line and column for a syntax error, the JSON
/// path of a setting otherwise) and why.
@_spi(ModelgenTools) public struct GeneratorConfigurationError: Error, LocalizedError, Sendable, CustomStringConvertible
{
    /// The 1-based line of a syntax error.
    public var line: Int?
    /// The 1-based column of a syntax error, in Unicode scalars.
    public var column: Int?
    /// The setting at fault (`$.models.Shop.layout`), for an error that is not one of syntax.
    public var path: JSONPath?
    /// What is wrong.
    public var message: String

    /// An error at a line and column, or at a setting's path.
    public init(line: Int? = nil, column: Int? = nil, path: JSONPath? = nil, message: String) {
        self.line = line
        self.column = column
        self.path = path
        self.message = message
    }

    /// The error as a compiler-style line about `file`: `modelgen.json:3:14: error: …`, or
    /// `modelgen.json: error: $.layout: …`.
    public func description(file: String) -> String {
        let location = line.map { line in "\(file):\(line):\(column ?? 1)" } ?? file
        let setting = path.map { "\($0): " } ?? ""
        return "\(location): error: \(setting)\(message)"
    }

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `GeneratorConfigurationError` as text, as `print` and string interpolation show it.
    public var description: String { description(file: GeneratorConfiguration.fileName) }
}
