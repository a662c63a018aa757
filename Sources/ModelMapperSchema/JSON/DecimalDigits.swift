/// Decimal digits written into memory made ready for them: the one digit loop behind the
/// writer's integers, short doubles and dates.
@_spi(Engine) public enum DecimalDigits {
    /// Writes `value` in decimal, with leading zeros up to `minimumCount` digits; returns the
    /// count written (at most 20, or `minimumCount`).
    ///
    /// For example, 7 with a minimum of 2 is written `07`; 1850 with a minimum of 1, `1850`.
    @inline(__always)
    @inlinable public static func write(_ value: UInt64, minimumCount: Int, to text: UnsafeMutablePointer<UInt8>) -> Int
    {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        count = max(count, minimumCount)
        var value = value
        for index in stride(from: count - 1, through: 0, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        return count
    }
}
