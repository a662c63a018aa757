import Foundation

/// A predicate format string that cannot be parsed: where (the column, counting characters
/// from 1), what was expected there, and what was found.
///
/// For example, `ModelPredicate(format: "name == ")` throws
/// `column 9: expected a value (a key path, a literal, a variable or a format argument), found the end`.
public struct PredicateSyntaxError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The column of the problem, from 1, in characters of the format string.
    public var column: Int
    /// What the parser expected there.
    public var expected: String
    /// What it found instead.
    public var found: String
    /// The format string.
    public var format: String

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `PredicateSyntaxError` as text, as `print` and string interpolation show it.
    public var description: String { "column \(column): expected \(expected), found \(found)" }
}
