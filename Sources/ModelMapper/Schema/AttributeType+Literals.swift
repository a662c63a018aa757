import Foundation

extension AttributeType {
    /// Converts a literal from a model file (a default or a bound) to a value of this type.
    ///
    /// Returns nil for types whose literals are not interpreted (transformable, composite,
    /// undefined, object ID); throws a message when the text is not a valid value.
    func parseLiteral(_ text: String) throws(LiteralError) -> (any Sendable)? {
        switch self {
        case .integer16: return try Self.integer(text, as: Int16.self)
        case .integer32: return try Self.integer(text, as: Int32.self)
        case .integer64: return try Self.integer(text, as: Int64.self)
        case .decimal:
            guard let value = Self.decimal(text) else { throw LiteralError("'\(text)' is not a decimal number") }
            return value
        case .double:
            guard let value = Double(text.trimmingSpaces()) else { throw LiteralError("'\(text)' is not a number") }
            return value
        case .float:
            guard let value = Float(text.trimmingSpaces()) else { throw LiteralError("'\(text)' is not a number") }
            return value
        case .string:
            return text
        case .boolean:
            switch text.trimmingSpaces().lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: throw LiteralError("'\(text)' is not a Boolean (use YES or NO)")
            }
        case .date:
            let formatter = ISO8601DateFormatter()
            if let date = formatter.date(from: text) { return date }
            if let seconds = Double(text) { return Date(timeIntervalSinceReferenceDate: seconds) }
            throw LiteralError("'\(text)' is not an ISO 8601 date")
        case .binaryData:
            guard let data = Data(base64Encoded: text) else { throw LiteralError("'\(text)' is not base64") }
            return data
        case .uuid:
            guard let uuid = UUID(uuidString: text) else { throw LiteralError("'\(text)' is not a UUID") }
            return uuid
        case .uri:
            guard let url = URL(string: text) else { throw LiteralError("'\(text)' is not a URL") }
            return url
        case .transformable, .composite, .undefined, .objectID:
            return nil
        }
    }

    private static func integer<Value: FixedWidthInteger & Sendable>(_ text: String, as type: Value.Type) throws(LiteralError) -> Value {
        let trimmed = text.trimmingSpaces()
        if let value = Value(trimmed) { return value }
        if Int64(trimmed) != nil || (trimmed.allSatisfy { $0.isNumber || $0 == "-" || $0 == "+" } && !trimmed.isEmpty) {
            throw LiteralError("\(trimmed) is out of range for \(Value.self) (\(Value.min)...\(Value.max))")
        }
        throw LiteralError("'\(text)' is not an integer")
    }

    /// An exact decimal from its text, accepting only a complete number literal
    /// (`Decimal(string:)` alone would read "1abc" as 1).
    static func decimal(_ text: String) -> Decimal? {
        let trimmed = text.trimmingSpaces()
        guard isDecimalLiteral(trimmed) else { return nil }
        if let value = smallDecimal(trimmed) { return value }
        guard let value = Decimal(string: trimmed, locale: posixLocale), !value.isNaN else { return nil }
        return value
    }

    /// A valid decimal literal with at most 18 digits, built from its digits and exponent
    /// without `Decimal(string:locale:)`, whose locale lookups dominate decoding otherwise.
    private static func smallDecimal(_ literal: String) -> Decimal? {
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var negative = false
        var inFraction = false
        var bytes = literal.utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        while let byte = bytes.first {
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if significand > 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 18 else { return nil }
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                if inFraction { exponent -= 1 }
            } else {
                break  // an exponent
            }
            bytes = bytes.dropFirst()
        }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            guard let power = Int(String(Substring(bytes.dropFirst()))), abs(power) < 100 else { return nil }
            exponent += power
        }
        guard exponent > -128, exponent < 127 else { return nil }
        return Decimal(sign: negative && significand != 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDecimalLiteral(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            var count = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                bytes = bytes.dropFirst()
                count += 1
            }
            return count
        }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissaDigits = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// Why a literal is not a value of the type.
    struct LiteralError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
