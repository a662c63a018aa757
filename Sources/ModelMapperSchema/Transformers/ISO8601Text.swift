import Foundation

/// The ISO 8601 date-times the default date reading accepts, read from their bytes: a
/// calendar date and a time of day with seconds, in the extended form
/// (`2000-08-22T13:28:00Z`) or the basic one (`20000822T132800Z`), with optional fractional
/// seconds (`.5`, `,5`, any number of digits) and a zone designator (`Z`, or an offset
/// `+02:00`, `+0200`, `+02`). The date and the time are in the same form, as ISO 8601 asks;
/// the offset may be in either (`2000-08-22T15:28:00+0200` is common). A space may stand for
/// the `T`, as RFC 3339 allows (`2009-10-09 12:40:08Z`). Local times (no zone designator) and
/// bare dates are read only when asked for (``DateFormat/localISO8601(_:)``, which says their
/// zone). Nothing else is read: no missing seconds, no out-of-range fields (Foundation's
/// reader rolls `2001-02-29` over to March 1st; this one refuses it).
///
/// Fractional seconds make a `Date` as Foundation's own readers do, from seconds since 1970:
/// `.512` after `2024-05-01T10:00:00` is `Date(timeIntervalSince1970: 1714557600.512)`, the
/// `Date` code makes for that instant, so that a date read and a date made in code compare
/// equal. Past six digits (below a microsecond, finer than seconds since 1970 resolve), the
/// digits round to the nearest `Date` directly, so that every `Date`, however it was made,
/// has a text that reads back as it (see ``date(secondsSince1970:digits:scale:)``).
struct ISO8601Text {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0
    /// The fractional seconds as digits over a power of ten: `.250` is 250 and 3. Digits past
    /// the 18th are dropped (a billionth of a billionth of a second, far below a `Date`'s
    /// resolution).
    var fractionDigits: UInt64 = 0
    var fractionScale = 0
    /// The zone's offset from UTC in seconds, east positive.
    var offset = 0
    /// Whether the text gives its zone (`Z` or an offset); a local time does not, and its
    /// `offset` is 0 until a zone gives it one.
    var hasDesignator = true
}

extension ISO8601Text {
    /// The fields of an ISO 8601 date-time; nil when the bytes are anything else (or a date
    /// that no calendar has, such as a 13th month). `allowsLocalTime`: a date-time without a
    /// zone designator, and a bare date (at midnight), are read too.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, allowsLocalTime: Bool = false) {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4) else { return nil }
        let extended = reader.skip(UInt8(ascii: "-"))
        guard let month = reader.digits(2), !extended || reader.skip(UInt8(ascii: "-")), let day = reader.digits(2),
            (1...12).contains(month), day >= 1, day <= 31
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if allowsLocalTime, reader.isAtEnd {
            hasDesignator = false
            return
        }
        guard reader.skip(UInt8(ascii: "T")) || reader.skip(UInt8(ascii: "t")) || reader.skip(UInt8(ascii: " ")),
            let hour = reader.digits(2), !extended || reader.skip(UInt8(ascii: ":")), let minute = reader.digits(2),
            !extended || reader.skip(UInt8(ascii: ":")), let second = reader.digits(2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        (self.hour, self.minute, self.second) = (hour, minute, second)
        if reader.skip(UInt8(ascii: ".")) || reader.skip(UInt8(ascii: ",")) {
            guard let digit = reader.digit() else { return nil }
            fractionDigits = UInt64(digit)
            fractionScale = 1
            while let digit = reader.digit() {
                guard fractionScale < 18 else { continue }
                fractionDigits = fractionDigits * 10 + UInt64(digit)
                fractionScale += 1
            }
        }
        if allowsLocalTime, reader.isAtEnd {
            hasDesignator = false
        } else if reader.skip(UInt8(ascii: "Z")) || reader.skip(UInt8(ascii: "z")) {
            offset = 0
        } else {
            let sign: Int
            if reader.skip(UInt8(ascii: "+")) {
                sign = 1
            } else if reader.skip(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = reader.digits(2), hours < 24 else { return nil }
            var minutes = 0
            if !reader.isAtEnd {
                _ = reader.skip(UInt8(ascii: ":"))
                guard let value = reader.digits(2), value < 60 else { return nil }
                minutes = value
            }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.isAtEnd else { return nil }
    }

    /// The date, for years ``CivilTime/years`` (whose calendar arithmetic is the proleptic
    /// Gregorian one); nil for other years, for days their month does not have, and for a
    /// local time (see ``date(in:)``).
    var date: Date? { hasDesignator ? date(offset: offset) : nil }

    /// The date of these fields at `offset` seconds east of UTC, as ``date`` computes it.
    func date(offset: Int) -> Date? {
        guard CivilTime.years.contains(year), day <= CivilTime.daysInMonth(year: year, month: month) else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Self.date(secondsSince1970: seconds, digits: fractionDigits, scale: fractionScale)
    }

    /// The most fraction digits read as Foundation reads them, from seconds since 1970; more
    /// round to the nearest `Date` directly (see ``date(secondsSince1970:digits:scale:)``).
    static let digitsReadSince1970 = 6

    /// The date `whole` seconds after 1970-01-01 plus a fraction of `digits` over `10^scale`:
    /// the one computation of a date from its text that reading does and that writing checks
    /// against.
    ///
    /// Up to ``digitsReadSince1970`` digits, the date is `Date(timeIntervalSince1970:)` of the
    /// seconds with their fraction correctly rounded to a Double, as a literal
    /// `1714557600.512` is: the date code makes for the instant, and Foundation's readers read.
    /// Seconds since 1970 resolve about a quarter of a microsecond today, more coarsely than a
    /// `Date` (which counts from 2001), so some dates, such as those made from the system clock,
    /// are no such value; their text has more digits, which round to the nearest `Date` in its
    /// own terms. So every `Date` within the years written has a text that reads back as it.
    static func date(secondsSince1970 whole: Int, digits: UInt64, scale: Int) -> Date {
        guard scale > 0 else { return Date(timeIntervalSince1970: Double(whole)) }
        let power = powersOfTen[scale]
        if scale <= digitsReadSince1970 {
            // Whole seconds and fraction as one integer over a power of ten: exact (below 2^53)
            // for the centuries around 1970, so the one division rounds correctly.
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: integerPowersOfTen[scale])
            let (numerator, overflowAgain) = scaled.addingReportingOverflow(Int(digits))
            if !overflow, !overflowAgain { return Date(timeIntervalSince1970: Double(numerator) / power) }
        }
        // In the reference date's terms, which a `Date` keeps: converting from 1970's would
        // round a second time. Both operands are exact (a scale of at most 18 is an exact power
        // of ten, and digits past 2^53 round once more), so this is the nearest `Date`.
        return Date(timeIntervalSinceReferenceDate: Double(whole - referenceDateSince1970) + Double(digits) / power)
    }

    /// The fewest fraction digits (1 to 18, the most the reader keeps) after `whole` seconds
    /// since 1970 that read back as `date` exactly (``date(secondsSince1970:digits:scale:)``):
    /// `.5`, `.512`, `.123456`, never a truncation. `whole` is the date's whole seconds. Nil
    /// when no fraction of at most 18 digits reads back as it (within a hundredth of a second
    /// or so of 2001-01-01, where a `Date` resolves finer than 18 digits).
    static func shortestFraction(of date: Date, secondsSince1970 whole: Int) -> (digits: UInt64, scale: Int)? {
        // Exact: both are within a second of each other.
        let fraction = date.timeIntervalSinceReferenceDate - Double(whole - referenceDateSince1970)
        for scale in 1...18 {
            let limit = powersOfTen[scale]
            let nearest = (fraction * limit).rounded()
            // The product may round to a neighbour of the digits sought, and seconds since 1970
            // to a neighbour of the date: the nearest first.
            for candidate in [nearest, nearest - 1, nearest + 1] where candidate >= 1 && candidate < limit {
                let digits = UInt64(candidate)
                if Self.date(secondsSince1970: whole, digits: digits, scale: scale) == date { return (digits, scale) }
            }
        }
        return nil
    }

    /// Whether `date` has these fields in Foundation's Gregorian calendar (Julian before
    /// 1582): for dates Foundation read, which it may have rolled over from fields out of range.
    func matches(_ date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return false }
        calendar.timeZone = utc
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second],
            from: date.addingTimeInterval(Double(offset))
        )
        return parts.year == year && parts.month == month && parts.day == day && parts.hour == hour
            && parts.minute == minute && parts.second == second
    }

    /// The same date-time to the whole second, in the extended form, for Foundation to read the
    /// years outside ``CivilTime/years`` (where its calendar turns Julian). The fraction is not
    /// Foundation's to read: it keeps milliseconds. ``date(addingFractionTo:)`` adds it.
    var wholeSecondsText: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = String(repeating: "0", count: max(0, 4 - String(year).count)) + "\(year)"
        text += "-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        if offset == 0 { return text + "Z" }
        let magnitude = abs(offset)
        return text + (offset < 0 ? "-" : "+") + two(magnitude / 3600) + ":" + two(magnitude / 60 % 60)
    }

    /// The date `wholeSeconds` (this date-time to the whole second, as Foundation read
    /// ``wholeSecondsText``) with this fraction added, by the same computation as ``date``.
    func date(addingFractionTo wholeSeconds: Date) -> Date {
        let whole = Int(wholeSeconds.timeIntervalSinceReferenceDate.rounded(.down)) + Self.referenceDateSince1970
        return Self.date(secondsSince1970: whole, digits: fractionDigits, scale: fractionScale)
    }

    /// The ISO 8601 text of `date` for the years Foundation's calendar writes (outside
    /// ``CivilTime/years``): Foundation writes the whole seconds, and the fraction is the
    /// shortest that reads back as the date (``shortestFraction(of:secondsSince1970:)``), as
    /// ``CivilTime`` writes it; Foundation's own fraction keeps milliseconds.
    static func foundationText(_ date: Date) -> String {
        let interval = date.timeIntervalSinceReferenceDate
        let whole = interval.rounded(.down)
        let text = Date(timeIntervalSinceReferenceDate: whole).formatted(Date.ISO8601FormatStyle())
        guard whole != interval, text.hasSuffix("Z") else { return text }
        guard let fraction = shortestFraction(of: date, secondsSince1970: Int(whole) + referenceDateSince1970) else {
            // Within a second or so of 2001-01-01, where no 18 digits may do (never in
            // Foundation's years): its milliseconds, the closest it writes.
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        let digits = String(fraction.digits)
        return text.dropLast() + "." + String(repeating: "0", count: fraction.scale - digits.count) + digits + "Z"
    }

    /// 2001-01-01T00:00:00Z in seconds since 1970.
    static let referenceDateSince1970 = 978_307_200

    private static let powersOfTen: [Double] = (0...18)
        .map { exponent in
            (0..<exponent).reduce(1.0) { value, _ in value * 10 }
        }
    private static let integerPowersOfTen: [Int] = (0...18)
        .map { exponent in
            (0..<exponent).reduce(1) { value, _ in value * 10 }
        }

    /// Reads the text byte by byte, never past its end.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count else { return nil }
            let value = bytes[index] &- UInt8(ascii: "0")
            guard value < 10 else { return nil }
            index += 1
            return Int(value)
        }

        /// `count` digits as a number; nil (having read any number of them) when fewer follow.
        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
