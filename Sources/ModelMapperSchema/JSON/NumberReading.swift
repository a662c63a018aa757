import Foundation

/// Numbers read from the UTF-8 bytes of their text, exactly, with fast paths for the common
/// forms and ``DecimalLiteral`` for the rest. Every reading is overflow-checked.
@_spi(Engine) public enum NumberReading {
    /// The parts of a decimal literal whose significand fits 19 digits: `-12.50e3` is
    /// (negative, 1250, 1), the exponent counting the fraction's digits.
    public struct SmallLiteral {
        /// Whether a minus sign was written.
        public var isNegative: Bool
        /// The significant digits as an integer.
        public var significand: UInt64
        /// The power of ten the significand is multiplied by.
        public var exponent: Int

        /// The literal as read.
        @inlinable public init(isNegative: Bool, significand: UInt64, exponent: Int) {
            self.isNegative = isNegative
            self.significand = significand
            self.exponent = exponent
        }
    }

    /// `[+-]?digits(.digits)?([eE][+-]?digits)?` with at most 19 significant digits and an
    /// exponent below a million; nil for anything else (which the slow paths handle).
    @inline(__always)
    @inlinable public static func smallLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> SmallLiteral? {
        var index = 0
        let count = bytes.count
        guard count > 0 else { return nil }
        var isNegative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            isNegative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var significantDigits = 0
        var exponent = 0
        while index < count, JSONBytes.isDigit(bytes[index]) {
            if significand != 0 || bytes[index] != UInt8(ascii: "0") { significantDigits += 1 }
            significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, JSONBytes.isDigit(bytes[index]) {
                if significand != 0 || bytes[index] != UInt8(ascii: "0") { significantDigits += 1 }
                significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > fractionStart || digits > 0 else { return nil }
            digits += index - fractionStart
            exponent = fractionStart - index
        }
        guard digits > 0, significantDigits <= 19 else { return nil }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let start = index
            var written = 0
            while index < count, JSONBytes.isDigit(bytes[index]), index - start < 6 {
                written = written * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            guard index > start else { return nil }
            exponent += negative ? -written : written
        }
        guard index == count else { return nil }
        // 19 significant digits may still exceed UInt64 (9999999999999999999 does not).
        if significantDigits == 19, significand < 1_000_000_000_000_000_000 { return nil }
        return SmallLiteral(isNegative: isNegative, significand: significand, exponent: exponent)
    }

    /// An integer of type `Value`, exactly: `12`, `1.0` and `1e3` are integers, `1.5` is a
    /// fraction. Nil when the bytes are no decimal literal.
    @inlinable public static func integer<Value: FixedWidthInteger>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        as type: Value.Type
    ) -> DecimalLiteral.IntegerReading<Value>? {
        if let literal = smallLiteral(bytes), literal.exponent == 0 {
            if literal.isNegative {
                guard literal.significand <= UInt64(Int64.max) + 1,
                    let value = Value(exactly: negated(literal.significand))
                else { return .outOfRange }
                return .value(value)
            }
            guard let value = Value(exactly: literal.significand) else { return .outOfRange }
            return .value(value)
        }
        return DecimalLiteral(utf8: bytes)?.integer(as: Value.self)
    }

    /// A Double correctly rounded (possibly infinite); nil when the bytes are no literal.
    @inlinable public static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let literal = smallLiteral(bytes), let value = exactDouble(literal) { return value }
        guard DecimalLiteral(utf8: bytes) != nil else { return nil }
        return Double(String(decoding: bytes, as: UTF8.self))
    }

    /// The literal as a Double correctly rounded, without `strtod` (a thousand instructions for
    /// the 17 digits JSON writers give a double); nil past what this reads exactly (a power of
    /// ten beyond 10^22, or beyond 10^19 with more than 2^53 for significand), which
    /// `Double(String)` then reads.
    ///
    /// A significand up to 2^53 and a power of ten up to 10^22 are both exact doubles, so one
    /// multiplication or division rounds once. A longer significand is scaled exactly in
    /// integers: times 10^q as a 128-bit product, or over 10^q as a 128-bit quotient of 63 or
    /// 64 bits whose remainder is kept as a sticky bit; `Double(_: UInt64)` then rounds once,
    /// to nearest even (with ten bits or more below the 53 kept, the sticky bit settles ties),
    /// and the power of two that scales it back is exact.
    @inlinable public static func exactDouble(_ literal: SmallLiteral) -> Double? {
        let significand = literal.significand
        let exponent = literal.exponent
        var value: Double
        if significand <= 1 << 53, abs(exponent) <= 22 {
            value = Double(significand)
            if exponent < 0 { value /= powerOfTen(-exponent) } else { value *= powerOfTen(exponent) }
        } else if exponent >= 0 {
            guard exponent <= 19 else { return nil }
            let (high, low) = significand.multipliedFullWidth(by: integerPowerOfTen(exponent))
            if high == 0 {
                value = Double(low)
            } else {
                // The product's top 64 bits, the bits below them folded into the lowest.
                let shift = 64 &- high.leadingZeroBitCount
                var bits = (high << (64 &- shift)) | (low >> shift)
                if low << (64 &- shift) != 0 { bits |= 1 }
                value = Double(bits) * Double(sign: .plus, exponent: shift, significand: 1)
            }
        } else {
            guard exponent >= -19 else { return nil }
            let divisor = integerPowerOfTen(-exponent)
            // Shifted so that the quotient has 63 or 64 bits and fits one word: with w of
            // `a` bits and the divisor of `b`, w * 2^(63 - a + b) / divisor is below 2^64.
            let shift = 63 &- (64 &- significand.leadingZeroBitCount) &+ (64 &- divisor.leadingZeroBitCount)
            let high = shift >= 64 ? significand << (shift &- 64) : significand >> (64 &- shift)
            let low = shift >= 64 ? 0 : significand << shift
            let (quotient, remainder) = divisor.dividingFullWidth((high, low))
            value =
                Double(remainder == 0 ? quotient : quotient | 1)
                * Double(sign: .plus, exponent: -shift, significand: 1)
        }
        return literal.isNegative ? -value : value
    }

    /// 10^exponent for 0 ... 19, the powers of ten a UInt64 holds: a switch the compiler makes
    /// a table of, as ``powerOfTen(_:)``.
    @inline(__always)
    @inlinable public static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// A Float correctly rounded (possibly infinite); nil when the bytes are no literal.
    @inlinable public static func float(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        if let literal = smallLiteral(bytes), literal.significand <= 1 << 24, abs(literal.exponent) <= 10 {
            var value = Float(literal.significand)
            if literal.exponent < 0 {
                value /= Float(powerOfTen(-literal.exponent))
            } else {
                value *= Float(powerOfTen(literal.exponent))
            }
            return literal.isNegative ? -value : value
        }
        guard DecimalLiteral(utf8: bytes) != nil else { return nil }
        return Float(String(decoding: bytes, as: UTF8.self))
    }

    /// What reading a Decimal gives.
    public enum DecimalReading {
        case value(Decimal)
        /// More than 38 significant digits, or a power of ten a Decimal cannot hold.
        case notExact
        case notANumber
    }

    /// A Decimal holding exactly the number written.
    @inlinable public static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalReading {
        if let literal = smallLiteral(bytes), (-128...127).contains(literal.exponent) {
            if literal.significand == 0 { return .value(Decimal(0)) }
            return .value(
                Decimal(
                    sign: literal.isNegative ? .minus : .plus,
                    exponent: literal.exponent,
                    significand: Decimal(literal.significand)
                )
            )
        }
        guard let literal = DecimalLiteral(utf8: bytes) else { return .notANumber }
        return literal.decimal.map(DecimalReading.value) ?? .notExact
    }

    /// The negative of a magnitude up to 2^63, without trapping.
    @inline(__always)
    @inlinable public static func negated(_ magnitude: UInt64) -> Int64 {
        magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }

    /// 10^exponent for 0 ... 22, every one exact as a Double: a switch the compiler makes a
    /// table of, so that hot paths do not check a lazily made global each time.
    @inline(__always)
    @inlinable public static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
