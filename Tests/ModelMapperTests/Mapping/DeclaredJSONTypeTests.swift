import Foundation
@_spi(Engine) import ModelMapperSchema
import ModelMapper
import Testing

/// Transformable attributes without a transformer whose `customClassName` declares the JSON
/// they hold (`[String: String]`, `[String: [Int]]`, `[Double]`), as `modelgen infer` declares
/// citm_catalog's `areaNames` and `topicSubTopics`: read and written as they are, checked
/// against the type through every entry point, and read as that type.
@Suite("Coding: JSON of a declared Swift type")
struct DeclaredJSONTypeTests {
    static let xml = """
        <model>
          <entity name="Catalog">
            <attribute name="name" optional="YES" attributeType="String"/>
            <attribute name="areaNames" optional="YES" attributeType="Transformable" customClassName="[String: String]"/>
            <attribute name="subTopics" optional="YES" attributeType="Transformable" customClassName="Dictionary&lt;String, [Int]&gt;"/>
            <attribute name="prices" optional="YES" attributeType="Transformable" customClassName="[Double]"/>
            <attribute name="levels" optional="YES" attributeType="Transformable" customClassName="[Int8]"/>
            <attribute name="notes" optional="YES" attributeType="Transformable" customClassName="[String?]"/>
            <attribute name="extra" optional="YES" attributeType="Transformable" customClassName="[String: Any]"/>
            <attribute name="opaque" optional="YES" attributeType="Transformable" customClassName="NSArray"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
        </model>
        """

    static func decode(_ json: String, options: ModelDecoder.Options = ModelDecoder.Options()) throws -> ModelObject {
        let model = try ObjectModel(xml: xml)
        return try ModelDecoder(model: model, options: options).decodeObject(of: "Catalog", from: Data(json.utf8))
    }

    @Test("values of the declared type are read as that type and written back as they were sent")
    func roundTrip() throws {
        // In the model's order: the encoder writes attributes so.
        let json =
            #"{"areaNames":{"205705993":"Salle Pleyel","205705994":"Olympia"},"subTopics":{"107888604":[1,2],"#
            + #""324846099":[]},"prices":[1,2.5],"levels":[-3,120],"notes":["a",null]}"#
        let catalog = try Self.decode(json)
        #expect(
            catalog.value(forKey: "areaNames") as? [String: String]
                == ["205705993": "Salle Pleyel", "205705994": "Olympia"]
        )
        #expect(catalog.value(forKey: "subTopics") as? [String: [Int]] == ["107888604": [1, 2], "324846099": []])
        #expect(catalog.value(forKey: "prices") as? [Double] == [1, 2.5])
        #expect(catalog.value(forKey: "levels") as? [Int8] == [-3, 120])
        #expect(catalog.value(forKey: "notes") as? [String?] == ["a", nil])
        let written = String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self)
        #expect(written == json)
    }

    @Test(
        "a member that is not of the declared type is a type mismatch at its own path",
        arguments: [
            (#"{"areaNames":{"1":"a","2":7}}"#, ["areaNames", "2"], "String", "7"),
            (#"{"areaNames":"Pleyel"}"#, ["areaNames"], "[String: String]", #""Pleyel""#),
            (#"{"areaNames":["Pleyel"]}"#, ["areaNames"], "[String: String]", "an array"),
            (#"{"subTopics":{"1":[1,1.5]}}"#, ["subTopics", "1", 1], "Int", "1.5"),
            (#"{"subTopics":{"1":[1,"2"]}}"#, ["subTopics", "1", 1], "Int", #""2""#),
            (#"{"levels":[1,300]}"#, ["levels", 1], "Int8", "300"),
            (#"{"prices":[1,true]}"#, ["prices", 1], "Double", "true"),
            (#"{"notes":[null,3]}"#, ["notes", 1], "String", "3"),
            (#"{"extra":[1]}"#, ["extra"], "[String: Any]", "an array"),
        ] as [(String, [any Sendable], String, String)]
    )
    func refused(json: String, path: [any Sendable], expected: String, found: String) throws {
        var expectedPath = JSONPath.root
        for step in path {
            expectedPath =
                (step as? Int).map { expectedPath.appending(index: $0) } ?? expectedPath.appending(key: "\(step)")
        }
        var keeping = ModelDecoder.Options()
        keeping.unknownKeys = .keep
        // The byte decoder's path, and the careful one that keeps what it reads.
        for options in [ModelDecoder.Options(), keeping] {
            let error = try #require(throws: MappingError.self) { try Self.decode(json, options: options) }
            guard case .typeMismatch(let context) = error else {
                Issue.record("expected a type mismatch, got \(error)")
                continue
            }
            #expect(context.path == expectedPath)
            #expect(context.expected == expected)
            #expect(context.found == found)
            #expect(context.propertyName == path.first as? String)
        }
    }

    @Test("a graph merge and a dictionary are checked as the decoder checks")
    func otherEntryPoints() throws {
        let model = try ObjectModel(xml: Self.xml)
        let graph = ObjectGraph(model: model)
        let data = Data(#"[{"name":"a","areaNames":{"1":"x"}},{"name":"b","areaNames":{"1":false}}]"#.utf8)
        let errors = try #require(throws: MappingErrors.self) { try graph.merge(data, entity: "Catalog") }
        #expect(errors.errors.map(\.context.path.description) == [#"$[1].areaNames["1"]"#])
        let entity = try #require(model.entitiesByName["Catalog"])
        #expect(throws: MappingError.self) {
            try ModelObject(dictionary: ["areaNames": ["1": 2]], entity: entity)
        }
        let object = try ModelObject(dictionary: ["areaNames": ["1": "x"], "prices": [3, 4.5]], entity: entity)
        #expect(object.value(forKey: "prices") as? [Double] == [3, 4.5])
    }

    @Test("setting a value checks it against the declared type; other names keep any JSON")
    func setting() throws {
        let model = try ObjectModel(xml: Self.xml)
        let object = ModelObject(entity: try #require(model.entitiesByName["Catalog"]))
        try object.setValue(["a": [1, 2]], forKey: "subTopics")
        #expect(object.value(forKey: "subTopics") as? [String: [Int]] == ["a": [1, 2]])
        let error = try #require(throws: MappingError.self) { try object.setValue(["a": ["b"]], forKey: "subTopics") }
        #expect(error.context.path.description == "$.a[0]")
        #expect(error.context.expected == "Int")
        try object.setValue(["anything", 1, ["a": true]], forKey: "opaque")
        try object.setValue(["k": [1, "two"]], forKey: "extra")
        let written = String(decoding: try ModelEncoder().encode(object), as: UTF8.self)
        #expect(written == #"{"subTopics":{"a":[1,2]},"extra":{"k":[1,"two"]},"opaque":["anything",1,{"a":true}]}"#)
    }

    @Test(
        "type names JSON can hold declare a shape; others, and hostile ones, do not",
        arguments: [
            ("[String: String]", "[String: String]"), ("Swift.Array<Swift.Int64>", "[Int64]"),
            ("Dictionary<String, [Double?]>", "[String: [Double?]]"), ("[ String : Any ]", "[String: Any]"),
            ("Optional<Decimal>", "Decimal?"), ("UInt64", "UInt64"),
            ("NSArray", nil), ("[Date]", nil), ("[Int: String]", nil), ("[String", nil), ("Address", nil),
            (String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000), nil),
        ] as [(String, String?)]
    )
    func shapes(name: String, typeName: String?) {
        #expect(JSONShape(typeName: name)?.typeName == typeName)
    }
}
