import Foundation
@_spi(Engine) import ModelMapperSchema

/// The form of a JSON string that makes it a value of a type other than `String`: a date, a
/// UUID, a URL, a number sent as text. A string has at most one; a field is of that type only
/// when every string it held had the form.
enum StringForm: Hashable {
    /// An ISO 8601 date and time with a designator that a date form writes back as it was:
    /// `iso8601` for one in UTC (`2024-05-01T09:30:00Z`, `offset` nil), `iso8601 +02:00` for
    /// one at an offset (`offset` seconds east of UTC); with its `digits` fraction digits
    /// declared (`jsonFractionDigits`: `.000Z`), or without where `isWrittenPlainly` (the
    /// fewest digits that read back, `.5Z`).
    case dateTime(offset: Int?, digits: Int, isWrittenPlainly: Bool)
    /// An ISO 8601 date and time `iso8601` reads that no date form writes back as it was.
    case dateTimeWrittenOtherwise
    /// An ISO 8601 date and time without a zone (`2018-04-03T23:05:12`, as WooCommerce sends
    /// them), that `iso8601 UTC` reads and writes back as it was.
    case localDateTime
    /// An RFC 1123 date (`Tue, 03 Apr 2018 23:05:12 GMT`), that `rfc1123` reads and writes
    /// back as it was.
    case rfc1123
    /// A day (`2024-05-01`), as the `yearMonthDay` date format reads it.
    case day
    /// A UUID (`8c4b…-…`).
    case uuid
    /// An absolute URL with a scheme and a host (`https://example.com/a`).
    case url
    /// An integer an `Int64` holds, written without a sign or leading zeros that a number
    /// would lose (`"101"`, not `"007"`).
    case integer
    /// A decimal fraction (`"24.99"`) with at most 15 significant digits.
    case decimal
    /// A decimal fraction with more digits than a `Double` keeps: only a `Decimal` holds it.
    case longDecimal
    /// Anything else.
    case text

    /// Whether the form is an ISO 8601 date and time `iso8601` reads, written back or not.
    var isDateTime: Bool {
        switch self {
        case .dateTime, .dateTimeWrittenOtherwise: true
        default: false
        }
    }

    /// The form of `text`.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        if let form = Self.numberForm(bytes) {
            self = form
        } else if bytes.count == 36, UUID(uuidString: text) != nil {
            self = .uuid
        } else if bytes.count == 10, Self.isDay(bytes), (try? DateFormat.yearMonthDay.date(from: .string(text))) != nil
        {
            self = .day
        } else if bytes.count >= 16, bytes.count <= 40, Self.isDay(Array(bytes.prefix(10))),
            bytes[10] == UInt8(ascii: "T"), (try? DateFormat.iso8601.date(from: .string(text))) != nil
        {
            self = Self.dateTimeForm(text)
        } else if bytes.count >= 16, bytes.count <= 40, Self.isDay(Array(bytes.prefix(10))),
            bytes[10] == UInt8(ascii: "T"), Self.isLocalDateTimeWrittenBack(text)
        {
            self = .localDateTime
        } else if bytes.count == 29, bytes[3] == UInt8(ascii: ","), text.hasSuffix(" GMT"),
            DateFormat.pattern(DateFormat.rfc1123Pattern).writesBack(.string(text))
        {
            self = .rfc1123
        } else if Self.isURL(text, bytes) {
            self = .url
        } else {
            self = .text
        }
    }

    /// The form of ISO 8601 text `iso8601` reads: written back at its own offset (UTC for
    /// `Z`), with its own fraction digits declared or not; or written otherwise.
    private static func dateTimeForm(_ text: String) -> StringForm {
        let bytes = Array(text.utf8)
        var offset: Int?
        if bytes.last != UInt8(ascii: "Z"), let sign = designatorStart(bytes) {
            let designator = String(decoding: bytes[sign...], as: UTF8.self)
            guard case .offsetISO8601(let seconds)? = DateFormat.list("iso8601 \(designator)").first else {
                return .dateTimeWrittenOtherwise
            }
            offset = seconds
        }
        let format = offset.map { DateFormat.offsetISO8601(seconds: $0) } ?? .iso8601
        let isWrittenPlainly = format.writesBack(.string(text))
        let digits = DateFormat.secondsFractionDigits(of: bytes) ?? 0
        guard isWrittenPlainly || (digits > 0 && format.writesBack(.string(text), fractionDigits: digits)) else {
            return .dateTimeWrittenOtherwise
        }
        return .dateTime(offset: offset, digits: digits, isWrittenPlainly: isWrittenPlainly)
    }

    /// Where the `+hh:mm` or `-hh:mm` designator of ISO 8601 text begins; nil for none.
    private static func designatorStart(_ bytes: [UInt8]) -> Int? {
        guard let separator = bytes.firstIndex(of: UInt8(ascii: "T")) else { return nil }
        return bytes[separator...].lastIndex { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
    }

    /// `integer`, `decimal` or `longDecimal` for the plain forms of numbers: an optional `-`,
    /// digits without a leading zero (but `0` itself), and an optional fraction; not a
    /// negative zero.
    private static func numberForm(_ bytes: [UInt8]) -> StringForm? {
        var index = 0
        if bytes.first == UInt8(ascii: "-") { index = 1 }
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integerDigits = index - start
        guard integerDigits > 0, integerDigits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        // `-0` and `-0.00`: a number keeps no sign on zero, so the text would come back without it.
        if start == 1, bytes.dropFirst().allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }) {
            return nil
        }
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return nil }
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index == bytes.count, index > fractionStart else { return nil }
        }
        // The text is a JSON number literal now: the type that holds it is the literal's.
        switch NumberLiteral(String(decoding: bytes, as: UTF8.self)) {
        case .integer: return .integer
        case .fraction: return .decimal
        case .longFraction: return .longDecimal
        case .bigInteger, .unrepresentable: return nil
        }
    }

    /// Whether `iso8601 UTC` reads `text` and writes the date back as the same text.
    private static func isLocalDateTimeWrittenBack(_ text: String) -> Bool {
        guard let utc = TimeZone(secondsFromGMT: 0) else { return false }
        return DateFormat.localISO8601(utc).writesBack(.string(text))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `dddd-dd-dd`.
    private static func isDay(_ bytes: [UInt8]) -> Bool {
        bytes.count == 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }
    }

    /// A URL with an `http`, `https` or `ftp` scheme and a host, no spaces, that Foundation
    /// reads as it is.
    private static func isURL(_ text: String, _ bytes: [UInt8]) -> Bool {
        guard bytes.count <= 4096, text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("ftp://"),
            !bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }),
            let url = URL(string: text), url.host?.isEmpty == false
        else { return false }
        return url.absoluteString == text
    }
}
