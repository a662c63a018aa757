/// One problem found in a model file, with where it is.
///
/// Its description has the shape compilers use, so editors and CI logs make it a link:
///
/// ```swift
/// do {
///     _ = try ObjectModel(contentsOf: url)
/// } catch let error as ModelLoadingError {
///     for diagnostic in error.diagnostics { print(diagnostic) }
///     // Books.xcdatamodel/contents:7:9: error: relationship 'Book.author' names destination entity 'Writer', which does not exist
/// }
/// ```
public struct ModelDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The model cannot be used as written.
        case error
        /// The model loads, but something in it is probably not what its author meant.
        case warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:column: error: message`
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }
}
