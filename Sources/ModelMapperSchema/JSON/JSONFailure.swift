/// An error type a JSON reader or scanner throws: its callers' own, made from the JSON layer's
/// error where it happens, so that the hot paths above throw one type and convert nothing.
@_spi(Engine) public protocol JSONFailure: Error {
    /// The caller's error for `error`.
    init(_ error: JSONError)

    /// The same error at `path`, when it is a syntax error (whose path the reader knows better
    /// than the scanner); any other unchanged.
    func locatedSyntaxError(at path: JSONPath) -> Self
}

extension JSONError: JSONFailure {
    /// The JSON layer's own error is its own failure.
    @_spi(Engine) @inlinable public init(_ error: JSONError) {
        self = error
    }

    /// The error with its path replaced by `path`.
    @_spi(Engine) @inlinable public func locatedSyntaxError(at path: JSONPath) -> JSONError {
        guard kind == .syntax else { return self }
        var located = self
        located.path = path
        return located
    }
}
