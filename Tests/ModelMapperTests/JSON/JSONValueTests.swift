import Foundation
import ModelMapper
import Testing

@Suite("JSONValue: exact numbers, ordered objects, text and Foundation bridging")
struct JSONValueTests {
    @Test(
        "decimal numbers convert exactly, short and long",
        arguments: [
            "0", "-0", "1", "0.1", "-12.50", "1e3", "1.5E-7", "123456789012345678", "1234567890123456789012345",
            "0.000000000000000000000000001", "+7", "9.99", "-0.0e-0",
        ]
    )
    func exactDecimals(literal: String) throws {
        let catalog = try ObjectModel(
            xml:
                #"<model><entity name="E"><attribute name="d" optional="YES" attributeType="Decimal"/></entity></model>"#
        )
        let object = try ModelDecoder(model: catalog)
            .decodeObject(of: #require(catalog.entitiesByName["E"]), from: ["d": .number(literal)])
        let expected = try #require(Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")))
        #expect(object.value(forKey: "d") as? Decimal == expected)
    }

    @Test("numbers compare by value, objects regardless of key order")
    func equivalence() {
        #expect(JSONValue.number("1").isEquivalent(to: .number("1.0")))
        #expect(JSONValue.number("1e2").isEquivalent(to: .number("100")))
        #expect(!JSONValue.number("1").isEquivalent(to: .number("1.0000001")))
        // Compared from the digits, exactly, whatever the exponent: no overflow, no rounding.
        #expect(JSONValue.number("1e-9223372036854775808").isEquivalent(to: .number("1e-9223372036854775808")))
        #expect(!JSONValue.number("1e-9223372036854775808").isEquivalent(to: .number("0")))
        #expect(!JSONValue.number("1" + String(repeating: "0", count: 400)).isEquivalent(to: .number("1e401")))
        #expect(JSONValue.number("1" + String(repeating: "0", count: 400)).isEquivalent(to: .number("1e400")))
        #expect(JSONValue.number("-0").isEquivalent(to: .number("0.000")))
        #expect(JSONValue(dictionaryLiteral: ("a", 1), ("b", 2)).isEquivalent(to: ["b": 2, "a": 1]))
        #expect(!JSONValue.array([1, 2]).isEquivalent(to: [2, 1]))
        #expect(!JSONValue.string("1").isEquivalent(to: 1))
    }

    @Test("objects keep insertion order; removing a key works")
    func objectOrder() {
        var object = JSONObject()
        object["z"] = 1
        object["a"] = 2
        object["m"] = 3
        object["a"] = nil
        #expect(object.keys == ["z", "m"])
        #expect(JSONValue.object(object).jsonText() == #"{"z":1,"m":3}"#)
    }

    @Test("Foundation values bridge both ways; NSNumber Booleans stay Booleans")
    func foundationBridging() throws {
        let parsed = try JSONValue.parse(
            Data(#"{"b": true, "i": 1, "d": 1.5, "big": 12345678901234567890, "s": "x", "n": null, "a": [0]}"#.utf8)
        )
        #expect(parsed["b"] == true)
        #expect(parsed["i"] == 1)
        #expect(parsed["d"] == 1.5)
        #expect(parsed["big"] == .number("12345678901234567890"))
        #expect(parsed["n"] == .null)
        #expect(parsed["a"] == [0])
        let roundTrip = try JSONValue(foundationObject: parsed.foundationObject)
        #expect(roundTrip.isEquivalent(to: parsed))
        #expect(throws: MappingError.self) { try JSONValue(foundationObject: ["date": Date()]) }
        #expect(throws: MappingError.self) { try JSONValue(foundationObject: [Double.nan]) }
    }

    @Test("numbers no Foundation type holds exactly stay JSON numbers as Foundation objects, not rounded")
    func inexactFoundationNumbers() throws {
        let forty = "1234567890123456789012345678901234567890"
        let parsed = try JSONValue.parse(Data("[1e400, -1e400, \(forty), 1e-400, 2.5e3]".utf8))
        let objects = try #require(parsed.foundationObject as? [Any])
        #expect(
            objects.prefix(4).map { $0 as? JSONValue } == [
                .number("1e400"), .number("-1e400"), .number(forty), .number("1e-400"),
            ]
        )
        #expect(objects.last as? Decimal == Decimal(2500))
        // Written back as they were, never as infinity or a rounded value.
        let back = try JSONValue(foundationObject: objects)
        #expect(back == [.number("1e400"), .number("-1e400"), .number(forty), .number("1e-400"), .number("2500")])
    }

    /// Reading was quadratic in a container's size (each member copied the container read so
    /// far): a million elements did not finish in hours. The time limit turns a regression into a failure
    /// rather than a hang (it is generous: the tests also run under the sanitizers).
    @Test("400,000 elements and 100,000 members read in linear time", .timeLimit(.minutes(5)))
    func largeContainers() throws {
        let array = Data(("[" + Array(repeating: "7", count: 400_000).joined(separator: ",") + "]").utf8)
        guard case .array(let elements) = try JSONValue.parse(array) else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 400_000)
        #expect(elements.last == 7)
        let members = (0..<100_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let object = try JSONValue.parse(Data(("{" + members + "}").utf8))
        guard case .object(let parsed) = object else {
            Issue.record("not an object")
            return
        }
        #expect(parsed.count == 100_000)
        #expect(parsed["k99999"] == 99_999)
        #expect(parsed.keys.first == "k0")
    }
}
