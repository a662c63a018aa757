/// The attribute type a JSON number literal fits, by its text: what `Int64`, `Double` and
/// `Decimal` give back exactly as written.
enum NumberLiteral: Equatable {
    /// An integer an `Int64` holds.
    case integer
    /// An integer beyond `Int64` with at most 38 digits: a `Decimal`.
    case bigInteger
    /// A fraction or exponent with at most 15 significant digits: a `Double` gives it back.
    case fraction
    /// A fraction or exponent with 16 to 38 significant digits and a small exponent: a `Decimal`.
    case longFraction
    /// No attribute type holds it exactly.
    case unrepresentable

    /// The most digits a `Decimal` holds.
    static let decimalDigits = 38
    /// The most significant digits a `Double` always gives back as written.
    static let doubleDigits = 15

    /// The kind of `text`, a JSON number literal.
    init(_ text: String) {
        var digits = 0
        var significant = false
        var isInteger = true
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    // Saturating: an exponent this long is out of every type's range anyway.
                    exponent = min(exponent * 10 + Int(byte - UInt8(ascii: "0")), 10_000)
                } else if byte != UInt8(ascii: "0") || significant {
                    significant = true
                    digits += 1
                }
            case UInt8(ascii: "."):
                isInteger = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                isInteger = false
                inExponent = true
            case UInt8(ascii: "-") where inExponent:
                exponentSign = -1
            default:
                continue
            }
        }
        if isInteger {
            if Int64(text) != nil {
                self = .integer
            } else {
                self = digits <= Self.decimalDigits ? .bigInteger : .unrepresentable
            }
            return
        }
        // Decimal's exponent runs from -128 to 127; Double's past 1e308 is infinite.
        let magnitude = exponentSign * exponent
        if digits <= Self.doubleDigits, abs(magnitude) < 300, Double(text)?.isFinite == true {
            self = .fraction
        } else if digits <= Self.decimalDigits, abs(magnitude) < 90 {
            self = .longFraction
        } else {
            self = .unrepresentable
        }
    }
}
