extension JSONWriter {
    /// Gives the number written from `start` at least `digits` fraction digits, with zeros
    /// (``/ModelMapperSchema/MappingKeys/jsonFractionDigits``): `30` becomes `30.00`, `9.5`
    /// becomes `9.50` for 2; `0` digits drops a `.0` alone. A number with an exponent, or with
    /// more digits, is left as written: nothing is rounded.
    package mutating func padFraction(from start: Int, to digits: Int) {
        let written = bytes(from: start)
        guard !written.contains(UInt8(ascii: "e")), !written.contains(UInt8(ascii: "E")) else { return }
        let dot = written.firstIndex(of: UInt8(ascii: "."))
        let present = dot.map { written.count - $0 - 1 } ?? 0
        if digits == 0 {
            if let dot, written[(dot + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") }) {
                truncate(to: start + dot)
            }
            return
        }
        guard present < digits else { return }
        if dot == nil { append(".") }
        for _ in present..<digits { append("0") }
    }
}
