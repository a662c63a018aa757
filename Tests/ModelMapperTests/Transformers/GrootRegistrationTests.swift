import Foundation
import ModelMapper
import Testing

/// Groot's registration functions, called as Groot's own tests call them, register transformers
/// that map Groot's model as Groot does.
@Suite("Value transformers: Groot's registration functions")
struct GrootRegistrationTests {
    @Test("A one-way transformer calls its function with values of its type, and nil for others")
    func oneWay() throws {
        func toString(_ value: Int) -> String? { String(value) }
        ValueTransformer.setValueTransformer(withName: "GrootRegistration.toString", transform: toString)
        let transformer = try #require(ValueTransformer.valueTransformer(forName: "GrootRegistration.toString"))
        #expect(!type(of: transformer).allowsReverseTransformation())
        #expect(try transformer.transformedValue(42) as? String == "42")
        #expect(try transformer.transformedValue(nil) == nil)
        #expect(try transformer.transformedValue("unexpected") == nil)
    }

    @Test("A reversible transformer calls each function with values of its type")
    func reversible() throws {
        func toString(_ value: Int) -> String? { String(value) }
        func toInt(_ value: String) -> Int? { Int(value) }
        ValueTransformer.setValueTransformer(
            withName: "GrootRegistration.reversible",
            transform: toString,
            reverseTransform: toInt
        )
        let transformer = try #require(ValueTransformer.valueTransformer(forName: "GrootRegistration.reversible"))
        #expect(type(of: transformer).allowsReverseTransformation())
        #expect(try transformer.transformedValue(42) as? String == "42")
        #expect(try transformer.transformedValue("unexpected") == nil)
        #expect(try transformer.reverseTransformedValue("42") as? Int == 42)
        #expect(try transformer.reverseTransformedValue(nil) == nil)
        #expect(try transformer.reverseTransformedValue("not a number") == nil)
    }

    @Test("Dictionary transformers and entity mappers take JSON objects")
    func dictionaries() throws {
        ValueTransformer.setDictionaryTransformer(withName: "GrootRegistration.dictionary") { dictionary in
            var transformed = dictionary
            transformed["transformed"] = true
            return transformed
        }
        let dictionary = try #require(ValueTransformer.valueTransformer(forName: "GrootRegistration.dictionary"))
        #expect((try dictionary.transformedValue(["foo": "bar"]) as? [String: Any])?["transformed"] as? Bool == true)
        #expect(try dictionary.transformedValue(nil) == nil)

        func entity(for dictionary: [String: Any]) -> String? {
            switch dictionary["type"] as? String {
            case "A": "ConcreteA"
            case "B": "ConcreteB"
            default: nil
            }
        }
        ValueTransformer.setEntityMapper(withName: "GrootRegistration.mapper", map: entity)
        let mapper = try #require(ValueTransformer.valueTransformer(forName: "GrootRegistration.mapper"))
        #expect(try mapper.transformedValue(["type": "A"]) as? String == "ConcreteA")
        #expect(try mapper.transformedValue(nil) == nil)
    }

    @Test("Groot's test transformer reads \"1699\" into an Integer 64 attribute and writes it back")
    func grootModel() throws {
        ValueTransformer.setValueTransformer(
            withName: "GrootRegistration.identifier",
            transform: { (value: String) in Int(value) },
            reverseTransform: { (value: Int) in String(value) }
        )
        let model = try ObjectModel(
            xml: """
                <model><entity name="Character">
                  <attribute name="identifier" attributeType="Integer 64">
                    <userInfo>
                      <entry key="JSONKeyPath" value="id"/>
                      <entry key="JSONTransformerName" value="GrootRegistration.identifier"/>
                    </userInfo>
                  </attribute>
                  <userInfo><entry key="identityAttribute" value="identifier"/></userInfo>
                </entity></model>
                """
        )
        let graph = ObjectGraph(model: model)
        let characters = try graph.merge(Data(#"["1699", {"id": "1455"}]"#.utf8), entity: "Character").objects
        #expect(characters.map { $0.value(forKey: "identifier") as? Int64 } == [1699, 1455])
        #expect(String(decoding: try ModelEncoder().encode(characters[1]), as: UTF8.self) == #"{"id":"1455"}"#)
    }
}
