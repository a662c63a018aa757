import Foundation

/// The Foundation value of a JSON number, as ``JSONValue/foundationObject`` and raw JSON
/// attributes give it: an `Int` when the text is an integer that fits, a `Double` when the
/// `Double`'s own text is the number's text (so that writing it gives the same text), a
/// `Decimal` when that keeps every digit, else the number as a ``JSONValue``, which no
/// Foundation type holds exactly and which is written back as it was.
///
/// The rule is ``careful(_:)``; ``value(of:)`` gives the same answer from the number's bytes
/// without the work of text for the common forms (an integer, a number of at most 19
/// significant digits), and asks ``careful(_:)`` for the rest.
/// Reading the coordinates of canada.json spent most of its time making and inspecting text.
///
/// For example:
///
/// ```swift
/// FoundationNumber.careful("12")      // 12 (Int)
/// FoundationNumber.careful("0.5")     // 0.5 (Double)
/// FoundationNumber.careful("0.50")    // 0.50 (Decimal: the Double's text would be "0.5")
/// ```
@_spi(Engine) public enum FoundationNumber {
    /// The value of a number's bytes (a JSON number's text): what ``careful(_:)`` gives.
    @inlinable public static func value(of bytes: UnsafeBufferPointer<UInt8>) -> Any {
        if let literal = NumberReading.smallLiteral(bytes), let value = quick(literal, bytes) { return value }
        return careful(String(decoding: bytes, as: UTF8.self))
    }

    /// The value of a literal of at most 19 significant digits, or nil where only
    /// ``careful(_:)`` can tell.
    @inlinable static func quick(_ literal: NumberReading.SmallLiteral, _ bytes: UnsafeBufferPointer<UInt8>) -> Any? {
        var isInteger = true
        for byte in bytes where byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            break
        }
        if isInteger {
            // `Int(text)`: digits with a sign, in range.
            if literal.isNegative {
                guard literal.significand <= UInt64(Int64.max) + 1 else { return nil }
                return Int(NumberReading.negated(literal.significand))
            }
            guard literal.significand <= UInt64(Int64.max) else { return nil }
            return Int(literal.significand)
        }
        if literal.significand == 0 {
            // No digit but zeros, the exponent's included: the Double zero of the sign written;
            // else (`0e5`) the Decimal zero.
            for byte in bytes where byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return Decimal(0) }
            return literal.isNegative ? -0.0 : 0.0
        }
        var double: Double
        if let exact = NumberReading.exactDouble(literal) {
            double = exact
        } else {
            guard let parsed = Double(String(decoding: bytes, as: UTF8.self)), parsed.isFinite else { return nil }
            double = parsed
        }
        if hasText(double, bytes) { return double }
        // The Decimal of the digits, trailing zeros moved into the exponent as
        // `DecimalLiteral` does, where a Decimal's power of ten holds it.
        var significand = literal.significand
        var exponent = literal.exponent
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        guard (-128...127).contains(exponent) else { return nil }
        return Decimal(sign: literal.isNegative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// Whether `double`'s text (`"\(double)"`) is `bytes`.
    @inlinable static func hasText(_ double: Double, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var text = double.description
        return text.withUTF8 { own in
            guard own.count == bytes.count else { return false }
            guard let start = own.baseAddress, let other = bytes.baseAddress else { return true }
            return memcmp(start, other, own.count) == 0
        }
    }

    /// The rule, from the number's text: see ``FoundationNumber``.
    public static func careful(_ text: String) -> Any {
        if let int = Int(text) { return int }
        if let double = Double(text), double.isFinite,
            "\(double)" == text || !text.contains(where: { $0.isNumber && $0 != "0" })
        {
            return double
        }
        if let decimal = DecimalLiteral(text.trimmingSpaces())?.decimal { return decimal }
        return JSONValue.number(text)
    }
}
