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
}
