/// What the JSON text layer says of single bytes: digits, and how messages show a byte.
@_spi(Engine) public enum JSONBytes {
    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    @inlinable public static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// How messages show a byte: the character when printable, else its hex value.
    @inlinable public static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(Self.hex(UInt32(byte)))"
    }

    /// `value` in upper-case hex digits, with no prefix.
    @inlinable public static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
