import Foundation

/// Dates to and from calendar fields in UTC with plain integer arithmetic (the proleptic
/// Gregorian calendar, Howard Hinnant's `days_from_civil`), for the date forms the decoder
/// and encoder meet most: `yyyy-MM-dd` and `yyyy-MM-ddTHH:mm:ssZ`. Only years 1600...9999 take
/// this path; Foundation's calendar, which switches to the Julian calendar before 1582,
/// handles the others, so both paths always agree.
package enum CivilTime {
    static let years = 1600...9999

    /// Days from 1970-01-01 to a valid date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a number of days since 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `yyyy-MM-dd` at midnight UTC; nil when the bytes are not exactly that (or outside `years`).
    static func yearMonthDayDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 10, let days = dayNumber(bytes) else { return nil }
        return Date(timeIntervalSince1970: Double(days * 86_400))
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` without fractional seconds; nil for anything else.
    static func iso8601Date(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
            let days = dayNumber(bytes),
            let hour = twoDigits(bytes, 11), hour < 24,
            let minute = twoDigits(bytes, 14), minute < 60,
            let second = twoDigits(bytes, 17), second < 60
        else { return nil }
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The day number of the `yyyy-MM-dd` the bytes start with.
    private static func dayNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let high = twoDigits(bytes, 0), let low = twoDigits(bytes, 2),
            let month = twoDigits(bytes, 5), let day = twoDigits(bytes, 8)
        else { return nil }
        let year = high * 100 + low
        guard years.contains(year), (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month)
        else {
            return nil
        }
        return days(year: year, month: month, day: day)
    }

    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int? {
        let tens = bytes[offset] &- UInt8(ascii: "0")
        let ones = bytes[offset + 1] &- UInt8(ascii: "0")
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }

    // MARK: Writing

    /// The longest text ``write(_:withTime:to:)`` writes: `"yyyy-MM-ddTHH:mm:ss.<18 digits>Z"`.
    static let maximumWrittenCount = 41

    /// Writes `yyyy-MM-dd` (`withTime`: `yyyy-MM-ddTHH:mm:ssZ`, with the shortest fraction of a
    /// second that reads back as the same date, see ``ISO8601Text/shortestFraction(of:secondsSince1970:)``)
    /// for a date within `years`; false, writing nothing, for any other date (and, without the
    /// time, for one that is not midnight).
    static package func write(_ date: Date, withTime: Bool, to writer: inout JSONWriter) -> Bool {
        guard let fields = WrittenFields(date, withTime: withTime) else { return false }
        writer.append(reserving: maximumWrittenCount) { text in fields.write(to: text) }
        return true
    }

    /// The text ``write(_:withTime:to:)`` writes, without its quotes; nil for the same dates.
    /// With `localOffset`, the local time that many seconds east of UTC, without a zone
    /// designator (`2009-10-09T12:40:08`).
    static func text(_ date: Date, withTime: Bool, localOffset: Int? = nil) -> String? {
        guard let fields = WrittenFields(date, withTime: withTime, offset: localOffset) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumWrittenCount) { buffer in
            guard let text = buffer.baseAddress else { return "" }
            let count = fields.write(to: text)
            return String(decoding: UnsafeBufferPointer(start: text + 1, count: count - 2), as: UTF8.self)
        }
    }

    /// What a date is written as: its day, its second of the day and its fraction of a second.
    private struct WrittenFields {
        let year: Int
        let month: Int
        let day: Int
        /// The second of the day; nil for a date written without its time.
        let secondOfDay: Int?
        let fraction: (digits: UInt64, scale: Int)?
        /// Whether the text ends with `Z`; a local time has none.
        let hasDesignator: Bool

        /// The fields of `date` in UTC, or at `offset` seconds east of it as a local time.
        init?(_ date: Date, withTime: Bool, offset: Int? = nil) {
            // The whole seconds in the reference date's terms, which a `Date` keeps: exact.
            let interval = date.timeIntervalSinceReferenceDate
            guard interval.isFinite, abs(interval) < 1e12 else { return nil }
            let whole = interval.rounded(.down)
            let wholeSince1970 = Int(whole) + ISO8601Text.referenceDateSince1970
            if whole == interval {
                fraction = nil
            } else {
                guard withTime, let shortest = ISO8601Text.shortestFraction(of: date, secondsSince1970: wholeSince1970)
                else {
                    return nil
                }
                fraction = shortest
            }
            // The offset is whole seconds: the fraction is the same in any zone.
            let seconds = wholeSince1970 + (offset ?? 0)
            hasDesignator = offset == nil
            let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
            let secondOfDay = seconds - days * 86_400
            if !withTime, secondOfDay != 0 { return nil }
            (year, month, day) = civil(days: days)
            guard years.contains(year) else { return nil }
            self.secondOfDay = withTime ? secondOfDay : nil
        }

        /// Writes the text with its quotes at `text` (``maximumWrittenCount`` bytes at most);
        /// returns how many bytes it wrote.
        func write(to text: UnsafeMutablePointer<UInt8>) -> Int {
            text[0] = UInt8(ascii: "\"")
            _ = DecimalDigits.write(UInt64(year), minimumCount: 4, to: text + 1)
            text[5] = UInt8(ascii: "-")
            _ = DecimalDigits.write(UInt64(month), minimumCount: 2, to: text + 6)
            text[8] = UInt8(ascii: "-")
            _ = DecimalDigits.write(UInt64(day), minimumCount: 2, to: text + 9)
            guard let secondOfDay else {
                text[11] = UInt8(ascii: "\"")
                return 12
            }
            text[11] = UInt8(ascii: "T")
            _ = DecimalDigits.write(UInt64(secondOfDay / 3600), minimumCount: 2, to: text + 12)
            text[14] = UInt8(ascii: ":")
            _ = DecimalDigits.write(UInt64(secondOfDay / 60 % 60), minimumCount: 2, to: text + 15)
            text[17] = UInt8(ascii: ":")
            _ = DecimalDigits.write(UInt64(secondOfDay % 60), minimumCount: 2, to: text + 18)
            var end = 20
            if let fraction {
                text[20] = UInt8(ascii: ".")
                end = 21 + DecimalDigits.write(fraction.digits, minimumCount: fraction.scale, to: text + 21)
            }
            if hasDesignator {
                text[end] = UInt8(ascii: "Z")
                end += 1
            }
            text[end] = UInt8(ascii: "\"")
            return end + 1
        }
    }
}
