import Foundation

/// A decimal number literal taken apart exactly: `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
/// as its sign, significant digits and power of ten. Integers and Decimals are read from it
/// without rounding and without any arithmetic that can overflow, however long the digits
/// or large the exponent (`1e-9223372036854775808` is a tiny fraction, not a crash).
///
/// For example:
///
/// ```swift
/// DecimalLiteral("1.50e2")?.integer(as: Int16.self)   // .value(150)
/// DecimalLiteral("1.5")?.integer(as: Int16.self)      // .fraction
/// ```
@_spi(Engine) public struct DecimalLiteral: Sendable {
    /// Whether a minus sign was written (also for zero).
    public var isNegative: Bool
    /// The significant digits as values 0...9, without leading or trailing zeros; empty for zero.
    public var digits: [UInt8]
    /// The power of ten the digits are multiplied by. Exponents beyond ±10^15 are clamped
    /// there: no such number is an integer or a Decimal either way.
    public var exponent: Int

    /// Where exponents are clamped (see ``exponent``).
    public static let exponentLimit = 1_000_000_000_000_000

    /// Nil when `text` is not a complete decimal literal (no spaces, no `nan`, no hex).
    @inlinable public init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// Nil when the UTF-8 bytes are not a complete decimal literal.
    @inlinable public init?(utf8: some Sequence<UInt8>) {
        var bytes = utf8.makeIterator()
        var next = bytes.next()
        isNegative = false
        if next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
            isNegative = next == UInt8(ascii: "-")
            next = bytes.next()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var mantissaDigits = 0
        var inFraction = false
        while let byte = next {
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissaDigits += 1
                let value = byte - UInt8(ascii: "0")
                if value != 0 || !digits.isEmpty { digits.append(value) }
                // Each fraction digit lowers the power; leading zeros of a fraction count too.
                if inFraction { exponent -= 1 }
            } else {
                break
            }
            next = bytes.next()
        }
        guard mantissaDigits > 0 else { return nil }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            next = bytes.next()
            var negativeExponent = false
            if next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                negativeExponent = next == UInt8(ascii: "-")
                next = bytes.next()
            }
            var written = 0
            var exponentDigits = 0
            while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                exponentDigits += 1
                if written < Self.exponentLimit { written = written * 10 + Int(byte - UInt8(ascii: "0")) }
                next = bytes.next()
            }
            guard exponentDigits > 0 else { return nil }
            written = min(written, Self.exponentLimit)
            exponent += negativeExponent ? -written : written
        }
        guard next == nil else { return nil }
        // Trailing zeros move into the exponent, so `digits` is the shortest form.
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { exponent = 0 }
        // Fractions longer than the limit are no integers or Decimals either.
        self.digits = digits
        self.exponent = max(-Self.exponentLimit, min(Self.exponentLimit, exponent))
    }

    /// Whether the number is zero.
    @inlinable public var isZero: Bool { digits.isEmpty }

    /// Whether the number has no fractional part.
    @inlinable public var isIntegral: Bool { exponent >= 0 }

    /// What reading an integer type gives.
    public enum IntegerReading<Value> {
        case value(Value)
        /// The number has a fractional part (`1.5`).
        case fraction
        /// The number is an integer outside the type's range.
        case outOfRange
    }

    /// The number as an integer of type `Value`, exactly.
    @inlinable public func integer<Value: FixedWidthInteger>(as type: Value.Type) -> IntegerReading<Value> {
        guard isIntegral else { return .fraction }
        // More digits than the type's largest value has cannot fit.
        let limitDigits = String(Value.max).count
        guard digits.count + exponent <= limitDigits else { return .outOfRange }
        // Accumulate toward the sign, so that Value.min is reachable.
        var value: Value = 0
        for index in 0..<(digits.count + exponent) {
            let digit = Value(index < digits.count ? digits[index] : 0)
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return .outOfRange }
            value = next
        }
        return .value(value)
    }

    /// The number as a `Decimal`, or nil when a `Decimal` (38 significant digits, a power of
    /// ten from -128 to 127) cannot hold it exactly.
    @inlinable public var decimal: Decimal? {
        if digits.isEmpty { return Decimal(0) }
        // Powers above 127 are reachable by writing zeros into the significand.
        let padding = max(0, exponent - 127)
        guard exponent >= -128, digits.count + padding <= 38 else { return nil }
        if digits.count + padding <= 18 {
            var significand: UInt64 = 0
            for digit in digits { significand = significand * 10 + UInt64(digit) }
            for _ in 0..<padding { significand *= 10 }
            return Decimal(
                sign: isNegative ? .minus : .plus,
                exponent: exponent - padding,
                significand: Decimal(significand)
            )
        }
        var text = isNegative ? "-" : ""
        text += String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        text += String(repeating: "0", count: padding)
        text += "e\(exponent - padding)"
        guard let value = Decimal(string: text, locale: Self.posixLocale), !value.isNaN else { return nil }
        // Decimal(string:) rounds what it cannot hold; keep only what reads back the same.
        guard let back = DecimalLiteral(value.description), back.digits == digits, back.exponent == exponent else {
            return nil
        }
        return value
    }

    /// The locale JSON numbers are read in, whatever the user's is: a decimal point, no grouping.
    public static let posixLocale = Locale(identifier: "en_US_POSIX")
}
