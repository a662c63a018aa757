import Foundation
import ModelMapper
import Testing

/// Groot's way: the forward transformation reads JSON (`"1699"` -> `1699`), the reverse writes it.
final class StringToIntegerTransformer: ValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) -> Any? { (value as? String).flatMap { Int64($0) } }
    override func reverseTransformedValue(_ value: Any?) -> Any? {
        if let value = value as? Int64 { return String(value) }
        return (value as? Int).map { String($0) }
    }
}

/// Groot's way, with no reverse transformation.
final class OneWayStringToIntegerTransformer: ValueTransformer, @unchecked Sendable {
    override class func allowsReverseTransformation() -> Bool { false }
    override func transformedValue(_ value: Any?) -> Any? { (value as? String).flatMap { Int64($0) } }
}

/// A transformer's direction follows where the model names it: Core Data's *Value Transformer*
/// field goes from the model to JSON (as Modelmatic reads it), a userInfo key from JSON to the
/// model (as Groot and Sync read theirs), and the built-in transformers go their own way under
/// any name.
@Suite("Value transformers: which way they go")
struct TransformerDirectionTests {
    /// A model whose `Character.identifier` (Integer 64) names `transformer` under `key`.
    func character(key: String, transformer: String) throws -> (ObjectModel, EntityDescription) {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Character">
                  <attribute name="identifier" attributeType="Integer 64">
                    <userInfo><entry key="\(key)" value="\(transformer)"/><entry key="JSONKeyPath" value="id"/></userInfo>
                  </attribute>
                </entity></model>
                """
        )
        return (model, try #require(model.entitiesByName["Character"]))
    }

    @Test(
        "A transformer named in userInfo reads JSON forward and writes it in reverse",
        arguments: [
            "JSONTransformerName", "sync.valueTransformer",
        ]
    )
    func userInfoTransformer(key: String) throws {
        ValueTransformer.setValueTransformer(StringToIntegerTransformer(), forName: "StringToInteger")
        let (model, entity) = try character(key: key, transformer: "StringToInteger")
        #expect(entity.attributesByName["identifier"]?.valueTransformerDirection == .jsonToModel)
        let batman = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(#"{"id": "1699"}"#.utf8))
        #expect(batman.value(forKey: "identifier") as? Int64 == 1699)
        #expect(String(decoding: try ModelEncoder().encode(batman), as: UTF8.self) == #"{"id":"1699"}"#)
    }

    @Test("One named in userInfo without a reverse reads, and writing says why it cannot")
    func oneWayUserInfoTransformer() throws {
        ValueTransformer.setValueTransformer(OneWayStringToIntegerTransformer(), forName: "OneWayStringToInteger")
        let (model, entity) = try character(key: "JSONTransformerName", transformer: "OneWayStringToInteger")
        let batman = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(#"{"id": "1699"}"#.utf8))
        #expect(batman.value(forKey: "identifier") as? Int64 == 1699)
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode(batman) }
        #expect(
            error.detail
                == "it does not allow reverse transformation, which encoding needs (named in userInfo, its forward transformation reads JSON)"
        )
    }

    @Test("Core Data's own field goes from the model to JSON, as Modelmatic reads it")
    func coreDataField() throws {
        ValueTransformer.setValueTransformer(StringToIntegerTransformer(), forName: "StringToInteger")
        let model = try ObjectModel(
            xml: """
                <model><entity name="Note">
                  <attribute name="count" optional="YES" attributeType="Transformable" valueTransformerName="StringToInteger">
                    <userInfo><entry key="JSONTransformerName" value="Ignored"/></userInfo>
                  </attribute>
                </entity></model>
                """
        )
        let entity = try #require(model.entitiesByName["Note"])
        #expect(entity.attributesByName["count"]?.valueTransformerDirection == .modelToJSON)
        // JSON -> model is the reverse transformation: the model holds the string.
        let note = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(#"{"count": 42}"#.utf8))
        #expect(note.value(forKey: "count") as? String == "42")
    }

    @Test("The built-in transformers go from the model to JSON under any name")
    func builtIn() throws {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Day")
        #expect(DateTransformer.direction == .modelToJSON)
        #expect(ValueTransformer.direction == nil)
        let model = try ObjectModel(
            xml: """
                <model><entity name="Event">
                  <attribute name="day" optional="YES" attributeType="Date">
                    <userInfo><entry key="JSONTransformerName" value="Day"/></userInfo>
                  </attribute>
                </entity></model>
                """
        )
        let entity = try #require(model.entitiesByName["Event"])
        let event = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(#"{"day": "2024-03-01"}"#.utf8))
        #expect(event.value(forKey: "day") as? Date == Date(timeIntervalSince1970: 1_709_251_200))
        #expect(String(decoding: try ModelEncoder().encode(event), as: UTF8.self) == #"{"day":"2024-03-01"}"#)
    }
}
