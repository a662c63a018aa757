import Foundation

/// How a date is written in JSON. Used by ``DateTransformer`` and by the decoder's and
/// encoder's date options, so both read and write dates the same way.
///
/// ```swift
/// let format = DateFormat.yearMonthDay
/// try format.date(from: .string("1835-11-30"))   // 1835-11-30 00:00:00 UTC
/// ```
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text: `2024-05-01T12:30:00Z`. Reading also accepts the basic form without
    /// separators (`20240501T123000Z`), a space for the `T` (`2024-05-01 12:30:00Z`, as RFC 3339
    /// allows), fractional seconds (`.5`, `,25`, any number of digits, rounding to the nearest
    /// `Date`) and offsets from UTC (`+02:00`, `+0200`, `+02`). A local time without a zone is
    /// an error: its zone is declared with ``localISO8601(_:)``. Dates are written in the
    /// extended form in UTC, without fractional seconds unless the date has some (then the
    /// fewest digits that read back as the same `Date`).
    case iso8601
    /// ISO 8601 text whose local times are in a zone: a date-time without a zone designator
    /// (`2009-10-09T12:40:08`, or with a space, `2009-10-09 12:40:08`), or a bare date
    /// (`2009-10-09`, at midnight), is a local time in `zone`. Text with a designator reads as
    /// ``iso8601`` does. Dates are written as local times in `zone`, with the shortest
    /// fraction that reads back as them. A local time the zone skips (a daylight-saving gap) is
    /// an error; one it has twice reads as the earlier instant, and writing the later one is
    /// an error (without an offset, it would read back as the earlier). Years 1600 to 9999.
    ///
    /// In a `dateFormats` userInfo value: `iso8601 UTC`, `iso8601 Europe/Oslo`.
    case localISO8601(TimeZone)
    /// ISO 8601 text at a fixed offset from UTC, `seconds` east of it: written as local times
    /// with that offset (`2018-04-03T23:05:12+02:00` for 7200, with the shortest fraction that
    /// reads back), as an API that always sends one offset writes them, where ``iso8601`` would
    /// write `2018-04-03T21:05:12Z`. Read as ``iso8601`` reads text with a designator, and a
    /// local time without one as a time at the offset. From -18:00 to +18:00.
    ///
    /// In a `dateFormats` userInfo value: `iso8601 +02:00`, `iso8601 -0530`.
    case offsetISO8601(seconds: Int)
    /// A calendar day, `yyyy-MM-dd`, at midnight UTC. Writing a date that is not midnight UTC
    /// is an error: the time would be lost.
    case yearMonthDay
    /// A number of seconds since 1970-01-01 00:00 UTC.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01 00:00 UTC.
    case millisecondsSince1970
    /// A number of microseconds since 1970-01-01 00:00 UTC, as Python's and PostgreSQL's
    /// exports and some event APIs send them (`1745868771726578`). Read to the nearest `Date`
    /// (which keeps about a tenth of a microsecond today), and written as a whole number where
    /// one reads back as the date.
    case microsecondsSince1970
    /// A `DateFormatter` pattern such as `dd/MM/yyyy HH:mm`, in the POSIX locale and UTC.
    case pattern(String)

    /// The formats a `dateFormats` userInfo value names (see ``MappingKeys/dateFormats``):
    /// `iso8601`, `iso8601` and a time zone (`iso8601 Europe/Oslo`, `iso8601 UTC`: local times
    /// in that zone) or an offset (`iso8601 +02:00`: written at that offset), `yearMonthDay` (or `yyyy-MM-dd`), `secondsSince1970`,
    /// `millisecondsSince1970`, `microsecondsSince1970`, `rfc1123` (HTTP's dates, `Tue, 03 Apr 2018 23:05:12 GMT`: the
    /// pattern `EEE, dd MMM yyyy HH:mm:ss 'GMT'`), or a pattern, separated by `|`.
    ///
    /// For example, `DateFormat.list("iso8601 | dd/MM/yyyy")` is `[.iso8601, .pattern("dd/MM/yyyy")]`.
    public static func list(_ text: String) -> [DateFormat] {
        text.split(separator: "|")
            .compactMap { piece -> DateFormat? in
                let name = piece.trimmingCharacters(in: .whitespaces)
                switch name {
                case "": return nil
                case "iso8601", "ISO8601": return .iso8601
                case "yearMonthDay", "yyyy-MM-dd": return .yearMonthDay
                case "secondsSince1970": return .secondsSince1970
                case "millisecondsSince1970": return .millisecondsSince1970
                case "microsecondsSince1970": return .microsecondsSince1970
                case "rfc1123", "RFC1123": return .pattern(rfc1123Pattern)
                default:
                    if let seconds = fixedOffset(name) { return .offsetISO8601(seconds: seconds) }
                    if let zone = localZone(name) { return .localISO8601(zone) }
                    return .pattern(name)
                }
            }
    }

    /// RFC 1123's form of a date, as HTTP headers and many APIs send it
    /// (`Tue, 03 Apr 2018 23:05:12 GMT`), as a pattern: `rfc1123` in `dateFormats` names it.
    package static let rfc1123Pattern = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"

    /// The offset of `iso8601 +02:00` (or `+0200`, `-05:30`), in seconds east of UTC; nil for
    /// anything else.
    private static func fixedOffset(_ name: String) -> Int? {
        guard let argument = iso8601Argument(name) else { return nil }
        var text = Array(argument.utf8)
        guard let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        text.removeFirst()
        if text.count == 5, text[2] == UInt8(ascii: ":") { text.remove(at: 2) }
        guard text.count == 4, text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        let hours = Int(text[0] - UInt8(ascii: "0")) * 10 + Int(text[1] - UInt8(ascii: "0"))
        let minutes = Int(text[2] - UInt8(ascii: "0")) * 10 + Int(text[3] - UInt8(ascii: "0"))
        guard hours <= 18, minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        let seconds = (hours * 60 + minutes) * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// `+02:00` for 7200 seconds east of UTC, `-05:30`, `+00:00`.
    package static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return (seconds < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
    }

    /// The zone of `iso8601 <zone>`: an identifier (`Europe/Oslo`) or an abbreviation (`UTC`).
    private static func localZone(_ name: String) -> TimeZone? {
        guard let zone = iso8601Argument(name).map(String.init) else { return nil }
        return TimeZone(identifier: zone) ?? TimeZone(abbreviation: zone)
    }

    /// The word after `iso8601` in `iso8601 <zone>` or `iso8601 <offset>`; nil for any other name.
    private static func iso8601Argument(_ name: String) -> Substring? {
        let words = name.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, words[0] == "iso8601" || words[0] == "ISO8601" else { return nil }
        return words[1]
    }

    /// Reads a date from its JSON form.
    ///
    /// - Throws: ``DateFormatError`` when `value` is not a date in this format.
    public func date(from value: JSONValue) throws(DateFormatError) -> Date {
        try JSONToken.with(value) { token throws(DateFormatError) in try date(from: token) }
    }

    /// Reads a date from a JSON token: the common ISO 8601 and `yyyy-MM-dd` forms straight
    /// from the bytes, the rest through Foundation.
    package func date(from token: JSONToken) throws(DateFormatError) -> Date {
        switch self {
        case .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970:
            let bytes: UnsafeBufferPointer<UInt8>
            switch token {
            case .number(let number): bytes = number
            case .string(let string): bytes = string.trimmingSpaces()
            default: throw DateFormatError(expected: expectation, found: token.jsonValue.typeDescription)
            }
            guard let number = NumberReading.double(bytes), number.isFinite else {
                throw DateFormatError(expected: expectation, found: "'\(String(decoding: bytes, as: UTF8.self))'")
            }
            return Date(timeIntervalSince1970: number / unitsPerSecond)
        case .iso8601, .localISO8601, .offsetISO8601, .yearMonthDay, .pattern:
            guard case .string(let bytes) = token else {
                throw DateFormatError(expected: expectation, found: token.jsonValue.typeDescription)
            }
            if let date = civilDate(from: bytes) { return date }
            let text = String(decoding: bytes, as: UTF8.self)
            if case .offsetISO8601(let seconds) = self {
                guard let fields = ISO8601Text(bytes, allowsLocalTime: true), fields.hasDesignator == false
                else { return try DateFormat.iso8601.date(from: token) }
                guard let date = fields.date(offset: seconds) else {
                    throw DateFormatError(expected: expectation, found: "'\(text)'")
                }
                return date
            }
            if case .localISO8601(let zone) = self {
                guard let fields = ISO8601Text(bytes, allowsLocalTime: true), fields.hasDesignator == false
                else { return try DateFormat.iso8601.date(from: token) }
                guard let date = fields.date(in: zone) else {
                    throw DateFormatError(
                        expected: expectation,
                        found: "'\(text)'",
                        detail: "\(zone.identifier) skips that local time (a daylight-saving change), or its year is "
                            + "outside 1600 to 9999"
                    )
                }
                return date
            }
            if self == .iso8601 {
                // ISO8601Text decides what is a date; Foundation only computes the years
                // outside the civil arithmetic's, from the extended form it reads, and its
                // answer counts only if it kept the fields (it rolls days over).
                guard let fields = ISO8601Text(bytes), let whole = parse(fields.wholeSecondsText), fields.matches(whole)
                else {
                    if ISO8601Text(bytes, allowsLocalTime: true) != nil {
                        throw DateFormatError(
                            expected: expectation,
                            found: "'\(text)'",
                            detail: "a local time without a zone; declare the zone of local times "
                                + "(dateFormats = iso8601 UTC, or DateFormat.localISO8601)"
                        )
                    }
                    throw DateFormatError(expected: expectation, found: "'\(text)'")
                }
                return fields.date(addingFractionTo: whole)
            }
            guard let date = parse(text) else { throw DateFormatError(expected: expectation, found: "'\(text)'") }
            return date
        }
    }

    /// A date in this format read straight from the bytes, for the ISO 8601 and `yyyy-MM-dd`
    /// forms; nil for other formats and forms, which go through Foundation.
    @inline(__always)
    package func civilDate(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        switch self {
        case .iso8601: CivilTime.iso8601Date(bytes) ?? ISO8601Text(bytes)?.date
        case .yearMonthDay: CivilTime.yearMonthDayDate(bytes)
        default: nil
        }
    }

    /// Writes a date in its JSON form.
    public func jsonValue(for date: Date) -> JSONValue {
        switch self {
        case .secondsSince1970: return .number(Self.numberText(date.timeIntervalSince1970))
        case .millisecondsSince1970, .microsecondsSince1970:
            return .number(Self.numberText(units: date.timeIntervalSince1970 * unitsPerSecond, of: date, format: self))
        case .iso8601:
            if let text = CivilTime.text(date, withTime: true) { return .string(text) }
            // Years outside the civil arithmetic's, through Foundation's calendar.
            return .string(ISO8601Text.foundationText(date))
        case .offsetISO8601(let seconds):
            if let text = CivilTime.text(date, withTime: true, localOffset: seconds) {
                return .string(text + Self.offsetText(seconds))
            }
            return DateFormat.iso8601.jsonValue(for: date)
        case .localISO8601(let zone):
            if let text = try? ISO8601Text.localText(date, in: zone) { return .string(text) }
            // Not a local time that reads back (see checkedJSONValue): with its offset instead.
            return DateFormat.iso8601.jsonValue(for: date)
        case .yearMonthDay:
            let parts = Self.utc.dateComponents([.year, .month, .day], from: date)
            return .string(String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0))
        case .pattern(let pattern):
            return .string(PatternFormatters.string(from: date, pattern: pattern))
        }
    }

    /// The JSON form of a date that this format can write exactly: ISO 8601 and the calendar
    /// forms need a year from 1 to 9999, every form a finite date.
    package func checkedJSONValue(for date: Date) throws(JSONError) -> JSONValue {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else {
            throw JSONError(.notRepresentable, "\(date)", detail: "the date is not finite")
        }
        switch self {
        case .localISO8601(let zone):
            do throws(ISO8601Text.LocalTextFailure) {
                return .string(try ISO8601Text.localText(date, in: zone))
            } catch {
                switch error {
                case .outsideYears:
                    throw JSONError(
                        .notRepresentable,
                        "a date \(interval) seconds from 1970",
                        detail: "\(expectation) has years 1600 to 9999"
                    )
                case .repeatedLocalTime(let text):
                    throw JSONError(
                        .notRepresentable,
                        "\(date)",
                        detail: "its local time \(text) happens twice in \(zone.identifier), and written "
                            + "without an offset it reads back as the earlier"
                    )
                }
            }
        case .yearMonthDay where interval.truncatingRemainder(dividingBy: 86_400) != 0:
            throw JSONError(
                .notRepresentable,
                "\(date)",
                detail: "\(expectation) holds no time of day, and this date is not midnight UTC"
            )
        case .offsetISO8601(let seconds):
            // Years 1 to 9999 at the offset, as the reader reads them.
            let local = interval + Double(seconds)
            guard local >= -62_135_769_600, local < 253_402_300_800,
                let text = CivilTime.text(date, withTime: true, localOffset: seconds)
            else {
                throw JSONError(
                    .notRepresentable,
                    "a date \(interval) seconds from 1970",
                    detail: "\(expectation) has years 1 to 9999"
                )
            }
            return .string(text + Self.offsetText(seconds))
        case .iso8601, .yearMonthDay, .pattern:
            // 0001-01-01T00:00:00Z up to 9999-12-31T23:59:59Z, the first in Foundation's
            // calendar, Julian before 1582 (two days before the proleptic Gregorian one), as
            // the reader reads it.
            guard interval >= -62_135_769_600, interval < 253_402_300_800 else {
                throw JSONError(
                    .notRepresentable,
                    "a date \(interval) seconds from 1970",
                    detail: "\(expectation) has years 1 to 9999"
                )
            }
        case .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970:
            break
        }
        return jsonValue(for: date)
    }

    /// What a date in this format looks like, for error messages.
    public var expectation: String {
        switch self {
        case .iso8601: "an ISO 8601 date string"
        case .localISO8601(let zone): "an ISO 8601 date string (local times in \(zone.identifier))"
        case .offsetISO8601(let seconds): "an ISO 8601 date string (written at \(Self.offsetText(seconds)))"
        case .yearMonthDay: "a yyyy-MM-dd date string"
        case .secondsSince1970: "a number of seconds since 1970"
        case .millisecondsSince1970: "a number of milliseconds since 1970"
        case .microsecondsSince1970: "a number of microseconds since 1970"
        case .pattern(let pattern): "a date string of the form \(pattern)"
        }
    }

    private func parse(_ text: String) -> Date? {
        switch self {
        case .iso8601:
            if let date = try? Date(text, strategy: Date.ISO8601FormatStyle()) { return date }
            return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        case .yearMonthDay:
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            let components = DateComponents(year: year, month: month, day: day)
            guard let date = Self.utc.date(from: components),
                Self.utc.dateComponents([.year, .month, .day], from: date) == components
            else { return nil }
            return date
        case .pattern(let pattern):
            return PatternFormatters.date(from: text, pattern: pattern)
        case .localISO8601, .offsetISO8601, .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970:
            return nil
        }
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Whole numbers without `.0`, others as Swift's shortest exact form.
    private static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Whether dates are numbers since 1970 (of seconds, milliseconds or microseconds) rather
    /// than text: such a number may come as a string, which strict reading refuses, and is
    /// padded with fraction digits as numbers are.
    package var isNumberSince1970: Bool {
        switch self {
        case .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970: true
        case .iso8601, .localISO8601, .offsetISO8601, .yearMonthDay, .pattern: false
        }
    }

    /// The units of a number since 1970 in each second: 1, 1,000 or 1,000,000; 1 for the text
    /// forms, which have none.
    private var unitsPerSecond: Double {
        switch self {
        case .millisecondsSince1970: 1_000
        case .microsecondsSince1970: 1_000_000
        default: 1
        }
    }

    /// A date as `units` of `format` since 1970: the nearest whole number where it reads back
    /// as `date` (a count of microseconds today has 16 digits, past what ``numberText(_:)``
    /// writes whole, and its product with the units may miss the whole number by a rounding),
    /// else the product as ``numberText(_:)`` writes it.
    private static func numberText(units: Double, of date: Date, format: DateFormat) -> String {
        let whole = units.rounded()
        if abs(whole) < 9e18, Date(timeIntervalSince1970: whole / format.unitsPerSecond) == date {
            return String(Int64(whole))
        }
        return numberText(units)
    }
}

/// `DateFormatter`s by pattern, one set per thread: a formatter is not thread-safe, and one lock
/// around every thread's dates (as there was) serialised concurrent decodes, value by value
/// (issue 50). A thread's formatters live as long as the thread.
private enum PatternFormatters {
    /// One thread's formatters, by pattern.
    final class Cache {
        var formatters: [String: DateFormatter] = [:]

        func formatter(_ pattern: String) -> DateFormatter {
            if let formatter = formatters[pattern] { return formatter }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            formatters[pattern] = formatter
            return formatter
        }
    }

    /// The key of each thread's ``Cache``, released when its thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { cache in
            guard let cache else { return }
            Unmanaged<Cache>.fromOpaque(cache).release()
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): the process is out of thread keys")
        return key
    }()

    /// The calling thread's formatters.
    private static var cache: Cache {
        if let cache = pthread_getspecific(key) { return Unmanaged<Cache>.fromOpaque(cache).takeUnretainedValue() }
        let cache = Cache()
        pthread_setspecific(key, Unmanaged.passRetained(cache).toOpaque())
        return cache
    }

    static func date(from text: String, pattern: String) -> Date? {
        cache.formatter(pattern).date(from: text)
    }

    static func string(from date: Date, pattern: String) -> String {
        cache.formatter(pattern).string(from: date)
    }
}
