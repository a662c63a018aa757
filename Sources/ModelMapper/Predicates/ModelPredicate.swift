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
    case comparison(Comparison)
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
            case direct = "", any = "ANY", all = "ALL", none = "NONE"
        }

        public enum Operator: String, Sendable, Hashable, CaseIterable {
            case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
            case between = "BETWEEN", `in` = "IN"
            case beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", contains = "CONTAINS", like = "LIKE", matches =
                "MATCHES"
        }

        /// The string options of a comparison: `[c]` case-insensitive, `[d]` diacritic-insensitive.
        public struct Options: OptionSet, Sendable, Hashable {
            public let rawValue: UInt8
            public init(rawValue: UInt8) { self.rawValue = rawValue }
            public static let caseInsensitive = Options(rawValue: 1)
            public static let diacriticInsensitive = Options(rawValue: 2)
        }

        public var quantifier: Quantifier
        public var left: Expression
        public var `operator`: Operator
        public var options: Options
        public var right: Expression

        public init(
            _ left: Expression, _ operator: Operator, _ right: Expression, options: Options = [],
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
        /// `$NAME`: substituted when the predicate is run (``ModelPredicate/substituting(_:)``), or bound
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

        public enum ArithmeticOperator: String, Sendable, Hashable {
            case add = "+", subtract = "-", multiply = "*", divide = "/", power = "**"
        }
    }

    /// Where in a collection `[…]` points.
    public enum Index: Sendable, Hashable {
        case first, last, size
        case position(Expression)
    }

    /// A constant in a predicate.
    public enum Value: Sendable, Hashable {
        case null
        case boolean(Bool)
        /// A number, as its text (a literal's, or a Swift number's description), so that it
        /// compares exactly with whatever type the other side has: `19.99` equals a Decimal 19.99,
        /// which a Double could not.
        case number(String)
        case string(String)
        case date(Date)
        case uuid(UUID)
        case url(URL)
        case data(Data)
        /// An object given as a format argument (`author == %@`), compared by identity.
        case object(ObjectReference)
        case array([Value])
    }

    /// An object in a predicate, compared by identity. A predicate holding one keeps it alive;
    /// like the object graph, such a predicate belongs to one thread at a time.
    public final class ObjectReference: @unchecked Sendable, Hashable {
        public let object: ModelObject

        public init(_ object: ModelObject) {
            self.object = object
        }

        public static func == (left: ObjectReference, right: ObjectReference) -> Bool { left.object === right.object }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
    }
}
