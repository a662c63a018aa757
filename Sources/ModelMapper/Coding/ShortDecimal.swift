/// A binary floating-point value that a short decimal (at most 17 decimals, fewer than 2^50
/// in all, at least 0.0001) reads back as: the form Swift's `description` gives such values,
/// found with a few multiplications instead of the general shortest-digits algorithm.
///
/// For example, `4.5` is found as 45 with one decimal, `0.1` as 1 with one decimal, `1234.0`
/// as 1234 with none; `1.0 / 3.0` needs too many digits and is left to `description`.
///
/// Why the result is the shortest: with `digits / 10^decimals` under 2^50, the decimals that
/// read back as the value lie within an eighth of a unit of the last decimal around the value
/// scaled (its spacing is at most 2^-53 of it), so at most one integer qualifies and rounding
/// the scaled value finds it; the first count of decimals that has one is the fewest, and so
/// gives the fewest significant digits. Reading back is checked by dividing by the power of
/// ten, which is exact and correctly rounded for these sizes, as parsing is. Floats use the
/// same test in Double with a tighter bound (2^21, 8 decimals) that keeps the rounding of
/// the quotient to Float exact.
struct ShortDecimal {
    /// The value's magnitude times 10^decimals.
    let digits: UInt64
    let decimals: Int

    init?(_ value: Double) {
        let magnitude = value.magnitude
        guard magnitude == 0 || (magnitude >= 0.0001 && magnitude < 1_125_899_906_842_624) else { return nil }
        var decimals = 0
        while decimals <= 17 {
            let power = NumberReading.powerOfTen(decimals)
            let scaled = magnitude * power
            guard scaled < 1_125_899_906_842_624 else { return nil }
            let rounded = scaled.rounded()
            if rounded / power == magnitude {
                digits = UInt64(rounded)
                self.decimals = decimals
                return
            }
            decimals += 1
        }
        return nil
    }

    init?(_ value: Float) {
        let magnitude = Double(value.magnitude)
        guard magnitude == 0 || (magnitude >= 0.0001 && magnitude < 2_097_152) else { return nil }
        var decimals = 0
        while decimals <= 8 {
            let power = NumberReading.powerOfTen(decimals)
            let scaled = magnitude * power
            guard scaled < 2_097_152 else { return nil }
            let rounded = scaled.rounded()
            if Float(rounded / power) == value.magnitude {
                digits = UInt64(rounded)
                self.decimals = decimals
                return
            }
            decimals += 1
        }
        return nil
    }

    /// Writes the value as `description` does: the integer part, a point, the decimals (`.0`
    /// when there are none).
    func write(negative: Bool, to buffer: ByteBuffer) {
        // Sign, 16 integer digits, point, 17 decimals and their leading zeros.
        buffer.append(reserving: 40) { text in
            var integer = digits
            var fraction: UInt64 = 0
            if decimals > 0 {
                let power = UInt64(NumberReading.powerOfTen(decimals))
                integer = digits / power
                fraction = digits % power
            }
            var position = 0
            if negative {
                text[0] = UInt8(ascii: "-")
                position = 1
            }
            position += Self.writeDigits(integer, minimumCount: 1, to: text + position)
            text[position] = UInt8(ascii: ".")
            position += 1
            position += Self.writeDigits(fraction, minimumCount: max(decimals, 1), to: text + position)
            return position
        }
    }

    /// Writes `value` in decimal, with leading zeros up to `minimumCount` digits; returns the
    /// count written.
    @inline(__always)
    private static func writeDigits(_ value: UInt64, minimumCount: Int, to text: UnsafeMutablePointer<UInt8>) -> Int {
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
