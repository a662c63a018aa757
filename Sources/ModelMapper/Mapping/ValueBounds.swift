import Foundation

/// The bounds the model declares for an attribute: a minimum and maximum value (numbers,
/// dates) or length (strings in UTF-16 units, as Core Data counts them; binary data in bytes).
/// Checked by neither coder unless asked (``ModelDecoder/Options/checksBounds``,
/// ``ModelEncoder/Options/checksBounds``), and then by both alike.
struct ValueBounds: Sendable {
    enum Bound: Sendable {
        case integer(Int64)
        case floatingPoint(Double)
        case decimal(Decimal)
        case date(Date)
        case length(Int)

        /// The bound of a value the loader read as the attribute's Swift type.
        init?(_ value: any Sendable) {
            switch value {
            case let value as Int16: self = .integer(Int64(value))
            case let value as Int32: self = .integer(Int64(value))
            case let value as Int64: self = .integer(value)
            case let value as Double: self = .floatingPoint(value)
            case let value as Float: self = .floatingPoint(Double(value))
            case let value as Decimal: self = .decimal(value)
            case let value as Date: self = .date(value)
            default: return nil
            }
        }
    }

    let minimum: Bound?
    let maximum: Bound?

    /// The bounds of `attribute`, nil when it declares none.
    init?(_ attribute: AttributeRecord) {
        switch attribute.attributeType {
        case .string, .binaryData:
            minimum = attribute.minLength.map(Bound.length)
            maximum = attribute.maxLength.map(Bound.length)
        default:
            minimum = attribute.minValue.flatMap(Bound.init)
            maximum = attribute.maxValue.flatMap(Bound.init)
        }
        guard minimum != nil || maximum != nil else { return nil }
    }

    /// What `value` breaks, as the expectation of an error (`at most 5`, `at least 3
    /// characters`); nil when it is within the bounds, or is nothing the bounds speak of.
    func violation(by value: Slot) -> String? {
        if let minimum, let order = Self.order(value, minimum), order < 0 {
            return "at least " + Self.describe(minimum)
        }
        if let maximum, let order = Self.order(value, maximum), order > 0 {
            return "at most " + Self.describe(maximum)
        }
        return nil
    }

    /// -1, 0 or 1 as `value` is below, at or above `bound`; nil when they do not compare.
    private static func order(_ value: Slot, _ bound: Bound) -> Int? {
        func compare<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a > b ? 1 : 0) }
        switch (value, bound) {
        case let (.string(text), .length(length)): return compare(text.utf16.count, length)
        case let (.data(data), .length(length)): return compare(data.count, length)
        case let (.integer(a), .integer(b)): return compare(a, b)
        case let (.floatingPoint(a), .floatingPoint(b)): return a.isNaN ? nil : compare(a, b)
        case let (.decimal(a), .decimal(b)): return a.isNaN ? nil : compare(a, b)
        case let (.date(a), .date(b)): return compare(a, b)
        default: return nil
        }
    }

    private static func describe(_ bound: Bound) -> String {
        switch bound {
        case .length(let length): "\(length) long (the model's length bound)"
        case .integer(let value): "\(value) (the model's bound)"
        case .floatingPoint(let value): "\(value) (the model's bound)"
        case .decimal(let value): "\(value) (the model's bound)"
        case .date(let value): "\(value) (the model's bound)"
        }
    }
}
