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
@_spi(Engine) public struct ShortDecimal {
    /// The value's magnitude times 10^decimals.
    public let digits: UInt64
    /// How many of the digits are after the decimal point.
    public let decimals: Int

    /// The fewest decimals that read back as `value`, when it is in the range that allows it.
    @inlinable public init?(_ value: Double) {
        self.init(magnitude: value.magnitude, below: 1_125_899_906_842_624, maximumDecimals: 17) {
            $0 == value.magnitude
        }
    }

    /// The fewest decimals that read back as `value`, when it is in the range that allows it.
    @inlinable public init?(_ value: Float) {
        self.init(magnitude: Double(value.magnitude), below: 2_097_152, maximumDecimals: 8) {
            Float($0) == value.magnitude
        }
    }

    /// The fewest decimals, up to `maximumDecimals`, whose digits (`magnitude` scaled, under
    /// `limit`) `readsBack` accepts as the value when divided back.
    @inline(__always)
    @inlinable public init?(magnitude: Double, below limit: Double, maximumDecimals: Int, readsBack: (Double) -> Bool) {
        guard magnitude == 0 || (magnitude >= 0.0001 && magnitude < limit) else { return nil }
        for decimals in 0...maximumDecimals {
            let power = NumberReading.powerOfTen(decimals)
            let scaled = magnitude * power
            guard scaled < limit else { return nil }
            let rounded = scaled.rounded()
            if readsBack(rounded / power) {
                digits = UInt64(rounded)
                self.decimals = decimals
                return
            }
        }
        return nil
    }

    /// Writes the value as `description` does: the integer part, a point, the decimals (`.0`
    /// when there are none).
    @inlinable public func write(negative: Bool, to buffer: ByteBuffer) {
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
            position += DecimalDigits.write(integer, minimumCount: 1, to: text + position)
            text[position] = UInt8(ascii: ".")
            position += 1
            position += DecimalDigits.write(fraction, minimumCount: max(decimals, 1), to: text + position)
            return position
        }
    }
}
