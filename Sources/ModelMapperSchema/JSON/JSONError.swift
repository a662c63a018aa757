/// What the JSON text layer reports: text that is not JSON, a limit the reader was given, or a
/// value that has no JSON form, with where it is (byte offset, line and column, JSON path).
///
/// Package-internal: callers above map it once into their own error. The codecs and `ModelObject` map
/// it into the public `MappingError` (`MappingError+JSONError.swift`, beside that error), the
/// way swift-foundation maps its JSON parser's errors to `DecodingError`; the model loader
/// turns it into a diagnostic at the conventions file's line and column.
@_spi(Engine) public struct JSONError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The text is not JSON; ``JSONError/message`` says what was expected and what found.
        case syntax
        /// The text is JSON, but more than the reader was allowed to take (too long a string,
        /// too many elements): the limit is the reader's option of this name.
        case limitExceeded(option: String)
        /// A value has no JSON form (a non-finite number, a key that is not a string, a
        /// container that contains itself, a date a format cannot write).
        case notRepresentable
    }

    /// What kind of error: syntax, a limit, or a value without a JSON form.
    public var kind: Kind
    /// For a syntax error, what was expected and what found (`expected a value, found ']'`);
    /// for a limit, what was over it; for a value, what it was.
    public var message: String
    /// Why, where that says more than ``message``: `JSON numbers are finite`.
    public var detail: String?
    /// Where in the text: the byte offset, and the 1-based line and column (columns count
    /// Unicode scalars); nil for a value that was not read from text.
    public var offset: Int?
    /// The 1-based line (see ``offset``).
    public var line: Int?
    /// The 1-based column, counting Unicode scalars (see ``offset``).
    public var column: Int?
    /// Where in the document: the path of the value being read or written.
    public var path: JSONPath

    /// An error of `kind` with its message, and where it is as far as known.
    @inlinable public init(
        _ kind: Kind,
        _ message: String,
        detail: String? = nil,
        offset: Int? = nil,
        line: Int? = nil,
        column: Int? = nil,
        path: JSONPath = .root
    ) {
        self.kind = kind
        self.message = message
        self.detail = detail
        self.offset = offset
        self.line = line
        self.column = column
        self.path = path
    }

    /// `line 1, column 13: expected a value, found ']'`, or the message alone.
    @inlinable public var locatedMessage: String { located(message) }

    /// `text` after the error's line and column (`line 1, column 13: …`), or alone when the
    /// error has none.
    @inlinable public func located(_ text: String) -> String {
        guard let line, let column else { return text }
        return "line \(line), column \(column): \(text)"
    }

    /// `$.a[2]: line 1, column 13: expected a value, found ']'`.
    @inlinable public var description: String {
        "\(path): " + locatedMessage + (detail.map { ": " + $0 } ?? "")
    }
}
