import Foundation

extension ModelPredicate {
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
        self = try parser.parse()
    }
}

extension ModelPredicate.Expression {
    /// Parses an expression alone, in the predicate language: a derived attribute's
    /// derivation (`messages.@count`, `items.@sum.price`), the side of a comparison.
    ///
    /// For example:
    ///
    /// ```swift
    /// let total = try ModelPredicate.Expression(format: "items.@sum.price")
    /// ```
    ///
    /// - Throws: ``PredicateSyntaxError``, as ``ModelPredicate/init(format:_:)``.
    public init(format: String, _ arguments: Any?...) throws(PredicateSyntaxError) {
        var parser = try PredicateParser(format: format, arguments: arguments)
        self = try parser.parseStandaloneExpression()
    }
}

extension ModelPredicate.Value {
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
        case let value as any PredicateReferent: self = .object(ModelPredicate.ObjectReference(referent: value))
        case let value as ModelPredicate.Value: self = value
        default:
            if let text = Self.integerText(argument) {
                self = .number(text)
            } else if let number = Self.floatingPoint(argument) {
                guard number.isFinite else { return nil }
                self = .number("\(number)")
            } else if let values = argument as? [Any?] {
                var elements: [ModelPredicate.Value] = []
                for value in values {
                    guard let element = ModelPredicate.Value(argument: value) else { return nil }
                    elements.append(element)
                }
                self = .array(elements)
            } else if let values = argument as? any Collection {
                guard let array = ModelPredicate.Value(argument: values.map { $0 as Any? }) else { return nil }
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
