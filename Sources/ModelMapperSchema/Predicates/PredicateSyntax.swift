import Foundation

/// The syntax tree of a ``ModelPredicate``: what the parser makes, the evaluator and the key
/// checker walk, and the printer writes back as the format it came from. Package-only, so that
/// the tree can change without breaking anyone: users write predicates as format strings, as
/// with Core Data.
package indirect enum PredicateSyntax: Sendable, Hashable {
    /// `TRUEPREDICATE`.
    case alwaysTrue
    /// `FALSEPREDICATE`.
    case alwaysFalse
    /// One comparison: `year >= 1900`.
    case comparison(Comparison)
    /// `NOT predicate`.
    case not(PredicateSyntax)
    /// Two or more predicates that must all hold, in order.
    case and([PredicateSyntax])
    /// Two or more predicates of which one must hold, in order.
    case or([PredicateSyntax])
}

extension PredicateSyntax {
    /// One comparison of a predicate: `ANY tags.name ==[c] "swift"`.
    package struct Comparison: Sendable, Hashable {
        /// How a to-many left side is compared: every element, any, none; `.direct` compares the
        /// value itself.
        package enum Quantifier: String, Sendable, Hashable {
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
        package enum Operator: String, Sendable, Hashable, CaseIterable {
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
        package struct Options: OptionSet, Sendable, Hashable {
            /// The options, one bit each.
            package let rawValue: UInt8
            /// The options whose bits `rawValue` sets.
            package init(rawValue: UInt8) { self.rawValue = rawValue }
            /// `[c]`: case is ignored.
            package static let caseInsensitive = Options(rawValue: 1)
            /// `[d]`: diacritics are ignored (`é` equals `e`).
            package static let diacriticInsensitive = Options(rawValue: 2)
        }

        /// How a to-many left side is compared.
        package var quantifier: Quantifier
        /// The left side: usually a key path.
        package var left: Expression
        /// How the sides are compared.
        package var `operator`: Operator
        /// The string options (`[cd]`).
        package var options: Options
        /// The right side: usually a constant or a variable.
        package var right: Expression

        /// `left operator right`, with string options and a quantifier.
        package init(
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
    package indirect enum Expression: Sendable, Hashable {
        /// The object being evaluated: `SELF`.
        case evaluatedObject
        /// A key path from another expression: `author.lastName` is `.keyPath(.evaluatedObject,
        /// ["author", "lastName"])`; components may be collection operators (`@count`, `@sum`, …).
        case keyPath(Expression, [String])
        /// A constant: a literal or a format argument.
        case constant(Value)
        /// `$NAME`: substituted when the predicate is run (`PredicateSyntax.substituting(_:)`), or bound
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
        case subquery(Expression, variable: String, PredicateSyntax)

        /// An arithmetic operator, as the format writes it.
        package enum ArithmeticOperator: String, Sendable, Hashable {
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
    package enum Index: Sendable, Hashable {
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
    package enum Value: Sendable, Hashable {
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
    package final class ObjectReference: @unchecked Sendable, Hashable {
        /// The object, held strongly.
        package let referent: any PredicateReferent

        /// A reference to `referent`, which the predicate keeps alive.
        package init(referent: any PredicateReferent) {
            self.referent = referent
        }

        /// Whether both refer to the same object.
        package static func == (left: ObjectReference, right: ObjectReference) -> Bool {
            left.referent === right.referent
        }
        /// Hashes what `==` compares.
        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(referent)) }
    }
}
