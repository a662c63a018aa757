import Foundation
import ModelMapper
import Testing

/// Dates sent as numbers since 1970: seconds, milliseconds and microseconds (Python's,
/// PostgreSQL's and many event APIs' exports), each read and written back as it was sent.
@Suite("Dates as numbers since 1970")
struct EpochDateTests {
    static let xml = """
        <model>
          <entity name="Reading">
            <attribute name="seconds" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="secondsSince1970"/></userInfo>
            </attribute>
            <attribute name="millis" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="millisecondsSince1970"/></userInfo>
            </attribute>
            <attribute name="micros" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="microsecondsSince1970"/></userInfo>
            </attribute>
          </entity>
        </model>
        """

    let model: ObjectModel
    let reading: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        reading = try #require(model.entitiesByName["Reading"])
    }

    /// The document written for the object decoded from `json`.
    func writtenBack(_ json: String) throws -> String {
        let object = try ModelDecoder(model: model).decodeObject(of: reading, from: Data(json.utf8))
        return String(decoding: try ModelEncoder().encode(object), as: UTF8.self)
    }

    @Test("microseconds are named in dateFormats")
    func naming() throws {
        #expect(DateFormat.list("microsecondsSince1970 | iso8601") == [.microsecondsSince1970, .iso8601])
        let date = try DateFormat.microsecondsSince1970.date(from: .number("1745868771726578"))
        #expect(abs(date.timeIntervalSince1970 - 1_745_868_771.726578) < 1e-6)
        #expect(DateFormat.microsecondsSince1970.expectation == "a number of microseconds since 1970")
    }

    @Test(
        "each is written back as it was sent",
        arguments: [
            #"{"micros":1745868771726578}"#,
            #"{"micros":0}"#,
            #"{"micros":-1000001}"#,
            #"{"micros":253402300799000000}"#,
            #"{"millis":1745868771726}"#,
            #"{"millis":1745868771726.578}"#,
            #"{"seconds":1745868771}"#,
            #"{"seconds":1745868771.5}"#,
        ]
    )
    func writtenAsSent(json: String) throws {
        #expect(try writtenBack(json) == json)
    }

    @Test("the same instant in each unit")
    func sameInstant() throws {
        let object = try ModelDecoder(model: model)
            .decodeObject(
                of: reading,
                from: Data(#"{"seconds":1709285400,"millis":1709285400000,"micros":1709285400000000}"#.utf8)
            )
        let expected = Date(timeIntervalSince1970: 1_709_285_400)
        for key in ["seconds", "millis", "micros"] {
            #expect(object.value(forKey: key) as? Date == expected, "\(key)")
        }
    }

    @Test("text that is not a number is an error at its key; strict reading refuses a number as a string")
    func errors() throws {
        let decoder = ModelDecoder(model: model)
        let error = try #require(
            throws: MappingError.self,
            performing: { try decoder.decodeObject(of: reading, from: Data(#"{"micros":"soon"}"#.utf8)) }
        )
        #expect(
            error.description
                == #"$.micros: Reading.micros: expected a number of microseconds since 1970, found "soon""#
        )
        #expect(
            (try decoder.decodeObject(of: reading, from: Data(#"{"micros":"1709285400000000"}"#.utf8)))
                .value(forKey: "micros") as? Date == Date(timeIntervalSince1970: 1_709_285_400)
        )
        var strict = ModelDecoder.Options()
        strict.strictness = .strict
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model, options: strict)
                .decodeObject(of: reading, from: Data(#"{"micros":"1709285400000000"}"#.utf8))
        }
    }
}
