import Foundation

/// Writes a `Decimal` from its parts, without `description` (which costs thousands of
/// instructions a value): the significand's digits and the decimal point placed by the
/// exponent, giving exactly the text `description` gives.
///
/// The significand is read from the value's memory layout (Foundation does not make it
/// public): an 8-bit exponent, a byte holding the length in 16-bit words and the sign, two
/// reserved bytes, then eight little-endian 16-bit words. swift-corelibs-foundation and
/// swift-foundation pack the length-and-flags byte differently; the layout in use is found
/// once by checking known values, and should neither match, `description` is used.
@_spi(Engine) public enum DecimalText {
    /// How the length-and-flags byte is packed.
    public enum Layout: CaseIterable, Sendable {
        /// swift-foundation: the length in the high nibble, the sign in bit 3.
        case lengthHigh
        /// swift-corelibs-foundation and Darwin: the length in the low nibble, the sign in bit 4.
        case lengthLow
    }

    /// Writes `value`; `layout` is ``layout``, which the writer looks up once (a lazily made
    /// global costs a check each time it is read).
    @inlinable public static func write(_ value: Decimal, layout: Layout?, to writer: inout JSONWriter) {
        guard let layout else {
            var text = value.description
            text.withUTF8 { writer.append($0) }
            return
        }
        writeDigits(parts(of: value, layout: layout), to: &writer)
    }

    /// A Decimal's fields, read from its memory in the ``Layout`` found.
    public struct Parts {
        /// The power of ten the significand is multiplied by.
        public var exponent: Int
        /// Whether the sign bit is set.
        public var isNegative: Bool
        /// The significand's 16-bit words, least significant first (up to eight).
        public var words: (UInt64, UInt64)
        /// How many of the significand's 16-bit words are in use.
        public var length: Int

        /// The fields as read.
        @inlinable public init(exponent: Int, isNegative: Bool, words: (UInt64, UInt64), length: Int) {
            self.exponent = exponent
            self.isNegative = isNegative
            self.words = words
            self.length = length
        }
    }

    /// The fields of `value`, read in `layout`.
    @inlinable public static func parts(of value: Decimal, layout: Layout) -> Parts {
        var value = value
        return withUnsafeBytes(of: &value) { raw in
            let exponent = Int(Int8(bitPattern: raw[0]))
            let length = min(8, Int(layout == .lengthHigh ? raw[1] >> 4 : raw[1] & 0x0F))
            let isNegative = raw[1] & (layout == .lengthHigh ? 0x08 : 0x10) != 0
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in 0..<length {
                let word = UInt64(raw[4 + 2 * index]) | UInt64(raw[5 + 2 * index]) << 8
                if index < 4 { low |= word << UInt64(16 * index) } else { high |= word << UInt64(16 * (index - 4)) }
            }
            return Parts(exponent: exponent, isNegative: isNegative, words: (low, high), length: length)
        }
    }

    /// Writes the significand's digits with the decimal point the exponent places: at most
    /// 39 digits and as many zeros as the exponent asks (at most 128), built on the stack and
    /// appended at once.
    @inlinable public static func writeDigits(_ parts: Parts, to writer: inout JSONWriter) {
        var (low, high) = parts.words
        if parts.length == 0 || (low == 0 && high == 0) {
            writer.append(UInt8(ascii: "0"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            // Digits from the least significant: by division of the 128-bit value by 10 while
            // it has high bits, then in 64 bits.
            var count = 0
            while high != 0 {
                let highQuotient = high / 10
                let highRemainder = high % 10
                // (highRemainder * 2^64 + low) / 10, in two 32-bit halves to stay in 64 bits.
                let upper = highRemainder << 32 | low >> 32
                let upperQuotient = upper / 10
                let lower = (upper % 10) << 32 | low & 0xFFFF_FFFF
                let lowerQuotient = lower / 10
                digits[count] = UInt8(ascii: "0") + UInt8(lower % 10)
                count += 1
                high = highQuotient
                low = upperQuotient << 32 | lowerQuotient
            }
            while low != 0 {
                digits[count] = UInt8(ascii: "0") + UInt8(low % 10)
                count += 1
                low /= 10
            }
            let exponent = parts.exponent
            let isNegative = parts.isNegative
            writer.append(reserving: 176) { text in
                var position = 0
                if isNegative {
                    text[0] = UInt8(ascii: "-")
                    position = 1
                }
                if exponent >= 0 {
                    for index in stride(from: count - 1, through: 0, by: -1) {
                        text[position] = digits[index]
                        position += 1
                    }
                    for _ in 0..<exponent {
                        text[position] = UInt8(ascii: "0")
                        position += 1
                    }
                } else if -exponent < count {
                    let point = count + exponent
                    for index in stride(from: count - 1, through: 0, by: -1) {
                        if count - 1 - index == point {
                            text[position] = UInt8(ascii: ".")
                            position += 1
                        }
                        text[position] = digits[index]
                        position += 1
                    }
                } else {
                    text[position] = UInt8(ascii: "0")
                    text[position + 1] = UInt8(ascii: ".")
                    position += 2
                    for _ in 0..<(-exponent - count) {
                        text[position] = UInt8(ascii: "0")
                        position += 1
                    }
                    for index in stride(from: count - 1, through: 0, by: -1) {
                        text[position] = digits[index]
                        position += 1
                    }
                }
                return position
            }
        }
    }

    /// The layout values have here, found by reading known values both ways; nil when
    /// neither reads them right.
    public static let layout: Layout? = Layout.allCases.first { layout in
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        for text in ["-12.5", "0.001", "-123456789012345678901234567890.12345678", "1e20", "0", "7", "-1e-3"] {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return false }
            // A writer that does not ask for the layout being found.
            var writer = JSONWriter(options: [], capacity: 64, decimalLayout: nil)
            writeDigits(parts(of: value, layout: layout), to: &writer)
            if String(decoding: writer.bytes, as: UTF8.self) != value.description { return false }
        }
        return true
    }
}
