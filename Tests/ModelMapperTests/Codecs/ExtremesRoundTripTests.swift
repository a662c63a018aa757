import Foundation
import ModelMapper
import Testing

/// Every attribute type, at its extremes, survives decode -> encode -> decode equal (Doubles
/// bit for bit), with and without the source kept; with it kept, the tokens come back as sent.
@Suite("Round trips: every attribute type at its extremes")
struct ExtremesRoundTripTests {
    static let xml = """
        <model>
          <entity name="Sample">
            <attribute name="i16" optional="YES" attributeType="Integer 16"/>
            <attribute name="i32" optional="YES" attributeType="Integer 32"/>
            <attribute name="i64" optional="YES" attributeType="Integer 64"/>
            <attribute name="decimal" optional="YES" attributeType="Decimal"/>
            <attribute name="double" optional="YES" attributeType="Double"/>
            <attribute name="float" optional="YES" attributeType="Float"/>
            <attribute name="flag" optional="YES" attributeType="Boolean"/>
            <attribute name="text" optional="YES" attributeType="String"/>
            <attribute name="date" optional="YES" attributeType="Date"/>
            <attribute name="day" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="yyyy-MM-dd"/></userInfo>
            </attribute>
            <attribute name="seconds" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="secondsSince1970"/></userInfo>
            </attribute>
            <attribute name="millis" optional="YES" attributeType="Date">
              <userInfo><entry key="dateFormats" value="millisecondsSince1970"/></userInfo>
            </attribute>
            <attribute name="blob" optional="YES" attributeType="Binary"/>
            <attribute name="uuid" optional="YES" attributeType="UUID"/>
            <attribute name="uri" optional="YES" attributeType="URI"/>
          </entity>
        </model>
        """

    /// Documents of extreme values, each key with the JSON the API sends.
    static let cases: [[(key: String, json: String)]] = [
        [("i16", "-32768"), ("i32", "-2147483648"), ("i64", "-9223372036854775808")],
        [("i16", "32767"), ("i32", "2147483647"), ("i64", "9223372036854775807")],
        [("decimal", "99999999999999999999999999999999999999"), ("double", "5e-324")],
        [("decimal", "-0.0000000000000000000000000000000000001"), ("double", "2.2250738585072014e-308")],
        [("decimal", "12345678901234567890.123456789012345678"), ("double", "1.7976931348623157e+308")],
        [("double", "0.30000000000000004"), ("float", "3.4028235e+38")],
        [("double", "-0.0"), ("float", "1e-45")],
        [("double", "123456789012345680"), ("float", "0.1")],
        [("flag", "true"), ("text", #""\u0000\"\\\/\b\f\n\r\t é 𝄞 \ud834\udd1e""#)],
        [("flag", "false"), ("text", #""""#)],
        [("date", #""2017-01-12T16:25:24.123456Z""#), ("day", #""1999-12-31""#)],
        [("date", #""20000822T132800Z""#), ("seconds", "-62135596800")],
        [("date", #""9999-12-31T23:59:59.999Z""#), ("millis", "253402300799999")],
        [("date", #""1600-01-01T00:00:00Z""#), ("seconds", "1484238324.5")],
        [("blob", #""AAEC/w==""#), ("uuid", #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)],
        [("blob", #""""#), ("uri", #""https://example.com/a%20b?q=1#frag""#)],
    ]

    let model: ObjectModel
    let sample: EntityDescription
    init() throws {
        model = try ObjectModel(xml: Self.xml)
        sample = try #require(model.entitiesByName["Sample"])
    }

    static func document(_ values: [(key: String, json: String)]) -> Data {
        Data(("{" + values.map { "\"\($0.key)\":\($0.json)" }.joined(separator: ",") + "}").utf8)
    }

    /// The object's values as text that compares exactly (Doubles and Floats by bits).
    func state(_ object: ModelObject) -> String {
        sample.attributes
            .map { attribute in
                let value = object.value(forKey: attribute.name)
                switch value {
                case let double as Double: return "\(attribute.name)=\(double.bitPattern)"
                case let float as Float: return "\(attribute.name)=\(float.bitPattern)"
                case let date as Date: return "\(attribute.name)=\(date.timeIntervalSinceReferenceDate.bitPattern)"
                case let value?: return "\(attribute.name)=\(value)"
                case nil: return "\(attribute.name)=nil"
                }
            }
            .joined(separator: " ")
    }

    @Test("decode -> encode -> decode gives the same values, without the source kept", arguments: cases.indices)
    func canonical(index: Int) throws {
        let data = Self.document(Self.cases[index])
        let decoder = ModelDecoder(model: model)
        let first = try decoder.decodeObject(of: sample, from: data)
        let written = try ModelEncoder().encode(first)
        let second = try decoder.decodeObject(of: sample, from: written)
        #expect(state(second) == state(first), "\(String(decoding: written, as: UTF8.self))")
    }

    @Test("with the source kept, the tokens come back as sent, numbers spelled alike", arguments: cases.indices)
    func kept(index: Int) throws {
        let data = Self.document(Self.cases[index])
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let decoder = ModelDecoder(model: model, options: options)
        let first = try decoder.decodeObject(of: sample, from: data)
        let written = try ModelEncoder().encode(first)
        // The same tokens, numbers spelled as sent (a JSONValue number keeps its spelling);
        // string escapes are the writer's (`\/`, `\ud834\udd1e` as the character).
        #expect(try JSONValue.parse(written) == JSONValue.parse(data), "\(String(decoding: written, as: UTF8.self))")
        #expect(state(try decoder.decodeObject(of: sample, from: written)) == state(first))
    }
}
