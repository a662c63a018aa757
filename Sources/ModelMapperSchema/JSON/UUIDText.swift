import Foundation

/// A UUID in its usual text form, 8-4-4-4-12 hexadecimal digits in either case
/// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`), read from bytes.
///
/// Read eight digits at a time, with no branch on the digits themselves: UUIDs are random, so
/// a parser that branches per digit on its kind (decimal or letter) mispredicts about every
/// other digit, which costs more on the clock than the rest of reading the UUID. Any other
/// form is nil here and left to Foundation's `UUID(uuidString:)`, which reads the same form.
///
/// For example:
///
/// ```swift
/// Array("e621e1f8-c36c-495a-93fc-0c247a3e6e5f".utf8).withUnsafeBufferPointer(UUIDText.uuid(from:))
/// // UUID E621E1F8-C36C-495A-93FC-0C247A3E6E5F
/// ```
package enum UUIDText {
    /// The UUID the text spells in the form above; nil for anything else.
    static package func uuid(from text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, let base = text.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        guard base[8] == UInt8(ascii: "-"), base[13] == UInt8(ascii: "-"), base[18] == UInt8(ascii: "-"),
            base[23] == UInt8(ascii: "-")
        else { return nil }
        // Four groups of eight digits, each giving four of the UUID's bytes.
        func load32(_ offset: Int) -> UInt64 { UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        let groups = (
            raw.loadUnaligned(as: UInt64.self),
            load32(9) | load32(14) << 32,
            load32(19) | load32(24) << 32,
            raw.loadUnaligned(fromByteOffset: 28, as: UInt64.self)
        )
        guard let first = bytes(ofDigits: UInt64(littleEndian: groups.0)),
            let second = bytes(ofDigits: UInt64(littleEndian: groups.1)),
            let third = bytes(ofDigits: UInt64(littleEndian: groups.2)),
            let fourth = bytes(ofDigits: UInt64(littleEndian: groups.3))
        else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { target in
            target.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt32.self)
            target.storeBytes(of: second.littleEndian, toByteOffset: 4, as: UInt32.self)
            target.storeBytes(of: third.littleEndian, toByteOffset: 8, as: UInt32.self)
            target.storeBytes(of: fourth.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: value)
    }

    private static func repeated(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// The four bytes that eight hexadecimal digits spell, the first digit in the low byte of
    /// `digits` (as loaded from memory on a little-endian machine) and the first byte spelled
    /// in the low byte of the result; nil when any of the eight is not a hexadecimal digit.
    @inline(__always)
    static func bytes(ofDigits digits: UInt64) -> UInt32? {
        let highBits = repeated(0x80)
        guard digits & highBits == 0 else { return nil }
        // Every byte is below 0x80, so adding below 0x80 to each carries into no other byte,
        // and the high bit of each sum says whether the byte reached the bound. Letters are
        // compared folded to lower case; decimal digits as they are (folding would let control
        // characters 0x10...0x19, which a string may hold through escapes, pass as digits).
        let folded = digits | repeated(0x20)
        let atLeastZero = digits &+ repeated(0x80 - 0x30)
        let aboveNine = digits &+ repeated(0x7F - 0x39)
        let atLeastA = folded &+ repeated(0x80 - 0x61)
        let aboveF = folded &+ repeated(0x7F - 0x66)
        let isDecimal = atLeastZero & ~aboveNine & highBits
        let isLetter = atLeastA & ~aboveF & highBits
        guard isDecimal | isLetter == highBits else { return nil }
        // '0'...'9' end in 0...9, 'a'...'f' and 'A'...'F' in 1...6: nine more for letters.
        let nibbles = (digits & repeated(0x0F)) &+ (isLetter >> 7) &* 9
        // Pairs of nibbles into bytes (at even byte positions), then the four bytes together.
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        let packed = pairs | (pairs >> 8)
        return UInt32(truncatingIfNeeded: (packed & 0xFFFF) | ((packed >> 16) & 0xFFFF_0000))
    }
}
