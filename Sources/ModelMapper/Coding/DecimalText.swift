import Foundation

/// Writes a `Decimal` from its parts, without `description` (which costs thousands of
/// instructions a value): the significand's digits and the decimal point placed by the
/// exponent, giving exactly the text `description` gives.
///
/// The significand is read from the value's memory layout (Foundation does not make it
/// public): an 8-bit exponent, a byte with the length in 16-bit words and the sign, two
/// reserved bytes, then eight little-endian 16-bit words. The layout is checked once against
/// known values; should a Foundation ever store decimals differently, `description` is used.
enum DecimalText {
    static func write(_ value: Decimal, to writer: inout JSONWriter) {
        guard layoutIsKnown else {
            var text = value.description
            text.withUTF8 { writer.append($0) }
            return
        }
        let parts = Self.parts(of: value)
        writeDigits(parts, to: &writer)
    }

    struct Parts {
        var exponent: Int
        var isNegative: Bool
        var words: [UInt16]
    }

    static func parts(of value: Decimal) -> Parts {
        var value = value
        return withUnsafeBytes(of: &value) { raw in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = Int(raw[1] & 0x0F)
            let isNegative = raw[1] & 0x10 != 0
            var words: [UInt16] = []
            words.reserveCapacity(length)
            for index in 0..<min(length, 8) {
                words.append(UInt16(raw[4 + 2 * index]) | UInt16(raw[5 + 2 * index]) << 8)
            }
            return Parts(exponent: exponent, isNegative: isNegative, words: words)
        }
    }

    /// The decimal digits of the significand, most significant first.
    private static func digits(of words: [UInt16]) -> [UInt8] {
        if words.count <= 4 {
            var value: UInt64 = 0
            for word in words.reversed() { value = value << 16 | UInt64(word) }
            if value == 0 { return [0] }
            var digits: [UInt8] = []
            while value > 0 {
                digits.append(UInt8(value % 10))
                value /= 10
            }
            return digits.reversed()
        }
        // Long division by 10 over the 16-bit words.
        var words = words
        var digits: [UInt8] = []
        while words.contains(where: { $0 != 0 }) {
            var remainder: UInt32 = 0
            for index in words.indices.reversed() {
                let current = remainder << 16 | UInt32(words[index])
                words[index] = UInt16(current / 10)
                remainder = current % 10
            }
            digits.append(UInt8(remainder))
        }
        return digits.isEmpty ? [0] : digits.reversed()
    }

    private static func writeDigits(_ parts: Parts, to writer: inout JSONWriter) {
        let digits = digits(of: parts.words).map { $0 + UInt8(ascii: "0") }
        if parts.words.isEmpty || digits == [UInt8(ascii: "0")] {
            writer.append(UInt8(ascii: "0"))
            return
        }
        if parts.isNegative { writer.append(UInt8(ascii: "-")) }
        if parts.exponent >= 0 {
            writer.append(digits)
            for _ in 0..<parts.exponent { writer.append(UInt8(ascii: "0")) }
        } else if -parts.exponent < digits.count {
            let point = digits.count + parts.exponent
            writer.append(Array(digits[..<point]))
            writer.append(UInt8(ascii: "."))
            writer.append(Array(digits[point...]))
        } else {
            writer.append("0.")
            for _ in 0..<(-parts.exponent - digits.count) { writer.append(UInt8(ascii: "0")) }
            writer.append(digits)
        }
    }

    /// Whether values are laid out as `parts(of:)` reads them, checked on values whose
    /// description is known.
    static let layoutIsKnown: Bool = {
        for text in ["-12.5", "0.001", "123456789012345678901234567890.12345678", "1e20", "0", "7"] {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return false }
            var writer = JSONWriter()
            writeDigits(parts(of: value), to: &writer)
            if String(decoding: writer.bytes, as: UTF8.self) != value.description { return false }
        }
        return true
    }()
}
