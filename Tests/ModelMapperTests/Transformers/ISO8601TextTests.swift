import Foundation
import Testing

@testable import ModelMapper
@testable import ModelMapperSchema

/// The ISO 8601 forms the default date reading accepts: extended and basic, fractional
/// seconds, offsets, a space for the `T` (RFC 3339); everything else refused (local times need
/// a declared zone); and the same dates Foundation reads.
@Suite("ISO 8601 dates: basic and extended forms, fractions, offsets")
struct ISO8601TextTests {
    /// 2000-08-22T13:28:00Z.
    static let instant = Date(timeIntervalSince1970: 966_950_880)

    private func date(_ text: String) throws(DateFormatError) -> Date {
        try DateFormat.iso8601.date(from: .string(text))
    }

    @Test(
        "one instant in every accepted form",
        arguments: [
            "2000-08-22T13:28:00Z", "20000822T132800Z", "2000-08-22t13:28:00z", "2000-08-22T15:28:00+02:00",
            "20000822T152800+0200", "2000-08-22T15:28:00+02", "2000-08-22T08:58:00-04:30", "20000822T085800-0430",
            "2000-08-22T15:28:00+0200", "20000822T152800+02:00",
            "2000-08-22T13:28:00.000Z", "20000822T132800,0Z", "2000-08-22 13:28:00Z", "2000-08-22 15:28:00+02:00",
        ]
    )
    func forms(text: String) throws {
        #expect(try date(text) == Self.instant)
    }

    @Test("fractional seconds, any number of digits, round to the nearest date")
    func fractions() throws {
        #expect(try date("2000-08-22T13:28:00.5Z") == Self.instant.addingTimeInterval(0.5))
        #expect(try date("20000822T132800,25Z") == Self.instant.addingTimeInterval(0.25))
        let long = try date("2000-08-22T13:28:00.1234567890123456789012Z")
        #expect(abs(long.timeIntervalSince(Self.instant) - 0.123_456_789_012_345_678_9) < 1e-6)
        // The same as Foundation's reading, where Foundation reads the form.
        let foundation = try Date(
            "2000-08-22T13:28:00.125Z",
            strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        )
        #expect(try date("2000-08-22T13:28:00.125Z") == foundation)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "2000-08-22T132800Z", "20000822T13:28:00Z", "2000-08-22T13:28:00", "2000-13-22T13:28:00Z",
            "2001-02-29T13:28:00Z", "2000-08-22T24:00:00Z", "2000-08-22T13:60:00Z", "2000-08-22T13:28:60Z",
            "2000-08-22T13:28:00.Z", "2000-08-22T13:28:00Zx", "2000-08-22T13:28:00+24:00", "2000-08-22T13:28:00+02:0",
            "2000-08-22T13:28:00+2", "2000-08-22 13:28:00", "2000-08-22", "1500-02-30T00:00:00Z", "15000230T000000Z",
            "2000-8-22T13:28:00Z", "", "T", "2000-08-22T13:28:00+",
        ]
    )
    func refused(text: String) {
        #expect(throws: DateFormatError.self) { try date(text) }
    }

    @Test("years outside the civil arithmetic's go through Foundation, in either form")
    func farYears() throws {
        let extended = try date("1500-03-01T00:00:00Z")
        #expect(try date("15000301T000000Z") == extended)
        #expect(try date("1500-03-01T02:00:00+02:00") == extended)
    }

    @Test("the civil arithmetic agrees with Foundation on random date-times, offsets and milliseconds")
    func agreesWithFoundation() throws {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        for _ in 0..<2000 {
            let year = Int.random(in: 1600...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...CivilTime.daysInMonth(year: year, month: month), using: &generator)
            let (hour, minute, second) = (Int.random(in: 0..<24), Int.random(in: 0..<60), Int.random(in: 0..<60))
            let millisecond = Int.random(in: 0..<1000)
            let offsetMinutes = Int.random(in: -14...14) * 60 + [0, 30, 45][Int.random(in: 0..<3)]
            let fields = ISO8601Text(
                year: year,
                month: month,
                day: day,
                hour: hour,
                minute: minute,
                second: second,
                fractionDigits: UInt64(millisecond),
                fractionScale: 3,
                offset: offsetMinutes * 60
            )
            // `yyyy-MM-ddTHH:mm:ss`, the milliseconds, then the offset.
            let wholeSeconds = fields.wholeSecondsText
            let millisecondText = String(1000 + millisecond).dropFirst()
            let text = String(wholeSeconds.prefix(19) + "." + millisecondText + wholeSeconds.dropFirst(19))
            let ours = try date(text)
            // Exactly the `Date` code makes of the instant in seconds since 1970, as a literal:
            // the decimal correctly rounded (Double's reading of text is), then
            // `Date(timeIntervalSince1970:)`.
            let days = CivilTime.days(year: year, month: month, day: day)
            let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
            let literal = try #require(Double("\(seconds * 1000 + millisecond)e-3"))
            #expect(ours == Date(timeIntervalSince1970: literal), "\(text)")
            let ulp = ours.timeIntervalSinceReferenceDate.ulp
            // Foundation agrees to within its own rounding (a few units in the last place).
            let theirs = try Date(text, strategy: style)
            #expect(abs(ours.timeIntervalSince(theirs)) <= max(1e-6, 4 * ulp), "\(text): \(ours) vs \(theirs)")
        }
    }

    @Test("a Date attribute reads the basic form, and a malformed date names its path")
    func throughTheDecoder() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Event"><attribute name="at" optional="YES" attributeType="Date"/></entity></model>
                """
        )
        let entity = try #require(model.entity(named: "Event"))
        let decoder = ModelDecoder(model: model)
        let event = try decoder.decodeObject(of: entity, from: Data(#"{"at": "20000822T132800Z"}"#.utf8))
        #expect(event.value(forKey: "at") as? Date == Self.instant)
        let error = #expect(throws: MappingError.self) {
            try decoder.decodeObject(of: entity, from: Data(#"{"at": "20000822T13:28:00Z"}"#.utf8))
        }
        #expect(error?.path.description == "$.at")
    }
}
