import Foundation
import ModelMapper
import Testing

/// Groot's entity mapper: a registered function, named in an entity's userInfo
/// (`entityMapperName`), that picks the subentity of each JSON object from the object.
@Suite("Transformers: an entity mapper picks the subentity (entityMapperName)")
struct EntityMapperTests {
    // Groot's own test model: an abstract entity whose objects are ConcreteA or ConcreteB.
    static let xml = """
        <model>
          <entity name="Abstract" isAbstract="YES">
            <attribute name="identifier" attributeType="Integer 64">
              <userInfo><entry key="JSONKeyPath" value="id"/></userInfo>
            </attribute>
            <relationship name="container" optional="YES" maxCount="1" destinationEntity="Container" inverseName="abstracts" inverseEntity="Container"/>
            <userInfo>
              <entry key="entityMapperName" value="EntityMapperTests.Abstract"/>
              <entry key="identityAttribute" value="identifier"/>
            </userInfo>
          </entity>
          <entity name="ConcreteA" parentEntity="Abstract">
            <attribute name="foo" attributeType="String"/>
          </entity>
          <entity name="ConcreteB" parentEntity="Abstract">
            <attribute name="bar" attributeType="String"/>
          </entity>
          <entity name="Container">
            <relationship name="abstracts" optional="YES" toMany="YES" destinationEntity="Abstract" inverseName="container" inverseEntity="Abstract"/>
          </entity>
        </model>
        """

    init() {
        ValueTransformer.setEntityMapper(forName: ValueTransformer.Name("EntityMapperTests.Abstract")) { json in
            switch json["type"] as? String {
            case "A": "ConcreteA"
            case "B": "ConcreteB"
            case "X": "Container"
            default: nil
            }
        }
    }

    private func decode(_ json: String, as entity: String = "Container") throws -> ModelObject {
        let model = try ObjectModel(xml: Self.xml)
        return try ModelDecoder(model: model)
            .decodeObject(of: try #require(model.entity(named: entity)), from: Data(json.utf8))
    }

    @Test("each object becomes the subentity the function names, nested and at the top")
    func picksSubentities() throws {
        let container = try decode(
            #"{"abstracts": [{"id": 1, "type": "A", "foo": "foo"}, {"id": 2, "type": "B", "bar": "bar"}]}"#
        )
        let abstracts = try #require(container.value(forKey: "abstracts") as? [ModelObject])
        #expect(abstracts.map(\.entity.name) == ["ConcreteA", "ConcreteB"])
        #expect(abstracts.first?.value(forKey: "foo") as? String == "foo")
        #expect(abstracts.last?.value(forKey: "bar") as? String == "bar")
        #expect(abstracts.first?.value(forKey: "container") as? ModelObject === container, "the inverse is set")

        let top = try decode(#"{"id": 3, "type": "B", "bar": "x"}"#, as: "Abstract")
        #expect(top.entity.name == "ConcreteB")
    }

    @Test("no name keeps the entity (abstract: an error); a name outside the family is an error naming it")
    func refusals() throws {
        let abstract = #expect(throws: MappingError.self) { try decode(#"{"abstracts": [{"id": 1}]}"#) }
        #expect(abstract?.description.contains("Abstract") == true)
        let outside = #expect(throws: MappingError.self) { try decode(#"{"abstracts": [{"id": 1, "type": "X"}]}"#) }
        #expect(outside?.description.contains("'Container'") == true)
        #expect(outside?.description.contains("an entity mapper names Abstract or one of its subentities") == true)
        #expect(outside?.path.description == "$.abstracts[0]")
    }

    @Test("an entity mapper that is not registered is an error saying which entity names it")
    func unregistered() throws {
        let xml = Self.xml.replacingOccurrences(of: "EntityMapperTests.Abstract", with: "Nowhere.Mapper")
        let model = try ObjectModel(xml: xml)
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model)
                .decodeObject(of: try #require(model.entity(named: "Abstract")), from: Data(#"{"id": 1}"#.utf8))
        }
        #expect(error?.description.contains("Nowhere.Mapper") == true)
        #expect(error?.description.contains("entity 'Abstract' names it as its entityMapperName") == true)
    }
}
