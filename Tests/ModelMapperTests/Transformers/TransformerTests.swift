import AuthorsKit
import Foundation
import ModelMapper
import TestSupport
import Testing

/// Written the way code for Apple platforms is: non-throwing overrides.
final class ReversingTransformer: ValueTransformer, @unchecked Sendable {
    override class func transformedValueClass() -> AnyClass { NSString.self }
    override func transformedValue(_ value: Any?) -> Any? { (value as? String).map { String($0.reversed()) } }
    override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? String).map { String($0.reversed()) } }
}

final class FailingTransformer: ValueTransformer, @unchecked Sendable {
    struct Refusal: Error, CustomStringConvertible { var description: String { "refused on purpose" } }
    override func reverseTransformedValue(_ value: Any?) throws -> Any? { throw Refusal() }
    override func transformedValue(_ value: Any?) throws -> Any? { throw Refusal() }
}

final class OneWayTransformer: ValueTransformer, @unchecked Sendable {
    override class func allowsReverseTransformation() -> Bool { false }
}

/// A model with one transformable attribute using the transformer named `name`.
private func model(transformer name: String) throws -> (ObjectModel, EntityDescription) {
    let model = try ObjectModel(
        xml: """
            <model><entity name="Note">
              <attribute name="text" optional="YES" attributeType="Transformable" valueTransformerName="\(name)"/>
              <attribute name="items" optional="YES" attributeType="Transformable"><userInfo><entry key="JSONTransformerName" value="StringArray"/></userInfo></attribute>
            </entity></model>
            """
    )
    return (model, try #require(model.entitiesByName["Note"]))
}

@Suite("Value transformers")
struct TransformerTests {
    @Test("a registered transformer applies both ways")
    func registered() throws {
        ValueTransformer.setValueTransformer(ReversingTransformer(), forName: "Reversing")
        #expect(ValueTransformer.valueTransformerNames().contains("Reversing"))
        let (model, entity) = try model(transformer: "Reversing")
        let note = try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": "olleh"])
        #expect(note.value(forKey: "text") as? String == "hello")
        #expect(try ModelEncoder().encodeJSON(note) == ["text": "olleh"])
    }

    @Test("an unregistered name is an error naming it")
    func unregistered() throws {
        let (model, entity) = try model(transformer: "NoSuchTransformer")
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": "x"])
        }
        #expect(error?.code == .unregisteredTransformer("NoSuchTransformer"))
        #expect(
            error?.description
                == "$.text: Note.text: no value transformer is registered under the name 'NoSuchTransformer'"
        )
        let note = ModelObject(entity: entity)
        try note.setValue("x", forKey: "text")
        #expect(throws: MappingError.self) { try ModelEncoder().encodeJSON(note) }
    }

    @Test("a transformer's own error reaches the caller with the path")
    func throwing() throws {
        ValueTransformer.setValueTransformer(FailingTransformer(), forName: "Failing")
        let (model, entity) = try model(transformer: "Failing")
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObjects(of: entity, from: [["text": "a"], ["text": "b"]])
        }
        #expect(error?.code == .transformerFailed("Failing"))
        #expect(error?.path.description == "$[0].text")
        #expect(error?.underlyingError is FailingTransformer.Refusal)
        #expect(
            error?.description
                == #"$[0].text: Note.text: value transformer 'Failing' could not convert "a" (refused on purpose)"#
        )
    }

    @Test("a transformer that does not allow reverse transformation cannot decode")
    func oneWay() throws {
        ValueTransformer.setValueTransformer(OneWayTransformer(), forName: "OneWay")
        let (model, entity) = try model(transformer: "OneWay")
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": "a"])
        }
        #expect(error?.detail == "it does not allow reverse transformation, which decoding needs")
    }

    @Test("built-in: comma-separated lists, read from JSONTransformerName")
    func stringArray() throws {
        let (model, entity) = try model(transformer: "StringArray")
        let note = try ModelDecoder(model: model)
            .decodeObject(of: entity, from: ["items": "a, b,c", "text": ["x", "y"]])
        #expect(note.value(forKey: "items") as? [String] == ["a", "b", "c"])
        #expect(note.value(forKey: "text") as? [String] == ["x", "y"])
        #expect(try ModelEncoder().encodeJSON(note) == ["text": "x,y", "items": "a,b,c"])
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["items": 5])
        }
    }

    @Test(
        "built-in date transformers",
        arguments: [
            ("ISO8601Date", JSONValue.string("2024-03-01T09:30:00Z"), 1_709_285_400.0),
            ("YearMonthDayDate", .string("2024-03-01"), 1_709_251_200.0),
            ("SecondsSince1970Date", .number("1709285400"), 1_709_285_400.0),
            ("MillisecondsSince1970Date", .number("1709285400000"), 1_709_285_400.0),
            ("MicrosecondsSince1970Date", .number("1709285400000000"), 1_709_285_400.0),
        ]
    )
    func dateTransformers(name: String, json: JSONValue, seconds: Double) throws {
        let (model, entity) = try model(transformer: name)
        let note = try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": json])
        #expect(note.value(forKey: "text") as? Date == Date(timeIntervalSince1970: seconds))
        #expect(try ModelEncoder().encodeJSON(note)["text"] == json)
    }

    @Test("a malformed date in a transformer is an error with the path")
    func badDate() throws {
        let (model, entity) = try model(transformer: "YearMonthDayDate")
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": "2024-02-30"])
        }
        #expect(error?.path.description == "$.text")
        #expect(
            "\(error?.underlyingError.map { "\($0)" } ?? "")" == "expected a yyyy-MM-dd date string, found '2024-02-30'"
        )
    }

    @Test("Core Data's archiving transformer names pass values through")
    func archivingNames() throws {
        let (model, entity) = try model(transformer: "NSSecureUnarchiveFromData")
        let note = try ModelDecoder(model: model).decodeObject(of: entity, from: ["text": ["any": 1]])
        #expect(try ModelEncoder().encodeJSON(note) == ["text": ["any": 1]])
    }

    @Test("a transformer for a typed attribute must return that type")
    func typedAttribute() throws {
        ValueTransformer.setValueTransformer(ReversingTransformer(), forName: "Reversing")
        let model = try ObjectModel(
            xml:
                #"<model><entity name="E"><attribute name="when" optional="YES" attributeType="Date" valueTransformerName="Reversing"/></entity></model>"#
        )
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: #require(model.entitiesByName["E"]), from: ["when": "abc"])
        }
        #expect(error?.code == .typeMismatch)
        #expect(error?.expected == "Date")
    }
}
