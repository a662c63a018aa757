/// A place in a model file: the file, a 1-based line and a 1-based column.
///
/// Every problem found while loading a model file carries one, so tools can print
/// compiler-style messages that editors turn into links:
///
/// ```swift
/// let location = SourceLocation(file: "Authors.xcdatamodel/contents", line: 12, column: 9)
/// print(location)   // Authors.xcdatamodel/contents:12:9
/// ```
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path of the file, or a name such as `<memory>` for a model read from a string.
    public var file: String
    /// The 1-based line, or 0 when the problem concerns the file as a whole.
    public var line: Int
    /// The 1-based column, or 0 when only the line is known.
    public var column: Int

    /// A location; 0 for a line or column that is not known.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, dropping the parts that are not known.
    public var description: String {
        guard line > 0 else { return file }
        guard column > 0 else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
