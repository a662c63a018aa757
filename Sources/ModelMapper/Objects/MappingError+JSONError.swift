@_spi(Engine) import ModelMapperSchema
@_spi(Engine) extension MappingError: JSONFailure {
    /// The public error for what the JSON layer reports: the one place its errors become
    /// ``MappingError``s. A syntax error is `.invalidJSON` with the line and column in the
    /// context (and its detail), a limit or a value without a JSON form `.notRepresentable`.
    public init(_ error: JSONError) {
        switch error.kind {
        case .syntax:
            var context = Context(path: error.path, detail: error.locatedMessage)
            context.line = error.line
            context.column = error.column
            self = .invalidJSON(context)
        case .limitExceeded(let option):
            // Named by the option, so that `catch MappingError.notRepresentable("ModelDecoder.Options.maximumDepth")`
            // matches it, and said as a limit of reading.
            var context = Context(
                name: "ModelDecoder.Options.\(option)",
                path: error.path,
                found: error.message,
                detail: error.located("raise ModelDecoder.Options.\(option) to allow it")
            )
            context.line = error.line
            context.column = error.column
            self = .notRepresentable(context)
        case .notRepresentable:
            self = MappingError(.notRepresentable, path: error.path, found: error.message, detail: error.detail)
        }
    }

    /// What `body` returns, a JSON error it throws mapped to a ``MappingError``: for calls into
    /// the JSON layer from code that throws mapping errors.
    static func mappingJSONErrors<Value>(_ body: () throws(JSONError) -> Value) throws(MappingError) -> Value {
        do {
            return try body()
        } catch {
            throw MappingError(error)
        }
    }

    /// The error with its path replaced by `path`, where it is a syntax error: the JSON layer
    /// reports where the bytes went wrong, the decoder knows which value that was.
    public func locatedSyntaxError(at path: JSONPath) -> MappingError {
        guard case .invalidJSON(var context) = self else { return self }
        context.path = path
        return .invalidJSON(context)
    }
}
