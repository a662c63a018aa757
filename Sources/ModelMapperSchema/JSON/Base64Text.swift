import Foundation

/// Base64 text (RFC 4648 §4: the standard alphabet, padded to a multiple of four characters,
/// no line breaks or spaces), read from bytes into `Data`.
///
/// Read here rather than through `Data(base64Encoded:)`, which needs a `String` and an
/// allocation for any size: values up to 14 bytes are built in place (`Data` keeps them
/// inline, with no allocation at all). The rule is RFC 4648's, stricter than Foundation's in
/// its corners (Foundation reads `"===="` as one zero byte and accepts `"QQ=A"`); bits left
/// over after the last byte are not checked, as Foundation does not check them.
///
/// For example:
///
/// ```swift
/// Base64Text.data(from: Array("aGk=".utf8).withUnsafeBufferPointer { $0 })   // 2 bytes: "hi"
/// ```
package enum Base64Text {
    /// The bytes the text spells; nil when it is not base64 text as described above.
    static package func data(from text: UnsafeBufferPointer<UInt8>) -> Data? {
        let count = text.count
        guard count % 4 == 0 else { return nil }
        guard count > 0 else { return Data() }
        var padding = 0
        if text[count - 1] == UInt8(ascii: "=") { padding = text[count - 2] == UInt8(ascii: "=") ? 2 : 1 }
        let length = count / 4 * 3 - padding
        if length <= 14 {
            // Small enough for Data's inline form: decoded on the stack, copied in once.
            var buffer: (UInt64, UInt64) = (0, 0)
            let decoded = withUnsafeMutableBytes(of: &buffer) { raw in
                decode(
                    text,
                    padding: padding,
                    into: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
                )
            }
            guard decoded else { return nil }
            return withUnsafeBytes(of: &buffer) { Data(bytes: $0.baseAddress.unsafelyUnwrapped, count: length) }
        }
        var data = Data(count: length)
        let decoded = data.withUnsafeMutableBytes { raw in
            decode(text, padding: padding, into: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self))
        }
        return decoded ? data : nil
    }

    /// Decodes whole groups of four characters into `output` (which has room for every byte
    /// they spell, padding excluded); false at the first character outside the alphabet.
    private static func decode(
        _ text: UnsafeBufferPointer<UInt8>,
        padding: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        let groups = text.count / 4
        var input = 0
        var position = 0
        // Every group but the last has four characters of the alphabet.
        for _ in 0..<(groups - 1) {
            let value =
                sextet(text[input]) << 18 | sextet(text[input + 1]) << 12 | sextet(text[input + 2]) << 6
                | sextet(text[input + 3])
            guard value < 1 << 24 else { return false }
            output[position] = UInt8(truncatingIfNeeded: value >> 16)
            output[position + 1] = UInt8(truncatingIfNeeded: value >> 8)
            output[position + 2] = UInt8(truncatingIfNeeded: value)
            input += 4
            position += 3
        }
        // The last one ends in as many `=` as bytes it lacks (a padding character elsewhere
        // is outside the alphabet, so it fails above or below).
        let third = padding == 2 ? 0 : sextet(text[input + 2])
        let fourth = padding >= 1 ? 0 : sextet(text[input + 3])
        let value = sextet(text[input]) << 18 | sextet(text[input + 1]) << 12 | third << 6 | fourth
        guard value < 1 << 24 else { return false }
        output[position] = UInt8(truncatingIfNeeded: value >> 16)
        if padding < 2 { output[position + 1] = UInt8(truncatingIfNeeded: value >> 8) }
        if padding < 1 { output[position + 2] = UInt8(truncatingIfNeeded: value) }
        return true
    }

    /// The six bits a character of the alphabet stands for; 1 << 40 for any other byte, so
    /// that a group with one has a value too large to be bytes (shifted by at most 18, it
    /// stays within 64 bits).
    @inline(__always)
    private static func sextet(_ byte: UInt8) -> UInt64 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt64(byte &- UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte &- UInt8(ascii: "a") &+ 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte &- UInt8(ascii: "0") &+ 52)
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: 1 << 40
        }
    }
}
