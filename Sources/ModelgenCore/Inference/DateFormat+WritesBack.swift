import ModelMapper
@_spi(Engine) import ModelMapperSchema

extension DateFormat {
    /// Whether this format reads `value` and writes the date back as the same JSON: inference
    /// declares a date form only where every sample passes, so that nothing read is altered.
    ///
    /// `fractionDigits`: as `jsonFractionDigits` declares them, the fewest digits of the
    /// seconds of an ISO 8601 date written (the rule the encoder follows).
    func writesBack(_ value: JSONValue, fractionDigits: Int? = nil) -> Bool {
        guard let date = try? date(from: value) else { return false }
        let written = jsonValue(for: date)
        guard let fractionDigits, case .string(let text) = written,
            let padded = paddingSecondsFraction(Array(text.utf8), to: fractionDigits)
        else { return written == value }
        return JSONValue.string(String(decoding: padded, as: UTF8.self)) == value
    }
}
