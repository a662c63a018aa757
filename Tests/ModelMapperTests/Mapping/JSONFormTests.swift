import Foundation
import ModelMapper
import Testing

/// An attribute's declared JSON form (`jsonForm` in its userInfo): prices sent as strings,
/// identifiers sent as numbers, read under any strictness and written back in that form.
@Suite("Coding: declared JSON forms")
struct JSONFormTests {
    static let xml = """
        <model>
          <entity name="Item">
            <attribute name="price" optional="YES" attributeType="Decimal">
              <userInfo><entry key="jsonForm" value="string"/></userInfo>
            </attribute>
            <attribute name="count" optional="YES" attributeType="Integer 64">
              <userInfo><entry key="jsonForm" value="string"/></userInfo>
            </attribute>
            <attribute name="ratio" optional="YES" attributeType="Double">
              <userInfo><entry key="jsonForm" value="string"/></userInfo>
            </attribute>
            <attribute name="active" optional="YES" attributeType="Boolean">
              <userInfo><entry key="jsonForm" value="string"/></userInfo>
            </attribute>
            <attribute name="code" optional="YES" attributeType="String">
              <userInfo><entry key="jsonForm" value="number"/></userInfo>
            </attribute>
            <attribute name="plain" optional="YES" attributeType="Decimal"/>
          </entity>
        </model>
        """

    @Test("Read in the declared form even when strict, written back in it", arguments: [false, true])
    func roundTrip(strict: Bool) throws {
        let model = try ObjectModel(xml: Self.xml)
        let item = try #require(model.entitiesByName["Item"])
        var options = ModelDecoder.Options()
        options.strictness = strict ? .strict : .lenient
        let decoder = ModelDecoder(model: model, options: options)
        let json = #"{"price":"24.99","count":"7","ratio":"0.1","active":"true","code":1699,"plain":5.5}"#
        let object = try decoder.decodeObject(of: item, from: Data(json.utf8))
        #expect(object.value(forKey: "price") as? Decimal == Decimal(string: "24.99"))
        #expect(object.value(forKey: "count") as? Int64 == 7)
        #expect(object.value(forKey: "ratio") as? Double == 0.1)
        #expect(object.value(forKey: "active") as? Bool == true)
        #expect(object.value(forKey: "code") as? String == "1699")
        let written = try ModelEncoder().encode(object)
        #expect(String(decoding: written, as: UTF8.self) == json)
        // Set in code, the same form.
        try object.setValue(Decimal(string: "0.5"), forKey: "price")
        try object.setValue("-2.5e3", forKey: "code")
        #expect(try ModelEncoder().encodeJSON(object)["price"] == "0.5")
        #expect(try ModelEncoder().encodeJSON(object)["code"] == .number("-2.5e3"))
        // Text that is no number cannot be written as one.
        try object.setValue("A-12", forKey: "code")
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode(object) }
        #expect(error.path.description == "$.code" && error.code == .notRepresentable)
        // An undeclared attribute keeps strictness: a string for a Decimal is refused when strict.
        if strict {
            #expect(throws: MappingError.self) {
                try decoder.decodeObject(of: item, from: Data(#"{"plain":"5.5"}"#.utf8))
            }
        }
    }

    @Test(
        "A number sent as text its type would write back otherwise is refused, naming the attribute; an option keeps it",
        arguments: [
            ("count", #""02134""#, "a leading zero"),
            ("count", #""+5""#, "a plus sign"),
            ("count", #"" 5""#, "spaces around the number"),
            ("count", #""1e3""#, "an exponent"),
            ("count", #""7.0""#, "a fraction, which an integer does not write"),
            ("count", #""-0""#, "a minus sign on zero"),
            ("price", #""007.5""#, "a leading zero"),
            ("ratio", #""2.5E1""#, "an exponent"),
            ("plain", #""01""#, "a leading zero"),
        ]
    )
    func reformattedNumbers(key: String, json: String, change: String) throws {
        let model = try ObjectModel(xml: Self.xml)
        let item = try #require(model.entitiesByName["Item"])
        let document = Data("{\"\(key)\": \(json)}".utf8)
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: item, from: document)
        }
        #expect(error.code == .invalidValue && error.path.description == "$.\(key)" && error.propertyName == key)
        #expect(error.found == "\(json) (\(change))")
        #expect(
            error.detail?.hasPrefix("the text would not come back the same: declare the attribute a String") == true
        )
        var options = ModelDecoder.Options()
        options.acceptsReformattedNumbers = true
        let object = try ModelDecoder(model: model, options: options).decodeObject(of: item, from: document)
        #expect(object.value(forKey: key) != nil)
    }

    @Test("Numbers as the type writes them back are read as before: minus signs, fractions' trailing zeros")
    func canonicalNumbers() throws {
        let model = try ObjectModel(xml: Self.xml)
        let item = try #require(model.entitiesByName["Item"])
        let json = #"{"price":"30.00","count":"-12","ratio":"0.25","plain":"0"}"#
        let object = try ModelDecoder(model: model).decodeObject(of: item, from: Data(json.utf8))
        #expect(object.value(forKey: "count") as? Int64 == -12)
        #expect(object.value(forKey: "price") as? Decimal == Decimal(30))
        #expect(object.value(forKey: "plain") as? Decimal == Decimal(0))
    }

    @Test("Integers sent as strings: every length, range and spelling read as the careful path reads it")
    func quotedIntegers() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Row">
                  <attribute name="small" optional="YES" attributeType="Integer 16"/>
                  <attribute name="big" optional="YES" attributeType="Integer 64"/>
                </entity></model>
                """
        )
        let row = try #require(model.entitiesByName["Row"])
        func read(_ json: String, strict: Bool = false) throws -> ModelObject {
            var options = ModelDecoder.Options()
            options.strictness = strict ? .strict : .lenient
            return try ModelDecoder(model: model, options: options).decodeObject(of: row, from: Data(json.utf8))
        }
        let object = try read(#"{"small": "-32768", "big": "9223372036854775807"}"#)
        #expect(object.value(forKey: "small") as? Int16 == -32_768)
        #expect(object.value(forKey: "big") as? Int64 == Int64.max)
        #expect(try read(#"{"big": "505874924095815681"}"#).value(forKey: "big") as? Int64 == 505_874_924_095_815_681)
        #expect(try read(#"{"big": "\u0031\u0032"}"#).value(forKey: "big") as? Int64 == 12)
        #expect(try read(#"{"big": "0"}"#).value(forKey: "big") as? Int64 == 0)
        let outOfRange = try #require(throws: MappingError.self) { try read(#"{"small": "70000"}"#) }
        #expect(outOfRange.code == .valueOutOfRange && outOfRange.path.description == "$.small")
        let tooBig = try #require(throws: MappingError.self) { try read(#"{"big": "9223372036854775808"}"#) }
        #expect(tooBig.code == .valueOutOfRange)
        let minusZero = try #require(throws: MappingError.self) { try read(#"{"big": "-0"}"#) }
        #expect(minusZero.found == #""-0" (a minus sign on zero)"#)
        let unclosed = try #require(throws: MappingError.self) { try read(#"{"big": "12"#) }
        #expect(unclosed.code == .invalidJSON)
        // Strict, with no declared form, a string is not a number.
        let strict = try #require(throws: MappingError.self) { try read(#"{"big": "12"}"#, strict: true) }
        #expect(strict.code == .typeMismatch && strict.path.description == "$.big")
    }

    @Test("jsonFractionDigits: numbers are written with at least that many digits, in either form, never rounded")
    func fractionDigits() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Line">
                    <attribute name="price" optional="YES" attributeType="Decimal">
                      <userInfo><entry key="jsonForm" value="string"/><entry key="jsonFractionDigits" value="2"/></userInfo>
                    </attribute>
                    <attribute name="weight" optional="YES" attributeType="Double">
                      <userInfo><entry key="jsonFractionDigits" value="3"/></userInfo>
                    </attribute>
                    <attribute name="count" optional="YES" attributeType="Double">
                      <userInfo><entry key="jsonFractionDigits" value="0"/></userInfo>
                    </attribute>
                  </entity>
                </model>
                """
        )
        let line = try #require(model.entitiesByName["Line"])
        let json = #"{"price":"9.50","weight":1.500,"count":586}"#
        let object = try ModelDecoder(model: model).decodeObject(of: line, from: Data(json.utf8))
        #expect(String(decoding: try ModelEncoder().encode(object), as: UTF8.self) == json)
        // Values set in code: padded, and a value with more digits keeps them all.
        try object.setValue(Decimal(30), forKey: "price")
        try object.setValue(2.0, forKey: "weight")
        try object.setValue(7.25, forKey: "count")
        #expect(
            String(decoding: try ModelEncoder().encode(object), as: UTF8.self)
                == #"{"price":"30.00","weight":2.000,"count":7.25}"#
        )
        try object.setValue(Decimal(string: "9.125"), forKey: "price")
        try object.setValue(1e-9, forKey: "weight")
        #expect(try ModelEncoder().encodeJSON(object)["price"] == "9.125")
        #expect(try ModelEncoder().encodeJSON(object)["weight"] == .number("1e-09"))
    }

    @Test("jsonFractionDigits on a Date: its seconds are written with at least that many digits, never rounded")
    func dateFractionDigits() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Entry">
                    <attribute name="at" optional="YES" attributeType="Date">
                      <userInfo><entry key="dateFormats" value="iso8601"/><entry key="jsonFractionDigits" value="3"/></userInfo>
                    </attribute>
                    <attribute name="local" optional="YES" attributeType="Date">
                      <userInfo><entry key="dateFormats" value="iso8601 UTC"/><entry key="jsonFractionDigits" value="2"/></userInfo>
                    </attribute>
                    <attribute name="ms" optional="YES" attributeType="Date">
                      <userInfo><entry key="dateFormats" value="millisecondsSince1970"/><entry key="jsonFractionDigits" value="3"/></userInfo>
                    </attribute>
                    <attribute name="plain" optional="YES" attributeType="Date">
                      <userInfo><entry key="jsonFractionDigits" value="1"/></userInfo>
                    </attribute>
                    <attribute name="minute" optional="YES" attributeType="Date">
                      <userInfo><entry key="dateFormats" value="yyyy-MM-dd'T'HH:mm"/><entry key="jsonFractionDigits" value="3"/></userInfo>
                    </attribute>
                  </entity>
                </model>
                """
        )
        let entry = try #require(model.entitiesByName["Entry"])
        let json =
            #"{"at":"2018-04-03T23:05:12.000Z","local":"2018-04-03T23:05:12.50","ms":1745868771726.500,"#
            + #""plain":"2018-04-03T23:05:12.0Z","minute":"2018-04-03T23:05"}"#
        let object = try ModelDecoder(model: model).decodeObject(of: entry, from: Data(json.utf8))
        // A pattern's text is left as the pattern reads it, though it has a `T`.
        #expect(String(decoding: try ModelEncoder().encode(object), as: UTF8.self) == json)
        // More digits than declared are kept.
        try object.setValue(Date(timeIntervalSince1970: 1.125), forKey: "at")
        #expect(try ModelEncoder().encodeJSON(object)["at"] == "1970-01-01T00:00:01.125Z")
    }
}
