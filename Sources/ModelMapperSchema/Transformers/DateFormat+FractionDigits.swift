extension DateFormat {
    /// ISO 8601 text (a date and time as `iso8601` and `iso8601 <zone>` write it, quoted or
    /// not) given at least `digits` fraction digits of its seconds, with zeros: `…T23:05:12Z`
    /// becomes `…T23:05:12.000Z` and `…T23:05:12.5+02:00` becomes `…T23:05:12.500+02:00` for 3.
    /// Nil where nothing changes: the text has as many digits already (nothing is rounded), or
    /// is no date and time (a day, a number).
    ///
    /// What `jsonFractionDigits` declares on a Date attribute (see
    /// ``MappingKeys/jsonFractionDigits``): the encoder writes dates so, and `modelgen infer`
    /// declares it only where every sample is written back so as it was sent.
    package static func paddingSecondsFraction(_ text: [UInt8], to digits: Int) -> [UInt8]? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard digits > 0, let separator = text.firstIndex(of: UInt8(ascii: "T")) else { return nil }
        // The end of HH:mm:ss.
        var end = separator + 1
        while end < text.count, isDigit(text[end]) || text[end] == UInt8(ascii: ":") { end += 1 }
        guard end > separator + 1 else { return nil }
        var present = 0
        var insertion = end
        let hasFraction = end < text.count && (text[end] == UInt8(ascii: ".") || text[end] == UInt8(ascii: ","))
        if hasFraction {
            insertion = end + 1
            while insertion < text.count, isDigit(text[insertion]) { insertion += 1 }
            present = insertion - end - 1
        }
        guard present < digits else { return nil }
        var padded = Array(text[..<insertion])
        padded.reserveCapacity(text.count + digits - present + 1)
        if !hasFraction { padded.append(UInt8(ascii: ".")) }
        padded.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - present))
        padded.append(contentsOf: text[insertion...])
        return padded
    }
}
