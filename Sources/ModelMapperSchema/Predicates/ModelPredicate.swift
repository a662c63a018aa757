import Foundation

/// A predicate in Core Data's format-string language, parsed by ModelMapper itself (on Linux
/// Foundation cannot parse format strings): a syntax tree that prints back as the format it
/// came from.
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
/// Named so as not to clash with Foundation's `Predicate` macro type, which is another thing.
public indirect enum ModelPredicate: Sendable, Hashable {
    /// `TRUEPREDICATE`.
    case alwaysTrue
    /// `FALSEPREDICATE`.
    case alwaysFalse
    /// One comparison: `year >= 1900`.
    case comparison(Comparison)
    /// `NOT predicate`.
    case not(ModelPredicate)
    /// Two or more predicates that must all hold, in order.
    case and([ModelPredicate])
    /// Two or more predicates of which one must hold, in order.
    case or([ModelPredicate])
}

extension ModelPredicate {
    /// One comparison of a predicate: `ANY tags.name ==[c] "swift"`.
    public struct Comparison: Sendable, Hashable {
        /// How a to-many left side is compared: every element, any, none; `.direct` compares the
        /// value itself.
        public enum Quantifier: String, Sendable, Hashable {
            /// No quantifier: the left side's value itself.
            case direct = ""
            /// `ANY`: at least one element.
            case any = "ANY"
            /// `ALL`: every element.
            case all = "ALL"
            /// `NONE`: no element.
            case none = "NONE"
        }

        /// How the two sides are compared, as the format writes it.
        public enum Operator: String, Sendable, Hashable, CaseIterable {
            /// `==` (also written `=`).
            case equal = "=="
            /// `!=` (also written `<>`).
            case notEqual = "!="
            /// `<`.
            case less = "<"
            /// `<=` (also written `=<`).
            case lessOrEqual = "<="
            /// `>`.
            case greater = ">"
            /// `>=` (also written `=>`).
            case greaterOrEqual = ">="
            /// `BETWEEN {low, high}`: both bounds included.
            case between = "BETWEEN"
            /// `IN collection`: equal to one of its elements.
            case `in` = "IN"
            /// `BEGINSWITH`: the string starts with the other.
            case beginsWith = "BEGINSWITH"
            /// `ENDSWITH`: the string ends with the other.
            case endsWith = "ENDSWITH"
            /// `CONTAINS`: the string contains the other, or the collection the element.
            case contains = "CONTAINS"
            /// `LIKE`: the string matches a pattern of `*` (any run) and `?` (one character).
            case like = "LIKE"
            /// `MATCHES`: the whole string matches a regular expression.
            case matches = "MATCHES"
        }

        /// The string options of a comparison: `[c]` case-insensitive, `[d]` diacritic-insensitive.
        public struct Options: OptionSet, Sendable, Hashable {
            /// The options, one bit each.
            public let rawValue: UInt8
            /// The options whose bits `rawValue` sets.
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            /// `[c]`: case is ignored.
            public static let caseInsensitive = Options(rawValue: 1)
            /// `[d]`: diacritics are ignored (`é` equals `e`).
            public static let diacriticInsensitive = Options(rawValue: 2)
        }

        /// How a to-many left side is compared.
        public var quantifier: Quantifier
        /// The left side: usually a key path.
        public var left: Expression
        /// How the sides are compared.
        public var `operator`: Operator
        /// The string options (`[cd]`).
        public var options: Options
        /// The right side: usually a constant or a variable.
        public var right: Expression

        /// `left operator right`, with string options and a quantifier.
        public init(
            _ left: Expression,
            _ operator: Operator,
            _ right: Expression,
            options: Options = [],
            quantifier: Quantifier = .direct
        ) {
            self.left = left
            self.operator = `operator`
            self.right = right
            self.options = options
            self.quantifier = quantifier
        }
    }

    /// A value in a predicate: a key path, a constant, a variable, an aggregate, a function.
    public indirect enum Expression: Sendable, Hashable {
        /// The object being evaluated: `SELF`.
        case evaluatedObject
        /// A key path from another expression: `author.lastName` is `.keyPath(.evaluatedObject,
        /// ["author", "lastName"])`; components may be collection operators (`@count`, `@sum`, …).
        case keyPath(Expression, [String])
        /// A constant: a literal or a format argument.
        case constant(Value)
        /// `$NAME`: substituted when the predicate is run (`ModelPredicate.substituting(_:)`), or bound
        /// by a `SUBQUERY`.
        case variable(String)
        /// `{a, b, c}`.
        case aggregate([Expression])
        /// An element of a collection: `items[0]`, `items[FIRST]`, `items[LAST]`, `items[SIZE]`.
        case index(Expression, Index)
        /// `a + b`, `a - b`, `a * b`, `a / b`, `a ** b`.
        case arithmetic(Expression, ArithmeticOperator, Expression)
        /// `-a`.
        case negated(Expression)
        /// A function: `now()`, `CAST(x, "NSDate")`, `lowercase(x)`, …
        case function(String, [Expression])
        /// `SUBQUERY(collection, $variable, predicate)`: the elements of the collection for which
        /// the predicate holds, with the element bound to the variable.
        case subquery(Expression, variable: String, ModelPredicate)

        /// An arithmetic operator, as the format writes it.
        public enum ArithmeticOperator: String, Sendable, Hashable {
            /// `+`.
            case add = "+"
            /// `-`.
            case subtract = "-"
            /// `*`.
            case multiply = "*"
            /// `/`.
            case divide = "/"
            /// `**`: a power.
            case power = "**"
        }
    }

    /// Where in a collection `[…]` points.
    public enum Index: Sendable, Hashable {
        /// `[FIRST]`: the first element.
        case first
        /// `[LAST]`: the last element.
        case last
        /// `[SIZE]`: the number of elements.
        case size
        /// `[n]`: the element at a position from 0.
        case position(Expression)
    }

    /// A constant in a predicate.
    public enum Value: Sendable, Hashable {
        /// `nil` or `NULL`.
        case null
        /// `YES`/`TRUE` or `NO`/`FALSE`.
        case boolean(Bool)
        /// A number, as its text (a literal's, or a Swift number's description), so that it
        /// compares exactly with whatever type the other side has: `19.99` equals a Decimal 19.99,
        /// which a Double could not.
        case number(String)
        /// A quoted string, or one given as a format argument.
        case string(String)
        /// A date given as a format argument (or made by `CAST(x, "NSDate")`).
        case date(Date)
        /// A UUID given as a format argument.
        case uuid(UUID)
        /// A URL given as a format argument.
        case url(URL)
        /// Data given as a format argument.
        case data(Data)
        /// An object given as a format argument (`author == %@`), compared by identity.
        case object(ObjectReference)
        /// An array given as a format argument (`name IN %@`).
        case array([Value])
    }

    /// An object in a predicate, compared by identity. A predicate holding one keeps it alive;
    /// like the object graph, such a predicate belongs to one thread at a time.
    ///
    /// Predicates sit below objects in the library's layers, so the reference holds its object
    /// as a `PredicateReferent`; `ModelObject` is the only one, and `object` and `init(_:)` (in
    /// `Objects/`) give it back typed.
    public final class ObjectReference: @unchecked Sendable, Hashable {
        /// The object, held strongly.
        package let referent: any PredicateReferent

        /// A reference to `referent`, which the predicate keeps alive.
        package init(referent: any PredicateReferent) {
            self.referent = referent
        }

        /// Whether both refer to the same object.
        public static func == (left: ObjectReference, right: ObjectReference) -> Bool {
            left.referent === right.referent
        }
        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(referent)) }
    }
}
