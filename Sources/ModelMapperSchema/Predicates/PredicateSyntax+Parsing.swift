import Foundation

extension PredicateSyntax.Expression {
    /// Parses an expression alone, in the predicate language: a derived attribute's
    /// derivation (`messages.@count`, `items.@sum.price`), the side of a comparison.
    package init(format: String, _ arguments: Any?...) throws(PredicateSyntaxError) {
        var parser = try PredicateParser(format: format, arguments: arguments)
        self = try parser.parseStandaloneExpression()
    }
}

extension PredicateSyntax.Value {
    /// The constant for a `%@` argument; nil for a type a predicate cannot hold.
    package init?(argument: Any?) {
        guard let argument, !(argument is NSNull) else {
            self = .null
            return
        }
        switch argument {
        case let value as Bool: self = .boolean(value)
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Decimal: self = .number("\(value)")
        case let value as Date: self = .date(value)
        case let value as UUID: self = .uuid(value)
        case let value as URL: self = .url(value)
        case let value as Data: self = .data(value)
        case let value as any PredicateReferent: self = .object(PredicateSyntax.ObjectReference(referent: value))
        case let value as PredicateSyntax.Value: self = value
        default:
            if let text = Self.integerText(argument) {
                self = .number(text)
            } else if let number = Self.floatingPoint(argument) {
                guard number.isFinite else { return nil }
                self = .number("\(number)")
            } else if let values = argument as? [Any?] {
                var elements: [PredicateSyntax.Value] = []
                for value in values {
                    guard let element = PredicateSyntax.Value(argument: value) else { return nil }
                    elements.append(element)
                }
                self = .array(elements)
            } else if let values = argument as? any Collection {
                guard let array = PredicateSyntax.Value(argument: values.map { $0 as Any? }) else { return nil }
                self = array
            } else {
                return nil
            }
        }
    }

    /// The decimal text of a Swift integer of any width.
    static func integerText(_ value: Any) -> String? {
        guard let integer = value as? any BinaryInteger else { return nil }
        return "\(integer)"
    }

    /// A Swift floating-point number as a Double (a Float widened exactly).
    static func floatingPoint(_ value: Any) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Float: Double(value)
        default: nil
        }
    }
}
