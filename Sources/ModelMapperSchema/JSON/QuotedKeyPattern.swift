import Foundation

/// A plain key with its quotes (`"name"`), up to 16 bytes, as two words and masks: the
/// decoder compares the next 16 bytes of text with it in four operations, with no call and no
/// loop. `length` is 0 for a key too long for it, or one that would be escaped.
@_spi(Engine) public struct QuotedKeyPattern {
    /// How many bytes the quoted key is.
    public let length: Int
    /// The quoted key's first 16 bytes, as two little-endian words.
    public let words: (UInt64, UInt64)
    /// Which bytes of `words` the key has.
    public let masks: (UInt64, UInt64)

    /// The pattern of `key` quoted; nil, or a key too long, gives length 0.
    @inlinable public init(_ key: [UInt8]?) {
        guard let key, key.count + 2 <= 16 else {
            (length, words, masks) = (0, (0, 0), (0, 0))
            return
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var maskBytes = [UInt8](repeating: 0, count: 16)
        let quoted = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")]
        for (offset, byte) in quoted.enumerated() {
            bytes[offset] = byte
            maskBytes[offset] = 0xFF
        }
        func word(_ array: [UInt8], _ from: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(array[from + $1]) << (8 * UInt64($1)) }
        }
        length = quoted.count
        words = (word(bytes, 0), word(bytes, 8))
        masks = (word(maskBytes, 0), word(maskBytes, 8))
    }
}
