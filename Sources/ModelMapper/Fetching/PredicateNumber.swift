import Foundation
@_spi(Engine) import ModelMapperSchema

/// A number met while evaluating a predicate, of the kind its source had, so that comparisons
/// are exact: an Integer 64 with a literal `9007199254740993`, a Decimal with `19.99`. A
/// Double (or Float) compares as a Double, the literal rounded to the nearest one.
enum PredicateNumber {
    case integer(Int64)
    case decimal(Decimal)
    case double(Double)
    /// A literal a Decimal cannot hold exactly (more than 38 digits): compared digit by digit.
    case literal(DecimalLiteral)

    /// The number a literal's text reads as: an integer when it is one that fits, else a
    /// Decimal when one holds it exactly, else its digits; nil for text that is not a number.
    init?(literal text: String) {
        guard let literal = DecimalLiteral(text) else { return nil }
        if case .value(let value) = literal.integer(as: Int64.self) {
            self = .integer(value)
        } else if let decimal = literal.decimal {
            self = .decimal(decimal)
        } else {
            self = .literal(literal)
        }
    }

    var swiftValue: Any {
        switch self {
        case .integer(let value): value
        case .decimal(let value): value
        case .double(let value): value
        case .literal(let literal): literal.doubleValue
        }
    }

    var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): NSDecimalNumber(decimal: value).doubleValue
        case .double(let value): value
        case .literal(let literal): literal.doubleValue
        }
    }

    /// The number as a Decimal when it is one exactly.
    var decimalValue: Decimal? {
        switch self {
        case .integer(let value): Decimal(value)
        case .decimal(let value): value
        case .double(let value): value.isFinite ? DecimalLiteral("\(value)")?.decimal : nil
        case .literal(let literal): literal.decimal
        }
    }

    /// The number's exact digits (a Double's shortest round-tripping ones).
    var exactLiteral: DecimalLiteral? {
        switch self {
        case .integer(let value): DecimalLiteral(String(value))
        case .decimal(let value): value.isNaN ? nil : DecimalLiteral(value.description)
        case .double(let value): value.isFinite ? DecimalLiteral("\(value)") : nil
        case .literal(let literal): literal
        }
    }

    /// The order of two numbers: exact, unless one is a Double, when both compare as Doubles
    /// (the other rounded to the nearest one, as a Double attribute compared with a literal is
    /// in Core Data).
    static func compare(_ left: PredicateNumber, _ right: PredicateNumber) -> ComparisonResult {
        switch (left, right) {
        case (.integer(let a), .integer(let b)):
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.double, _), (_, .double):
            let a = left.doubleValue
            let b = right.doubleValue
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.decimal(let a), .decimal(let b)):
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.integer(let a), .decimal(let b)):
            let a = Decimal(a)
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.decimal(let a), .integer(let b)):
            let b = Decimal(b)
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        default:
            guard let a = left.exactLiteral, let b = right.exactLiteral else { return .orderedSame }
            return DecimalLiteral.compare(a, b)
        }
    }
}
