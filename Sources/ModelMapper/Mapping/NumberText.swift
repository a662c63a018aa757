@_spi(Engine) import ModelMapperSchema

/// How the text of a number sent as a string is read: the rule that keeps a postcode sent as
/// `"02134"` from coming back as `"2134"`.
///
/// A number read from a string is written back from the number (a `jsonForm` string attribute
/// writes `"2134"`; a lenient one, `2134`), so text that the type does not write back the same
/// loses what made it different: leading zeros (`"02134"`), a plus sign (`"+5"`), spaces
/// (`" 5"`), an exponent (`"1e3"`), and for an integer type a fraction (`"7.0"`) or `"-0"`.
/// Such text is an error by default, which says to declare the attribute a String;
/// ``ModelDecoder/Options/acceptsReformattedNumbers`` accepts it and keeps the number. A
/// fraction's trailing zeros (`"30.00"`) are the scale of a decimal, not a reformatting: see
/// the `jsonFractionDigits` userInfo key.
struct NumberText {
    /// Whether a string is refused where a number is expected (``ModelDecoder/Options/Strictness/strict``).
    let strict: Bool
    /// Whether text the type writes back differently is accepted.
    let acceptsReformatted: Bool

    /// What of `text` (a string's bytes, a valid number once trimmed) an attribute of `type`
    /// would not write back, for the error; nil when it writes it back the same.
    ///
    /// For example, `"02134"` as `Integer 64` is "a leading zero"; `"30.00"` as `Decimal` is nil.
    static func rewrites(_ text: UnsafeBufferPointer<UInt8>, as type: AttributeType) -> String? {
        let trimmed = text.trimmingSpaces()
        if trimmed.count != text.count { return "spaces around the number" }
        var digits = trimmed[...]
        if digits.first == UInt8(ascii: "+") { return "a plus sign" }
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        if digits.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) { return "an exponent" }
        let integerPart = digits.prefix { $0 != UInt8(ascii: ".") }
        if integerPart.count > 1, integerPart.first == UInt8(ascii: "0") { return "a leading zero" }
        switch type {
        case .integer16, .integer32, .integer64:
            if integerPart.count != digits.count { return "a fraction, which an integer does not write" }
            if digits.count == 1, digits.first == UInt8(ascii: "0"), trimmed.count != digits.count {
                return "a minus sign on zero"
            }
            return nil
        default:
            return nil
        }
    }
}
