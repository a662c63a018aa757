import Foundation
@_spi(Engine) import ModelMapperSchema
import TestSupport
import Testing

@testable import ModelMapper

/// What a raw JSON number becomes (`FoundationNumber`): the quick reading from bytes gives
/// exactly what the rule, read from the text, gives.
@Suite("FoundationNumber: the quick reading agrees with the rule")
struct FoundationNumberTests {
    /// The Foundation value of `text` read both ways, described with its type, so that two
    /// values compare equal only when they are the same type and value (`-0.0` apart from `0.0`).
    static func both(_ text: String) -> (quick: String, careful: String) {
        var bytes = text
        let quick = bytes.withUTF8 { FoundationNumber.value(of: $0) }
        return (describe(quick), describe(FoundationNumber.careful(text)))
    }

    static func describe(_ value: Any) -> String {
        switch value {
        case let int as Int: "Int \(int)"
        case let double as Double: "Double \(double.bitPattern)"
        case let decimal as Decimal: "Decimal \(decimal)"
        case let json as JSONValue: "JSONValue \(json)"
        default: "other \(type(of: value)) \(value)"
        }
    }

    @Test(
        "the forms each kind of value takes",
        arguments: [
            ("12", "Int 12"), ("-0", "Int 0"), ("9223372036854775807", "Int 9223372036854775807"),
            ("-9223372036854775808", "Int -9223372036854775808"), ("0.5", "Double \(0.5.bitPattern)"),
            ("-0.0", "Double \((-0.0).bitPattern)"), ("0.000", "Double \(0.0.bitPattern)"),
            ("0.50", "Decimal 0.5"), ("-65.613616999999977", "Decimal -65.613616999999977"),
            ("9223372036854775808", "Decimal 9223372036854775808"), ("1e400", "JSONValue 1e400"),
        ]
    )
    func forms(text: String, expected: String) {
        let (quick, careful) = Self.both(text)
        #expect(careful == expected)
        #expect(quick == expected)
    }

    @Test("edge forms agree: zeros, signs, exponents, long and short digits")
    func edges() {
        let texts = [
            "0", "1", "-1", "0.0", "-0.00", "0e5", "-0E-5", "1.0", "100.0", "1e3", "1E+3", "1.5e-7", "2.5e22",
            "2.5e23", "1e-22", "1e-23", "4.9e-324", "1.7976931348623157e308", "9007199254740993", "9007199254740992.0",
            "123456789012345678", "1234567890123456789", "12345678901234567890", "0.1", "0.30000000000000004",
            "1e16", "1e+16", "12345.678e-3", "0.0001", "1e-05", "100", "007", "-12.50", "1.00000000000000000001",
            "99999999999999999999999999999999999999", "1e127", "1e128", "1e-128", "1e-129",
        ]
        for text in texts {
            let (quick, careful) = Self.both(text)
            #expect(quick == careful, "\(text)")
        }
    }

    @Test("random numbers of every length agree")
    func random() {
        var generator = SplitMix64(state: 49)
        for _ in 0..<20_000 {
            var text = Bool.random(using: &generator) ? "-" : ""
            let integerDigits = Int.random(in: 1...12, using: &generator)
            text += String(Int.random(in: 0...9, using: &generator))
            if text.last != "0" {
                for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if Bool.random(using: &generator) {
                text += "."
                for _ in 0..<Int.random(in: 1...18, using: &generator) {
                    text += String(Int.random(in: 0...9, using: &generator))
                }
            }
            if Int.random(in: 0..<4, using: &generator) == 0 {
                text += ["e", "E", "e-", "e+"].randomElement(using: &generator) ?? "e"
                text += String(Int.random(in: 0...30, using: &generator))
            }
            let (quick, careful) = Self.both(text)
            #expect(quick == careful, "\(text)")
        }
        // The texts Doubles write: each reads back as that Double.
        for _ in 0..<5_000 {
            let double = Double.random(in: -1e6...1e6, using: &generator)
            let (quick, careful) = Self.both("\(double)")
            #expect(quick == careful, "\(double)")
            #expect(quick == "Double \(double.bitPattern)")
        }
    }

    @Test("Doubles read without strtod are strtod's, ties and long significands included")
    func exactDoubles() {
        func check(_ text: String) {
            let read = Array(text.utf8).withUnsafeBufferPointer { NumberReading.double($0) }
            #expect(read?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // Halfway between two doubles: to even, and a digit past the tie decides it.
        for text in [
            "9007199254740993", "9007199254740995", "9007199254740993.0000000001", "18014398509481990",
            "-65.613616999999977", "0.30000000000000004", "1.7976931348623157e308", "4.9e-324",
            "123456789012345678e-19", "9999999999999999999", "9999999999999999999e19", "1e-19", "1e19",
        ] {
            check(text)
        }
        var generator = SplitMix64(state: 4_912)
        for _ in 0..<20_000 {
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 0..<Int.random(in: 0...18, using: &generator) {
                digits += String(Int.random(in: 0...9, using: &generator))
            }
            let exponent = Int.random(in: -25...25, using: &generator)
            check((Bool.random(using: &generator) ? "-" : "") + digits + "e\(exponent)")
            // The same digits with a point in them, as JSON writers write a double.
            let point = Int.random(in: 1...digits.count, using: &generator)
            check(String(digits.prefix(point)) + "." + String(digits.dropFirst(point)) + "1")
        }
    }

    @Test("a raw JSON attribute decodes to what the tree's Foundation objects are, errors located inside it")
    func rawAttribute() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Shape">
                  <attribute name="id" attributeType="Integer 64"/>
                  <attribute name="geometry" optional="YES" attributeType="Undefined"/>
                </entity></model>
                """
        )
        let geometry =
            #"{"type":"Polygon","coordinates":[[[-65.613616999999977,43.42],[1,2.5,0.50]],[]],"n":null,"#
            + #""ok":true,"s":"caf\u00e9","e":{},"k":1,"k":2}"#
        let object = try ModelDecoder(model: model)
            .decodeObject(
                of: "Shape",
                from: Data(#"{"id": 1, "geometry": \#(geometry)}"#.utf8)
            )
        let expected = try JSONValue.parse(Data(geometry.utf8)).foundationObject
        let decoded = try #require(object.value(forKey: "geometry"))
        #expect(NSDictionary(dictionary: try #require(decoded as? [String: Any])) == expected as? NSDictionary)
        #expect(describeTree(decoded) == describeTree(expected))

        #expect {
            try ModelDecoder(model: model)
                .decodeObject(
                    of: "Shape",
                    from: Data(#"{"id": 1, "geometry": {"coordinates": [[1, 2], [3, ]]}}"#.utf8)
                )
        } throws: { error in
            guard case MappingError.invalidJSON(let context) = error else { return false }
            return context.path.description == "$.geometry.coordinates[1][1]"
        }
    }

    @Test("a raw JSON attribute is written as its tree is, and a value without a JSON form is the tree's error")
    func rawAttributeWritten() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Shape">
                  <attribute name="id" attributeType="Integer 64"/>
                  <attribute name="geometry" optional="YES" attributeType="Undefined"/>
                </entity></model>
                """
        )
        let geometry = #"{"coordinates":[[-65.613616999999977,43.42],[1,2.5,0.50,1e400]],"n":null,"s":"café"}"#
        let object = try ModelDecoder(model: model)
            .decodeObject(
                of: "Shape",
                from: Data(#"{"id":1,"geometry":\#(geometry)}"#.utf8)
            )
        let written = try JSONValue.parse(try ModelEncoder().encode(object))
        // What the tree of the same Foundation values is (the text as read, but for `0.50`,
        // whose Decimal writes `0.5`).
        let tree = try JSONValue(foundationObject: object.value(forKey: "geometry"))
        #expect(written["geometry"] == tree)
        #expect(written["geometry"]?.description.contains("1e400") == true)

        try object.setValue(["when": [Date(timeIntervalSince1970: 0)]], forKey: "geometry")
        var treeError: MappingError?
        do {
            _ = try JSONValue(foundationObject: ["when": [Date(timeIntervalSince1970: 0)]])
        } catch {
            treeError = error
        }
        #expect {
            try ModelEncoder().encode(object)
        } throws: { error in
            guard let error = error as? MappingError, let treeError else { return false }
            return error.code == treeError.code && error.context.found == treeError.context.found
                && error.context.path.description == "$.geometry"
        }
    }

    /// Every leaf of a Foundation tree with its type, in a stable order.
    func describeTree(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            "{" + object.keys.sorted().map { "\($0):\(describeTree(object[$0] ?? NSNull()))" }.joined(separator: ",")
                + "}"
        case let array as [Any]: "[" + array.map(describeTree).joined(separator: ",") + "]"
        case let string as String: "String \(string)"
        case let bool as Bool: "Bool \(bool)"
        case is NSNull: "null"
        default: Self.describe(value)
        }
    }
}
