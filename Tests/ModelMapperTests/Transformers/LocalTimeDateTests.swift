import Foundation
import ModelMapper
import Testing
import TestSupport

/// Dates as APIs send them without a zone (`2009-10-09 12:40:08`), in a zone the model or the
/// decoder declares; and a calendar day that is never written with its time dropped.
@Suite("Dates: local times in a declared zone, bare dates, space-separated")
struct LocalTimeDateTests {
    static let xml = """
        <model>
          <entity name="Event">
            <attribute name="name" attributeType="String"/>
            <attribute name="when" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="iso8601 UTC"/></userInfo>
            </attribute>
            <attribute name="day" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="yearMonthDay"/></userInfo>
            </attribute>
            <attribute name="plain" optional="YES" attributeType="Date"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let event: EntityDescription
    static let oslo = TimeZone(identifier: "Europe/Oslo") ?? .current

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        event = try #require(model.entitiesByName["Event"])
    }

    /// Seconds since 1970 of an ISO 8601 date-time with its zone, read by Foundation.
    static func seconds(_ text: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text))?.timeIntervalSince1970
    }

    func decode(_ members: String, dateFormat: DateFormat = .iso8601) throws -> ModelObject {
        var options = ModelDecoder.Options()
        options.dateFormat = dateFormat
        return try ModelDecoder(model: model, options: options)
            .decodeObject(of: event, from: Data(#"{"name": "x", \#(members)}"#.utf8))
    }

    func encoded(_ object: ModelObject, dateFormat: DateFormat = .iso8601) throws -> String {
        var options = ModelEncoder.Options()
        options.dateFormat = dateFormat
        return String(decoding: try ModelEncoder(options: options).encode(object), as: UTF8.self)
    }

    @Test("`iso8601 <zone>` in a dateFormats list names local times in that zone")
    func listParsing() {
        #expect(
            DateFormat.list("iso8601 UTC | iso8601 Europe/Oslo | yyyy-MM-dd HH:mm") == [
                .localISO8601(TimeZone(identifier: "UTC") ?? .current), .localISO8601(Self.oslo),
                .pattern("yyyy-MM-dd HH:mm"),
            ]
        )
    }

    @Test(
        "Local times, bare dates and space-separated forms read in the declared zone; a designator wins",
        arguments: [
            (#""2009-10-09 12:40:08""#, 1_255_084_808.0),
            (#""2009-10-09T12:40:08.123456""#, 1_255_084_808.123456),
            (#""2009-10-09""#, 1_255_039_200.0),
            (#""2009-01-09 12:40:08""#, 1_231_501_208.0),
            (#""2009-10-09T12:40:08+05:00""#, 1_255_074_008.0),
            (#""2009-10-09 12:40:08Z""#, 1_255_092_008.0),
            // Oslo's clocks went back at 03:00 on 2021-10-31: 02:30 happened twice; the earlier.
            (#""2021-10-31T02:30:00""#, 1_635_640_200.0),
        ]
    )
    func readsLocalTimes(json: String, seconds: Double) throws {
        let object = try decode(#""plain": \#(json)"#, dateFormat: .localISO8601(Self.oslo))
        let date = try #require(object.value(forKey: "plain") as? Date)
        #expect(date == Date(timeIntervalSince1970: seconds))
    }

    @Test("A local time the zone skips is an error at its path, naming the zone")
    func skippedLocalTime() throws {
        // Oslo's clocks went forward at 02:00 on 2021-03-28: there was no 02:30.
        let error = try #require(throws: MappingError.self) {
            try decode(#""plain": "2021-03-28 02:30:00""#, dateFormat: .localISO8601(Self.oslo))
        }
        #expect(error.path.description == "$.plain")
        #expect(error.description.contains("Europe/Oslo skips that local time"), "\(error)")
    }

    @Test("Without a declared zone, a local time is an error that says how to declare one")
    func undeclaredZone() throws {
        let error = try #require(throws: MappingError.self) { try decode(#""plain": "2009-10-09 12:40:08""#) }
        #expect(error.description.contains("dateFormats = iso8601 UTC"), "\(error)")
        // With a designator, the space-separated form is ISO 8601 (RFC 3339) as any other.
        let object = try decode(#""plain": "2009-10-09 12:40:08Z""#)
        #expect((object.value(forKey: "plain") as? Date)?.timeIntervalSince1970 == Self.seconds("2009-10-09T12:40:08Z"))
    }

    @Test("Local times are written as local times, and read back the same")
    func writesLocalTimes() throws {
        let object = try decode(#""when": "2009-10-09 12:40:08.25", "plain": "2009-10-09T12:40:08Z""#)
        #expect(
            (object.value(forKey: "when") as? Date)?.timeIntervalSince1970 == Self.seconds("2009-10-09T12:40:08.25Z")
        )
        #expect(
            try encoded(object, dateFormat: .localISO8601(Self.oslo))
                == #"{"name":"x","when":"2009-10-09T12:40:08.25","plain":"2009-10-09T14:40:08"}"#
        )
    }

    @Test("Random instants are written in Oslo's local time and read back the same, or refused for the repeated hour")
    func localRoundTrip() throws {
        let format = DateFormat.localISO8601(Self.oslo)
        var generator = SplitMix64(state: 7)
        var refused = 0
        for index in 0..<20_000 {
            // Instants from 1990 to 2040, a tenth with fractions; every 40th in a fall-back hour.
            var seconds = Double(Int.random(in: 631_152_000...2_208_988_800, using: &generator))
            if index % 10 == 0 { seconds += Double(Int.random(in: 1...999, using: &generator)) / 1000 }
            if index % 40 == 0 {
                // 2021-10-31T00:00Z to 02:00Z: 02:00 to 02:59 local happens at 00:xx and at 01:xx.
                seconds = 1_635_638_400 + Double(Int.random(in: 0..<7200, using: &generator))
            }
            let date = Date(timeIntervalSince1970: seconds)
            let object = ModelObject(entity: event)
            try object.setValue("x", forKey: "name")
            try object.setValue(date, forKey: "plain")
            do {
                let text = try encoded(object, dateFormat: format)
                let back = try ModelDecoder(model: model, options: .init(dateFormat: format))
                    .decodeObject(of: event, from: Data(text.utf8))
                #expect(back.value(forKey: "plain") as? Date == date, "\(text)")
            } catch let error as MappingError {
                refused += 1
                // Only the second pass through a repeated hour: an hour before, the offset was larger.
                let zone = Self.oslo
                #expect(
                    zone.secondsFromGMT(for: date) < zone.secondsFromGMT(for: date.addingTimeInterval(-3600)),
                    "\(seconds): \(error)"
                )
                #expect(error.description.contains("happens twice in Europe/Oslo"), "\(error)")
            }
        }
        #expect(refused > 100)
    }

    @Test("A calendar day is never written with its time dropped")
    func yearMonthDayKeepsTime() throws {
        let object = try decode(#""day": "2009-10-09""#)
        #expect(try encoded(object) == #"{"name":"x","day":"2009-10-09"}"#)
        try object.setValue(Date(timeIntervalSince1970: 1_255_091_999), forKey: "day")
        let error = try #require(throws: MappingError.self) { try encoded(object) }
        #expect(error.description.contains("not midnight UTC"), "\(error)")
        #expect(throws: TransformerError.self) {
            try DateTransformer(format: .yearMonthDay).transformedValue(Date(timeIntervalSince1970: 1_255_091_999))
        }
    }

    @Test("A dateFormats entry naming a zone the system does not know is a located model error")
    func unknownZone() throws {
        let xml = Self.xml.replacingOccurrences(of: "iso8601 UTC", with: "iso8601 Europe/Olso")
        let error = try #require(throws: ModelLoadingError.self) { try ObjectModel(xml: xml) }
        #expect(error.description.contains("time zone 'Europe/Olso'"), "\(error)")
        #expect(error.description.contains("did you mean 'Europe/Oslo'?"), "\(error)")
        #expect(error.description.contains(":5:"), "\(error)")
    }

    @Test("iso8601 +02:00: dates written at that offset, any designator read, local times read at the offset")
    func fixedOffset() throws {
        #expect(
            DateFormat.list("iso8601 +02:00 | iso8601 -0530") == [
                .offsetISO8601(seconds: 7200), .offsetISO8601(seconds: -19_800),
            ]
        )
        #expect(DateFormat.list("iso8601 +19:00").first != .offsetISO8601(seconds: 68_400))
        let format = DateFormat.offsetISO8601(seconds: 7200)
        let sent: JSONValue = "2018-04-03T23:05:12+02:00"
        let date = try format.date(from: sent)
        #expect(date.timeIntervalSince1970 == Self.seconds("2018-04-03T21:05:12Z"))
        #expect(format.jsonValue(for: date) == sent)
        // Another designator, and a local time: the same instant, written at the offset.
        #expect(try format.date(from: "2018-04-03T21:05:12Z") == date)
        #expect(try format.date(from: "2018-04-03T23:05:12") == date)
        #expect(format.jsonValue(for: date.addingTimeInterval(0.25)) == "2018-04-03T23:05:12.25+02:00")
        #expect(DateFormat.offsetISO8601(seconds: -19_800).jsonValue(for: date) == "2018-04-03T15:35:12-05:30")
        #expect(throws: DateFormatError.self) { try format.date(from: "yesterday") }
    }
}
