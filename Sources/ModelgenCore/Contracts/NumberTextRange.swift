import Foundation

/// Regular expressions matching the text of a number (`"7"`, `" +004.50 "`) whose value is at
/// least, or at most, a bound: what a schema says of numbers sent as text, which it cannot
/// compare as numbers (a JSON Schema `maximum` applies to numbers alone).
///
/// A pattern here judges the value of a text already of a number's form (the schema's other
/// pattern checks the form): spaces around it, a sign, leading zeros and a fraction are read
/// as the decoder reads them. A text with an exponent (`5e-1`) passes, as no regular expression
/// of reasonable size compares it; that is the one limit left, documented where schemas are.
///
/// For example, `atMost("5")` matches `"5"`, `"4.999"`, `"5.000"`, `"-12"` and `"05"`, not
/// `"5.01"` or `"7"`.
package enum NumberTextRange {
    /// The text of a number whose value is at least `bound`, a number's text (`-32768`, `0.5`,
    /// `1e-07`).
    package static func atLeast(_ bound: String) -> String {
        let digits = Digits(bound)
        if !digits.isNegative {
            // Negative texts are below a bound of zero or more, but for `-0`, `-0.00`.
            let negativeZero = digits.isZero ? "|-0*0(\\.0+)?" : ""
            return anchored("\\+?0*(" + atLeast(digits) + ")" + negativeZero)
        }
        return anchored("\\+?0*" + anyMagnitude + "|-0*(" + atMost(digits) + ")")
    }

    /// The text of a number whose value is at most `bound`, a number's text.
    package static func atMost(_ bound: String) -> String {
        let digits = Digits(bound)
        if !digits.isNegative {
            return anchored("-0*" + anyMagnitude + "|\\+?0*(" + atMost(digits) + ")")
        }
        return anchored("-0*(" + atLeast(digits) + ")")
    }

    /// Any magnitude: digits, and a fraction.
    private static let anyMagnitude = "[0-9]+(\\.[0-9]+)?"

    /// `body` with the spaces around a number, or any text with an exponent.
    private static func anchored(_ body: String) -> String {
        "^ *(" + body + ") *$|[eE]"
    }

    /// A number's digits without sign: the integer part without leading zeros (`0` for none),
    /// the fraction without trailing zeros (empty for none).
    struct Digits {
        let isNegative: Bool
        let integer: [Int]
        let fraction: [Int]

        var isZero: Bool { integer == [0] && fraction.isEmpty }

        /// The digits of a number's text: a sign, digits with a point or none, an exponent or
        /// none (Swift's text of a `Double`, an integer's text).
        init(_ number: String) {
            let text = number.drop { $0 == "-" || $0 == "+" }
            let parts = text.split(maxSplits: 1, omittingEmptySubsequences: false) { $0 == "e" || $0 == "E" }
            let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            var digits = Array(mantissa[0]) + (mantissa.count > 1 ? Array(mantissa[1]) : [])
            // A bound's exponent is a Double's (within ±324); a larger one is clamped, never overflows.
            let exponent = parts.count > 1 ? max(-400, min(400, Int(parts[1]) ?? 0)) : 0
            var point = min(mantissa[0].count, 400) + exponent
            if point < 0 {
                digits = Array(repeating: "0", count: -point) + digits
                point = 0
            }
            if digits.count < point { digits += Array(repeating: "0", count: point - digits.count) }
            var integer = digits[..<point].compactMap(\.wholeNumberValue)
            while integer.first == 0 { integer.removeFirst() }
            var fraction = digits[point...].compactMap(\.wholeNumberValue)
            while fraction.last == 0 { fraction.removeLast() }
            self.integer = integer.isEmpty ? [0] : integer
            self.fraction = fraction
            // `-0` is zero, which a text of either sign may hold.
            isNegative = number.hasPrefix("-") && !(self.integer == [0] && fraction.isEmpty)
        }
    }

    /// A magnitude (integer part without leading zeros, then a fraction or none) of at least `x`.
    private static func atLeast(_ x: Digits) -> String {
        var choices = greaterIntegers(than: x.integer).map { "(" + $0 + ")(\\.[0-9]+)?" }
        let whole = text(x.integer)
        if x.fraction.isEmpty {
            choices.append(whole + "(\\.[0-9]+)?")
        } else {
            var fractions = x.fraction.indices.compactMap { k -> String? in
                x.fraction[k] == 9 ? nil : text(x.fraction[..<k]) + digit(from: x.fraction[k] + 1, to: 9) + "[0-9]*"
            }
            fractions.append(text(x.fraction) + "[0-9]*")
            choices.append(whole + "\\.(" + fractions.joined(separator: "|") + ")")
        }
        return choices.joined(separator: "|")
    }

    /// A magnitude of at most `x`.
    private static func atMost(_ x: Digits) -> String {
        var choices = smallerIntegers(than: x.integer).map { "(" + $0 + ")(\\.[0-9]+)?" }
        let whole = text(x.integer)
        if x.fraction.isEmpty {
            choices.append(whole + "(\\.0+)?")
        } else {
            // Below at the first digit that differs, or the bound's first digits and zeros.
            var fractions = x.fraction.indices.compactMap { k -> String? in
                x.fraction[k] == 0 ? nil : text(x.fraction[..<k]) + digit(from: 0, to: x.fraction[k] - 1) + "[0-9]*"
            }
            fractions.append("0+")
            fractions += (1...x.fraction.count).map { text(x.fraction[..<$0]) + "0*" }
            choices.append(whole + "(\\.(" + fractions.joined(separator: "|") + "))?")
        }
        return choices.joined(separator: "|")
    }

    /// Integer parts (without leading zeros) greater than `integer`: longer ones, and those of
    /// its length greater at their first different digit.
    private static func greaterIntegers(than integer: [Int]) -> [String] {
        var choices = ["[1-9][0-9]{\(integer.count),}"]
        for k in integer.indices where integer[k] < 9 {
            let rest = integer.count - k - 1
            choices.append(text(integer[..<k]) + digit(from: integer[k] + 1, to: 9) + "[0-9]{\(rest)}")
        }
        return choices
    }

    /// Integer parts smaller than `integer`: shorter ones, and those of its length smaller at
    /// their first different digit (never a leading zero but `0` itself).
    private static func smallerIntegers(than integer: [Int]) -> [String] {
        guard integer != [0] else { return [] }
        var choices: [String] = []
        if integer.count > 1 { choices.append("0|[1-9][0-9]{0,\(integer.count - 2)}") }
        for k in integer.indices {
            let lowest = k == 0 && integer.count > 1 ? 1 : 0
            guard integer[k] > lowest else { continue }
            let rest = integer.count - k - 1
            choices.append(text(integer[..<k]) + digit(from: lowest, to: integer[k] - 1) + "[0-9]{\(rest)}")
        }
        return choices
    }

    private static func text(_ digits: some Sequence<Int>) -> String {
        digits.map(String.init).joined()
    }

    private static func digit(from low: Int, to high: Int) -> String {
        low == high ? String(low) : "[\(low)-\(high)]"
    }
}
