/// One problem found in a model file, with where it is.
///
/// Its description has the shape compilers use, so editors and CI logs make it a link:
///
/// ```swift
/// do {
///     _ = try ObjectModel(contentsOf: url)
/// } catch let error as ModelLoadingError {
///     for diagnostic in error.diagnostics { print(diagnostic) }
///     // Books.xcdatamodel/contents:7:9: error: relationship 'Book.author' names destination
///     // entity 'Writer', which does not exist
/// }
/// ```
public struct ModelDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The model cannot be used as written.
        case error
        /// The model loads, but something in it is probably not what its author meant.
        case warning
        /// Information only, such as a version that was skipped; never an error, even strictly.
        case note
    }

    /// Whether the model can be used despite it.
    public var severity: Severity
    /// Where in the model file.
    public var location: SourceLocation
    /// What is wrong, in a sentence without the location.
    public var message: String
    /// What kind of problem it is (see ``Code``): stable across versions, where the message
    /// may be reworded.
    public var code: Code

    /// A diagnostic of `severity` at `location`, made outside the library's catalogue: its
    /// code is ``Code/unclassified``.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.init(severity, message, code: .unclassified, at: location)
    }

    /// A diagnostic of `severity` and `code` at `location`.
    public init(_ severity: Severity, _ message: String, code: Code, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.code = code
        self.location = location
    }

    /// A diagnostic of the catalogue (the `ModelDiagnostic+…Messages.swift` files) at `location`.
    package init(_ message: Message, at location: SourceLocation) {
        self.init(message.severity, message.text, code: message.code, at: location)
    }

    /// `file:line:column: error: message`
    public var description: String {
        "\(location): \(severity.rawValue): \(message)"
    }
}
