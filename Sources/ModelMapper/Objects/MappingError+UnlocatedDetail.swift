extension MappingError {
    /// The detail of a JSON syntax error without the "line N, column M: " it starts with, for
    /// messages that carry the line and column apart (a file's diagnostics, a configuration's
    /// errors); the description when there is no detail.
    package var unlocatedDetail: String {
        var detail = context.detail ?? description
        if let line = context.line, let column = context.column, detail.hasPrefix("line \(line), column \(column): ") {
            detail.removeFirst("line \(line), column \(column): ".count)
        }
        return detail
    }
}
