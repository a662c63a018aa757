import Foundation

/// A predicate in Core Data's format-string language, parsed by ModelMapper itself (on Linux
/// Foundation cannot parse format strings), that prints back as the format it came from.
///
/// For example:
///
/// ```swift
/// let predicate = try ModelPredicate(format: "ANY books.year < %d AND lastName BEGINSWITH[cd] 'tw'", 1900)
/// predicate.description   // ANY books.year < 1900 AND lastName BEGINSWITH[cd] "tw"
/// ```
///
/// The grammar is the one Apple's *Predicate Programming Guide* describes: comparisons (`==`,
/// `!=`, `<`, `<=`, `>`, `>=`, `BETWEEN`, `IN`), string operators (`BEGINSWITH`, `ENDSWITH`,
/// `CONTAINS`, `LIKE`, `MATCHES`) with `[c]`, `[d]` and `[cd]`, `AND`/`OR`/`NOT` (`&&`, `||`,
/// `!`), `ANY`/`ALL`/`NONE`/`SOME`, key paths with `@count`, `@sum`, `@avg`, `@min`, `@max`,
/// `SUBQUERY`, `CAST`, `$VARIABLES`, literals (strings, numbers, `TRUE`/`YES`, `FALSE`/`NO`,
/// `NIL`/`NULL`, `{…}`), arithmetic, and the format arguments `%@`, `%K`, `%d`, `%i`, `%ld`,
/// `%lld`, `%u`, `%lu`, `%f`, `%lf` and `%%`.
///
/// A predicate is written as a format string, as with Core Data's `NSPredicate`; its syntax
/// tree is the package's own, so that it can grow without breaking anyone. Two predicates are
/// equal when their trees are: `a == 1` and `a = 1` are, `a == 1 AND b == 2` and its reverse
/// are not.
///
/// Named so as not to clash with Foundation's `Predicate` macro type, which is another thing.
public struct ModelPredicate: Sendable, Hashable, CustomStringConvertible {
    /// The parsed predicate.
    package var syntax: PredicateSyntax

    /// A predicate of a syntax tree the package made.
    package init(_ syntax: PredicateSyntax) {
        self.syntax = syntax
    }

    /// The longest format string parsed, in bytes.
    public static let maximumLength = 65_536
    /// The deepest nesting parsed (parentheses, `NOT`s, lists, function arguments, subqueries,
    /// unary minus signs): enough for any predicate written by hand, and within what a 512 KB
    /// thread stack allows in a debug build.
    public static let maximumDepth = 100

    /// Parses a predicate format string, substituting the format arguments in order.
    ///
    /// For example:
    ///
    /// ```swift
    /// let recent = try ModelPredicate(format: "%K >= %@ AND rating > %f", "published", cutoff, 4.5)
    /// ```
    ///
    /// - Throws: ``PredicateSyntaxError`` with the column of the first problem and what was
    ///   expected there; also for an argument of the wrong type for its specifier, and for
    ///   more or fewer arguments than specifiers.
    public init(format: String, _ arguments: Any?...) throws(PredicateSyntaxError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses a predicate format string with its arguments in an array.
    ///
    /// - Throws: ``PredicateSyntaxError``.
    public init(format: String, argumentArray arguments: [Any?]) throws(PredicateSyntaxError) {
        var parser = try PredicateParser(format: format, arguments: arguments)
        syntax = try parser.parse()
    }

    /// The predicate as a format string that parses back to the same predicate, as `print`
    /// and string interpolation show it.
    public var description: String { syntax.description }
}
