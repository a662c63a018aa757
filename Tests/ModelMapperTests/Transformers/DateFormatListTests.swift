import Foundation
import ModelMapper
import Testing

/// A Date attribute whose userInfo names its formats: each tried in order on reading, the
/// first used on writing.
@Suite("Per-attribute date formats")
struct DateFormatListTests {
    static let xml = """
        <model>
          <entity name="Event">
            <attribute name="name" attributeType="String"/>
            <attribute name="when" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="iso8601 | dd/MM/yyyy | secondsSince1970"/></userInfo>
            </attribute>
            <attribute name="plain" optional="YES" attributeType="Date"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let event: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        event = try #require(model.entitiesByName["Event"])
    }

    @Test("The list reads its names and patterns")
    func parsing() {
        #expect(
            DateFormat.list("iso8601 | dd/MM/yyyy|secondsSince1970") == [
                .iso8601, .pattern("dd/MM/yyyy"), .secondsSince1970,
            ]
        )
        #expect(DateFormat.list("yyyy-MM-dd|millisecondsSince1970|") == [.yearMonthDay, .millisecondsSince1970])
        #expect(DateFormat.list("").isEmpty)
        #expect(
            DateFormat.list("rfc1123 | RFC1123") == [
                .pattern(DateFormat.rfc1123Pattern), .pattern(DateFormat.rfc1123Pattern),
            ]
        )
    }

    @Test("rfc1123 reads and writes HTTP's dates as they are sent")
    func rfc1123() throws {
        let format = try #require(DateFormat.list("rfc1123").first)
        let date = try format.date(from: .string("Tue, 03 Apr 2018 23:05:12 GMT"))
        #expect(date.timeIntervalSince1970 == 1_522_796_712)
        #expect(format.jsonValue(for: date) == .string("Tue, 03 Apr 2018 23:05:12 GMT"))
        #expect(throws: DateFormatError.self) { try format.date(from: .string("2018-04-03T23:05:12Z")) }
    }

    @Test(
        "Each format is tried in order; dates are written in the first",
        arguments: [
            (#""2001-02-03T04:05:06Z""#, 981_173_106.0),
            (#""20010203T040506Z""#, 981_173_106.0),
            (#""03/02/2001""#, 981_158_400.0),
            ("981173106", 981_173_106.0),
        ]
    )
    func formats(json: String, seconds: Double) throws {
        let object = try ModelDecoder(model: model)
            .decodeObject(
                of: event,
                from: Data(#"{"name": "x", "when": \#(json)}"#.utf8)
            )
        #expect((object.value(forKey: "when") as? Date)?.timeIntervalSince1970 == seconds)
        let written = try String(decoding: ModelEncoder().encode(object), as: UTF8.self)
        let expected = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
        #expect(written == #"{"name":"x","when":"\#(expected)"}"#)
    }

    @Test("Threads read and write pattern dates at once, each with its own formatters")
    func concurrentPatterns() throws {
        let model = self.model
        let event = self.event
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 16) { thread in
            for day in 1...28 {
                let text = String(format: "%02d/%02d/2001", day, thread % 12 + 1)
                do {
                    let object = try ModelDecoder(model: model)
                        .decodeObject(of: event, from: Data(#"{"name": "x", "when": "\#(text)"}"#.utf8))
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
                    let expected = calendar.date(from: DateComponents(year: 2001, month: thread % 12 + 1, day: day))
                    guard let date = object.value(forKey: "when") as? Date, date == expected else {
                        failures.append("\(text) read as \(String(describing: object.value(forKey: "when")))")
                        continue
                    }
                } catch {
                    failures.append("\(text): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    }

    @Test("A value no format reads is an error listing them; other dates keep the coder's format")
    func errors() throws {
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model)
                .decodeObject(
                    of: event,
                    from: Data(#"{"name": "x", "when": "yesterday"}"#.utf8)
                )
        }
        #expect(error.path.description == "$.when")
        #expect(
            error.description.contains(
                "an ISO 8601 date string, or a date string of the form dd/MM/yyyy, or a number of seconds since 1970"
            )
        )
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model)
                .decodeObject(
                    of: event,
                    from: Data(#"{"name": "x", "plain": "03/02/2001"}"#.utf8)
                )
        }
    }
}

/// What the threads of a test found wrong, collected under a lock.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func append(_ failure: String) { lock.withLock { found.append(failure) } }
    var all: [String] { lock.withLock { found } }
}
