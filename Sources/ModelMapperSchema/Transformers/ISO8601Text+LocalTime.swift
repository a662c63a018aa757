import Foundation

/// Local times, as APIs send them without a zone designator (`2009-10-09 12:40:08`), in the
/// zone the model or the decoder declares (``DateFormat/localISO8601(_:)``).
extension ISO8601Text {
    /// The date of these fields, a local time (or a bare date, at midnight) being in `zone`;
    /// nil for a local time the zone skips (the hour a daylight-saving change leaves out), and
    /// for years outside ``CivilTime/years``. A local time the zone has twice (the hour a
    /// change repeats) is the earlier, as Foundation's calendar and java.time take it.
    func date(in zone: TimeZone) -> Date? {
        guard !hasDesignator else { return date }
        guard CivilTime.years.contains(year), day <= CivilTime.daysInMonth(year: year, month: month) else { return nil }
        let local = CivilTime.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        guard let offset = Self.offset(ofLocalTime: local, in: zone) else { return nil }
        return date(offset: offset)
    }

    /// The offset from UTC of local time `local` (seconds since 1970 as if it were UTC) in
    /// `zone`: an offset the zone has a day either side of it, or at it, under which the
    /// instant it gives has that offset; the largest (the earlier instant) when two do; nil
    /// when none does.
    static func offset(ofLocalTime local: Int, in zone: TimeZone) -> Int? {
        var found: Int?
        for probe in [local - 86_400, local, local + 86_400] {
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(probe)))
            guard zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - offset))) == offset else {
                continue
            }
            found = max(found ?? offset, offset)
        }
        return found
    }

    /// Why a date has no local-time text in a zone.
    enum LocalTextFailure: Error {
        /// Its local year is outside ``CivilTime/years``.
        case outsideYears
        /// Its local time happens twice in the zone, and written without an offset it reads
        /// back as the other instant.
        case repeatedLocalTime(String)
    }

    /// The local time of `date` in `zone`, without a designator (`2009-10-09T12:40:08`, with the
    /// shortest fraction that reads back as it), checked to read back as `date`.
    ///
    /// - Throws: ``LocalTextFailure`` when no such text reads back as `date`.
    static func localText(_ date: Date, in zone: TimeZone) throws(LocalTextFailure) -> String {
        let offset = zone.secondsFromGMT(for: date)
        guard let text = CivilTime.text(date, withTime: true, localOffset: offset) else { throw .outsideYears }
        let readBack = Array(text.utf8)
            .withUnsafeBufferPointer { bytes in
                ISO8601Text(bytes, allowsLocalTime: true)?.date(in: zone)
            }
        guard readBack == date else { throw .repeatedLocalTime(text) }
        return text
    }
}
