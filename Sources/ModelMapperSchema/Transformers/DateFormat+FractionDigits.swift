extension DateFormat {
    /// A date this format wrote (`written`: its JSON text, quoted or not) given at least `digits`
    /// fraction digits of its seconds, with zeros: `…T23:05:12Z` becomes `…T23:05:12.000Z` and
    /// `…T23:05:12.5+02:00` becomes `…T23:05:12.500+02:00` for 3. Nil where nothing changes:
    /// the text has as many digits already (nothing is rounded), or the format is not one of
    /// ISO 8601's (`iso8601`, `iso8601 <zone>`, `iso8601 +02:00`): a pattern's text is left as
    /// the pattern reads it, and a number of seconds is padded as numbers are
    /// (`JSONWriter.padFraction`).
    ///
    /// What `jsonFractionDigits` declares on a Date attribute (see
    /// ``MappingKeys/jsonFractionDigits``): the encoder writes dates so, and `modelgen infer`
    /// declares it only where every sample is written back so as it was sent.
    package func paddingSecondsFraction(_ written: [UInt8], to digits: Int) -> [UInt8]? {
        switch self {
        case .iso8601, .localISO8601, .offsetISO8601: break
        case .yearMonthDay, .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970, .pattern: return nil
        }
        guard digits > 0, let fraction = Self.secondsFraction(of: written), fraction.count < digits else { return nil }
        var padded = Array(written[..<fraction.end])
        padded.reserveCapacity(written.count + digits - fraction.count + 1)
        if !fraction.hasSeparator { padded.append(UInt8(ascii: ".")) }
        padded.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - fraction.count))
        padded.append(contentsOf: written[fraction.end...])
        return padded
    }

    /// The number of fraction digits of the seconds of ISO 8601 text (`3` for
    /// `…T23:05:12.000Z`, `0` for `…T23:05:12Z`); nil for text without a time.
    package static func secondsFractionDigits(of text: [UInt8]) -> Int? {
        secondsFraction(of: text)?.count
    }

    /// Where the seconds' fraction of ISO 8601 text ends (after its digits, or after the
    /// seconds where it has none), whether it has its `.` (or `,`), and its number of digits.
    private static func secondsFraction(of text: [UInt8]) -> (end: Int, hasSeparator: Bool, count: Int)? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let separator = text.firstIndex(of: UInt8(ascii: "T")) else { return nil }
        // The end of HH:mm:ss.
        var end = separator + 1
        while end < text.count, isDigit(text[end]) || text[end] == UInt8(ascii: ":") { end += 1 }
        guard end > separator + 1 else { return nil }
        guard end < text.count, text[end] == UInt8(ascii: ".") || text[end] == UInt8(ascii: ",") else {
            return (end, false, 0)
        }
        var fractionEnd = end + 1
        while fractionEnd < text.count, isDigit(text[fractionEnd]) { fractionEnd += 1 }
        return (fractionEnd, true, fractionEnd - end - 1)
    }
}
