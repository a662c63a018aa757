import Foundation
import TestSupport
import Testing

@testable import ModelMapper
@_spi(Engine) @testable import ModelMapperSchema

/// Objects whose entity the JSON names, wherever the type key is.
@Suite("JSON engine: polymorphic objects read ahead once")
struct PolymorphicTests {
    static let shapes = Result {
        try ObjectModel(
            xml: """
                <model>
                  <entity name="Shape" isAbstract="YES">
                    <relationship name="inner" optional="YES" maxCount="1" destinationEntity="Shape"/>
                    <userInfo><entry key="jsonTypeKey" value="kind"/></userInfo>
                  </entity>
                  <entity name="Circle" parentEntity="Shape">
                    <attribute name="r" optional="YES" attributeType="Integer 32"/>
                    <userInfo><entry key="jsonTypeValue" value="circle"/></userInfo>
                  </entity>
                  <entity name="Square" parentEntity="Shape">
                    <attribute name="side" optional="YES" attributeType="Integer 32"/>
                    <userInfo><entry key="jsonTypeValue" value="square"/></userInfo>
                  </entity>
                </model>
                """
        )
    }

    private func decode(_ text: String) throws -> ModelObject {
        let model = try Self.shapes.get()
        return try ModelDecoder(model: model)
            .decodeObject(of: #require(model.entity(named: "Shape")), from: Data(text.utf8))
    }

    /// The entities from the outermost object in.
    private func entities(_ object: ModelObject) -> [String] {
        var names: [String] = []
        var current: ModelObject? = object
        while let object = current {
            names.append(object.entity.name)
            current = object.value(forKey: "inner") as? ModelObject
        }
        return names
    }

    @Test("the type key is found first, last, or among nested objects with keys of their own")
    func typeKeyAnywhere() throws {
        let text =
            #"{"inner":{"side":2,"inner":{"r":1,"kind":"circle","x":{"kind":"nothing"}},"kind":"square"},"r":3,"kind":"circle"}"#
        let object = try decode(text)
        #expect(entities(object) == ["Circle", "Square", "Circle"])
        #expect(object.value(forKey: "r") as? Int32 == 3)
        #expect((object.value(forKey: "inner") as? ModelObject)?.value(forKey: "side") as? Int32 == 2)
    }

    @Test("a type key that is not a string, or names no entity, is an error at the key")
    func badTypeKeys() throws {
        for (text, path) in [
            (#"{"inner":{"kind":7},"kind":"circle"}"#, "$.inner.kind"),
            (#"{"r":1,"inner":{"side":1,"kind":"triangle"},"kind":"square"}"#, "$.inner.kind"),
        ] {
            let error = #expect(throws: MappingError.self, "\(text)") { try decode(text) }
            #expect(error?.code == .unknownEntity(text.contains("7") ? "7" : "triangle"), "\(text)")
            #expect(error?.path.description == path, "\(text)")
        }
    }

    @Test("deep nesting with the type key last at every level decodes")
    func deepTypeKeysLast() throws {
        let depth = 400
        var text = ""
        for _ in 0..<depth { text += #"{"r":1,"inner":"# }
        text += "null"
        for _ in 0..<depth { text += #","kind":"circle"}"# }
        let object = try decode(text)
        #expect(entities(object).count == depth)
        #expect(Set(entities(object)) == ["Circle"])
    }

    @Test("keys are matched whatever their order, escapes or spacing, however the order changes between objects")
    func keyOrders() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Row">
                    <attribute name="a" optional="YES" attributeType="Integer 64"/>
                    <attribute name="b" optional="YES" attributeType="String"/>
                    <attribute name="c" optional="YES" attributeType="Boolean"/>
                    <attribute name="quoted" optional="YES" attributeType="String">
                      <userInfo><entry key="jsonKeyPath" value="say &quot;hi&quot;"/></userInfo>
                    </attribute>
                  </entity>
                </model>
                """
        )
        let row = try #require(model.entity(named: "Row"))
        // The first objects teach one order; the later ones break it in every way.
        let text = #"""
            [{"a":1,"b":"x","c":true,"say \"hi\"":"q"},
             {"a":2,"b":"y","c":false,"say \"hi\"":"r"},
             {"c":true,"b":"z","a":3},
             {"a" : 4 ,  "b"\#t:"w","c":false},
             {"\u0061":5,"b":"v","\u0063":true},
             {"ab":0,"a":6,"bb":"no","b":"u"},
             {"b":"t"},
             {"say \"hi\"":"s","a":8,"a":9},
             {}]
            """#
        let rows = try ModelDecoder(model: model).decodeObjects(of: row, from: Data(text.utf8))
        #expect(rows.map { $0.value(forKey: "a") as? Int64 } == [1, 2, 3, 4, 5, 6, nil, 9, nil])
        #expect(rows.map { $0.value(forKey: "b") as? String } == ["x", "y", "z", "w", "v", "u", "t", nil, nil])
        #expect(rows.map { $0.value(forKey: "c") as? Bool } == [true, false, true, false, true, nil, nil, nil, nil])
        #expect(rows.map { $0.value(forKey: "quoted") as? String } == ["q", "r", nil, nil, nil, nil, nil, "s", nil])
    }

    @Test("integers read in one pass give what the careful path gives, at every edge")
    func integerEdges() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Numbers">
                    <attribute name="wide" optional="YES" attributeType="Integer 64"/>
                    <attribute name="narrow" optional="YES" attributeType="Integer 16"/>
                  </entity>
                </model>
                """
        )
        let entity = try #require(model.entity(named: "Numbers"))
        func decode(_ text: String) throws -> (wide: Int64?, narrow: Int16?) {
            let object = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(text.utf8))
            return (object.value(forKey: "wide") as? Int64, object.value(forKey: "narrow") as? Int16)
        }
        #expect(try decode(#"{"wide": -0, "narrow": 0}"#) == (0, 0))
        #expect(try decode(#"{"wide": 999999999999999999, "narrow": -32768}"#) == (999_999_999_999_999_999, -32768))
        #expect(try decode(#"{"wide": 9223372036854775807, "narrow": 32767}"#) == (Int64.max, 32767))
        #expect(try decode(#"{"wide": -9223372036854775808}"#).wide == Int64.min)
        #expect(try decode(#"{"wide": 1.0e3, "narrow": 2E1}"#) == (1000, 20))
        #expect(try decode(#"{"wide": 12 }"#).wide == 12)
        for text in [
            #"{"narrow": 32768}"#, #"{"narrow": -32769}"#, #"{"wide": 9223372036854775808}"#, #"{"wide": 1.5}"#,
        ] {
            #expect(throws: MappingError.self, "\(text)") { try decode(text) }
        }
        for text in [
            #"{"wide": 01}"#, #"{"wide": -}"#, #"{"wide": -a}"#, #"{"wide": 1.}"#, #"{"wide": 1e}"#, #"{"wide": 12"#,
        ] {
            #expect(
                "\(text)",
                performing: { try decode(text) },
                throws: { ($0 as? MappingError)?.code == .invalidJSON }
            )
        }
    }

    @Test("a string value that is not valid UTF-8 is an error at the string, with or without escapes")
    func invalidUTF8InValues() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Text"><attribute name="body" optional="YES" attributeType="String"/></entity></model>
                """
        )
        let entity = try #require(model.entity(named: "Text"))
        for middle in [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x5C, 0x6E, 0xFF], [0xE2, 0x82],
        ] as [[UInt8]] {
            let bytes = Array(#"{"body": "ok "#.utf8) + middle + Array(#" end"}"#.utf8)
            #expect(
                performing: { try ModelDecoder(model: model).decodeObject(of: entity, from: Data(bytes)) },
                throws: { error in
                    guard let error = error as? MappingError, error.code == .invalidJSON else { return false }
                    return error.description.contains("not valid UTF-8") && error.description.contains("column 10")
                }
            )
        }
        let valid = Array(#"{"body": "caf\u00e9 "#.utf8) + [0xE6, 0x97, 0xA5] + Array(#" \n"}"#.utf8)
        let object = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(valid))
        #expect(object.value(forKey: "body") as? String == "café 日 \n")
    }

    @Test(
        "UTF-8 is checked as the standard library checks it: every sequence of one and two bytes, every lead with every edge"
    )
    func utf8ValidationAgreesWithTheStandardLibrary() {
        // The byte strings on which the two disagree (collected: one expectation per case would
        // take longer than the checks).
        var disagreements: [[UInt8]] = []
        func compare(_ bytes: [UInt8]) {
            let ours = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            if ours != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
        }
        // Each sequence alone, after ASCII (so that the word-at-a-time run ends on it at the
        // start of a word, inside one and at its end), followed by more, and cut short.
        func check(_ sequence: [UInt8]) {
            for prefix in [0, 1, 7, 8] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence
                compare(bytes)
                compare(bytes + Array(repeating: UInt8(ascii: "b"), count: 5))
            }
            for cut in 1..<sequence.count { compare(Array(sequence.prefix(cut))) }
        }
        for first in 0...255 {
            compare([UInt8(first)])
            for second in 0...255 {
                compare([UInt8(first), UInt8(second)])
                compare([UInt8(first), UInt8(second), 0x41, 0x41])
            }
        }
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in 0xC0...0xFF {
            for second in edges {
                for third in edges {
                    check([UInt8(lead), second, third])
                    // Only leads from 0xF0 start sequences of four.
                    if lead >= 0xF0 { for fourth in edges { check([UInt8(lead), second, third, fourth]) } }
                }
            }
        }
        check(Array("日本語 Ελληνικά 🎉 café".utf8))
        #expect(disagreements.isEmpty, "first: \(disagreements.prefix(5))")
    }

    @Test(
        "strings made from checked bytes are the strings the text spells: ASCII or not, plain or escaped, whole or split"
    )
    func stringsFromCheckedBytes() throws {
        // The helper: ASCII found at any position and length, strings equal to decoding's.
        for length in 0..<20 {
            for high in -1..<length {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                if high >= 0 { bytes.replaceSubrange(high...high, with: [0xC3, 0xA9]) }
                let (isASCII, made) = bytes.withUnsafeBufferPointer {
                    (UTF8Validation.isASCII($0), UTF8Validation.string(ofValid: $0))
                }
                #expect(isASCII == (high < 0), "length \(length), high byte at \(high)")
                #expect(made == String(decoding: bytes, as: UTF8.self), "length \(length), high byte at \(high)")
            }
        }
        let model = try ObjectModel(
            xml: """
                <model><entity name="Text">
                  <attribute name="body" optional="YES" attributeType="String"/>
                  <attribute name="link" optional="YES" attributeType="URI"/>
                  <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray"/>
                </entity></model>
                """
        )
        let entity = try #require(model.entity(named: "Text"))
        let cases: [(json: String, body: String, link: String, tags: [String])] = [
            (
                #"{"body": "short", "link": "https://a.example/x", "tags": "a, b ,c"}"#, "short", "https://a.example/x",
                ["a", "b", "c"]
            ),
            (
                #"{"body": "a longer text of plain ASCII letters", "link": "https:\/\/a.example\/y", "tags": "one,,two"}"#,
                "a longer text of plain ASCII letters", "https://a.example/y", ["one", "", "two"]
            ),
            (
                #"{"body": "caf\u00e9 \"quoted\"", "link": "https://a.example/caf%C3%A9", "tags": "caf\u00e9, \u65e5\u672c,x"}"#,
                "café \"quoted\"", "https://a.example/caf%C3%A9", ["café", "日本", "x"]
            ),
            (
                #"{"body": "Zoë Ångström", "link": "mailto:zoe@example.com", "tags": "Zoë,Ångström"}"#, "Zoë Ångström",
                "mailto:zoe@example.com", ["Zoë", "Ångström"]
            ),
        ]
        for (json, body, link, tags) in cases {
            let object = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(json.utf8))
            let read = try #require(object.value(forKey: "body") as? String)
            #expect(read == body)
            #expect(Set([read, body]).count == 1, "hashes alike")
            #expect((object.value(forKey: "link") as? URL)?.absoluteString == link)
            #expect(object.value(forKey: "tags") as? [String] == tags)
        }
    }

    @Test("errors inside nested key levels of objects in arrays carry the levels' keys in their paths")
    func nestedLevelErrorPaths() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Outer">
                    <relationship name="items" toMany="YES" destinationEntity="Item"/>
                  </entity>
                  <entity name="Item">
                    <attribute name="deep" optional="YES" attributeType="Integer 64">
                      <userInfo><entry key="jsonKeyPath" value="a.b.c"/></userInfo>
                    </attribute>
                  </entity>
                </model>
                """
        )
        let outer = try #require(model.entity(named: "Outer"))
        func error(_ text: String) -> MappingError? {
            #expect(throws: MappingError.self) {
                try ModelDecoder(model: model).decodeObject(of: outer, from: Data(text.utf8))
            }
        }
        let fine = try ModelDecoder(model: model)
            .decodeObject(of: outer, from: Data(#"{"items": [{"a": {"b": {"c": 7}}}]}"#.utf8))
        #expect((fine.value(forKey: "items") as? [ModelObject])?.first?.value(forKey: "deep") as? Int64 == 7)
        #expect(error(#"{"items": [{}, {"a": {"b": {"c": 1, "d": tru}}}]}"#)?.path.description == "$.items[1].a.b.d")
        #expect(error(#"{"items": [{"a": {"b": 5}}]}"#)?.path.description == "$.items[0].a.b")
        #expect(error(#"{"items": [{"a": {"b": {"c": "x"}}}]}"#)?.path.description == "$.items[0].a.b.c")
        // After a nested level closes, errors are at the object again.
        #expect(error(#"{"items": [{"a": {"b": {}}, "e": tru}]}"#)?.path.description == "$.items[0].e")
    }

    @Test("Booleans and floating-point numbers read in one pass give what the careful path gives")
    func plainBooleansAndNumbers() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Row">
                  <attribute name="flag" optional="YES" attributeType="Boolean"/>
                  <attribute name="ratio" optional="YES" attributeType="Double"/>
                  <attribute name="score" optional="YES" attributeType="Float"/>
                  <attribute name="price" optional="YES" attributeType="Decimal"/>
                </entity></model>
                """
        )
        let row = try #require(model.entity(named: "Row"))
        func decode(_ text: String) throws -> ModelObject {
            try ModelDecoder(model: model).decodeObject(of: row, from: Data(text.utf8))
        }
        let read = try decode(#"{"flag": true, "ratio": -0.5e1, "score": 2.25, "price": 49.90}"#)
        #expect(read.value(forKey: "flag") as? Bool == true)
        #expect(read.value(forKey: "ratio") as? Double == -5)
        #expect(read.value(forKey: "score") as? Float == 2.25)
        #expect(read.value(forKey: "price") as? Decimal == Decimal(string: "49.90"))
        #expect(try decode(#"{"flag":false}"#).value(forKey: "flag") as? Bool == false)
        #expect(try decode(#"{"flag" :  false , "ratio": 0}"#).value(forKey: "flag") as? Bool == false)
        // Lenient forms still go the careful way.
        #expect(try decode(#"{"flag": 1, "ratio": "2.5"}"#).value(forKey: "flag") as? Bool == true)
        #expect(try decode(#"{"ratio": "2.5"}"#).value(forKey: "ratio") as? Double == 2.5)
        for (text, code) in [
            (#"{"flag": fals}"#, MappingError.Code.invalidJSON), (#"{"flag": truex}"#, .invalidJSON),
            (#"{"flag": True}"#, .invalidJSON),
            (#"{"flag": tru"#, .invalidJSON), (#"{"ratio": 1e400}"#, .valueOutOfRange),
            (#"{"score": 1e39}"#, .valueOutOfRange),
            (#"{"ratio": 01}"#, .invalidJSON), (#"{"ratio": -}"#, .invalidJSON), (#"{"ratio": 1.}"#, .invalidJSON),
            (#"{"price": \#(String(repeating: "1234567890", count: 6))}"#, .valueOutOfRange),
        ] {
            #expect("\(text)", performing: { try decode(text) }, throws: { ($0 as? MappingError)?.code == code })
        }
    }

    @Test("values read from strings in one pass are the values the careful path reads, and so are its errors")
    func quickStringValues() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Row">
                  <attribute name="id" optional="YES" attributeType="UUID"/>
                  <attribute name="link" optional="YES" attributeType="URI"/>
                  <attribute name="blob" optional="YES" attributeType="Binary"/>
                  <attribute name="when" optional="YES" attributeType="Date"/>
                  <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray"/>
                  <attribute name="day" optional="YES" attributeType="Date" valueTransformerName="YearMonthDayDate"/>
                </entity></model>
                """
        )
        let row = try #require(model.entity(named: "Row"))
        // The careful path alone reads objects that keep their source: both must agree.
        var careful = ModelDecoder.Options()
        careful.unknownKeys = .keep
        func values(_ text: String, options: ModelDecoder.Options = .init()) -> String {
            do {
                let object = try ModelDecoder(model: model, options: options)
                    .decodeObject(of: row, from: Data(text.utf8))
                return "\(["id", "link", "blob", "when", "tags", "day"].map { "\(object.value(forKey: $0) ?? "nil")" })"
            } catch {
                return "error: \(error)"
            }
        }
        let documents = [
            #"{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "link": "https://example.com/a?b=c", "blob": "aGVsbG8=", "#
                + #""when": "2024-03-01T09:30:00Z", "tags": "a, b,c", "day": "2024-03-01"}"#,
            #"{"id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "link": "https:\/\/example.com\/x", "blob": "", "tags": "caf\u00e9,\u65e5"}"#,
            #"{"link": "https://example.com/a b", "when": "2024-03-01T09:30:00.250Z", "tags": ""}"#,
            #"{"when": "2024-03-01T09:30:00+02:00", "day": "2024-02-30"}"#,
            #"{"id": "E621E1F8C36C495A93FC0C247A3E6E5F"}"#, #"{"id": "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}"}"#,
            #"{"blob": "aGVsbG8"}"#, #"{"blob": "a===" }"#, #"{"link": ""}"#, #"{"link": "http://[::1"}"#,
            #"{"when": "yesterday"}"#, #"{"day": "2024-3-1"}"#, #"{"tags": 5}"#, #"{"id": 5}"#,
        ]
        for document in documents {
            #expect(values(document) == values(document, options: careful), "\(document)")
        }
        #expect(
            values(documents[0])
                .contains(#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "https://example.com/a?b=c", "5 bytes""#)
        )
        #expect(values(documents[0]).contains(#"[\"a\", \"b\", \"c\"]"#))
        #expect(values(documents[6]).hasPrefix("error: "))
        // The date format option applies to plain dates, read quickly or not.
        var days = ModelDecoder.Options()
        days.dateFormat = .yearMonthDay
        var carefulDays = careful
        carefulDays.dateFormat = .yearMonthDay
        for document in [#"{"when": "2024-03-01"}"#, #"{"when": "2024-03-01T09:30:00Z"}"#] {
            #expect(values(document, options: days) == values(document, options: carefulDays), "\(document)")
        }
    }
}
