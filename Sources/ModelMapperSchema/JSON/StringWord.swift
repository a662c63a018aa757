/// Finding the bytes of a JSON string that matter, eight at a time: the reader looks for the
/// quote that ends a string, a backslash or a control character; the writer for the bytes it
/// must escape. Both ask the same question of a word, answered here once.
@_spi(Engine) public enum StringWord {
    /// A byte of 1 in every lane of a word.
    public static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit set in every lane of a word.
    public static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of every byte of `word` that is `"`, `\`, below 0x20 or, when `slash`, `/`.
    /// A byte above a true match may be flagged too, so only the lowest flagged byte
    /// (`trailingZeroBitCount >> 3`) is sure to be one.
    @inline(__always)
    @inlinable public static func special(_ word: UInt64, slash: Bool) -> UInt64 {
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        // Without `slash`, all ones: a word in which no byte comes out zero.
        let slashes = slash ? word ^ (ones &* 0x2F) : ~0
        // A byte is zero (or, for the control term, below 0x20) where the high bit comes out set.
        return
            ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes | (slashes &- ones) & ~slashes
            | (word &- ones &* 0x20) & ~word) & highs
    }
}
