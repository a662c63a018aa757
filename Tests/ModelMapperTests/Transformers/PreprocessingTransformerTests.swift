import Foundation
import ModelMapper
import Testing

/// Renames Groot-era keys to the model's and drops a wrapper: what a per-entity preprocessing
/// transformer (`JSONDictionaryTransformerName`) is for.
private final class LegacyPersonTransformer: ModelMapper.ValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) throws -> Any? {
        guard var object = value as? [String: Any] else { return nil }
        if let wrapped = object.removeValue(forKey: "data") as? [String: Any] {
            object.merge(wrapped) { old, _ in old }
        }
        if let full = object.removeValue(forKey: "fullname") { object["name"] = full }
        return object
    }
}

/// Returns a string, not a dictionary: a refusal.
private final class NotADictionaryTransformer: ModelMapper.ValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) throws -> Any? { "not a dictionary" }
}

@Suite("Transformers: a preprocessing transformer per entity (JSONDictionaryTransformerName)")
struct PreprocessingTransformerTests {
    static let xml = """
        <model>
          <entity name="Person">
            <attribute name="personID" attributeType="Integer 64"/>
            <attribute name="name" attributeType="String"/>
            <attribute name="age" optional="YES" attributeType="Integer 16"/>
            <relationship name="friends" optional="YES" toMany="YES" destinationEntity="Person"/>
            <relationship name="pet" optional="YES" maxCount="1" destinationEntity="Pet"/>
            <userInfo>
              <entry key="identityAttributes" value="personID"/>
              <entry key="JSONDictionaryTransformerName" value="LegacyPerson"/>
            </userInfo>
          </entity>
          <entity name="Pet">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="next" optional="YES" maxCount="1" destinationEntity="Pet"/>
            <userInfo><entry key="JSONDictionaryTransformerName" value="NotRegistered"/></userInfo>
          </entity>
        </model>
        """

    let model: ObjectModel
    let person: EntityDescription
    init() throws {
        ModelMapper.ValueTransformer.setValueTransformer(LegacyPersonTransformer(), forName: "LegacyPerson")
        model = try ObjectModel(xml: Self.xml)
        person = try #require(model.entitiesByName["Person"])
    }

    @Test("Each object goes through it, at the top, in arrays and nested, and identities still join")
    func mapsTransformedObjects() throws {
        let json = #"""
            [{"personID": 1, "fullname": "Ann", "friends": [{"personID": 2, "data": {"fullname": "Bo", "age": 30}}]},
             {"personID": 2, "fullname": "Bo"}]
            """#
        let people = try ModelDecoder(model: model).decodeObjects(of: person, from: Data(json.utf8))
        #expect(people.compactMap { $0.value(forKey: "name") as? String } == ["Ann", "Bo"])
        let friend = try #require((people[0].value(forKey: "friends") as? [ModelObject])?.first)
        #expect(friend === people[1])
        #expect(friend.value(forKey: "age") as? Int16 == 30)
        let one = try ModelDecoder(model: model)
            .decodeObject(of: person, from: Data(#"{"personID": 3, "fullname": "Cy"}"#.utf8))
        #expect(one.value(forKey: "name") as? String == "Cy")
        // In a graph too, with the same keys.
        let graph = ObjectGraph(model: model)
        let merged = #"[{"personID": 1, "fullname": "Ann", "friends": [{"personID": 2, "data": {"fullname": "Bo"}}]}]"#
        try graph.merge(Data(merged.utf8), entity: "Person")
        #expect(graph.object(of: "Person", identity: 2)?.value(forKey: "name") as? String == "Bo")
    }

    @Test("Errors: in the transformed object at the original's path; an unregistered or refusing transformer named")
    func errors() throws {
        let decoder = ModelDecoder(model: model)
        let bad = try #require(throws: MappingError.self) {
            try decoder.decodeObjects(
                of: person,
                from: Data(#"[{"personID": 1, "data": {"fullname": "A", "age": "old"}}]"#.utf8)
            )
        }
        #expect(bad.path.description == "$[0].age")
        let unregistered = try #require(throws: MappingError.self) {
            try decoder.decodeObject(
                of: person,
                from: Data(#"{"personID": 1, "fullname": "A", "pet": {"name": "Rex"}}"#.utf8)
            )
        }
        #expect(unregistered.code == .unregisteredTransformer("NotRegistered"))
        #expect(unregistered.path.description == "$.pet")
        #expect(unregistered.recoverySuggestion?.contains("setValueTransformer") == true)
        ModelMapper.ValueTransformer.setValueTransformer(NotADictionaryTransformer(), forName: "NotRegistered")
        defer { ModelMapper.ValueTransformer.setValueTransformer(nil, forName: "NotRegistered") }
        let refused = try #require(throws: MappingError.self) {
            try decoder.decodeObject(
                of: person,
                from: Data(#"{"personID": 1, "fullname": "A", "pet": {"name": "Rex"}}"#.utf8)
            )
        }
        #expect(refused.code == .transformerFailed("NotRegistered"))
    }

    @Test("Transformed objects nested inside each other past the limit: an error, not a deep recursion")
    func nestingLimit() throws {
        var json = #"{"personID": 0, "fullname": "root"}"#
        for index in 1...40 { json = #"{"personID": \#(index), "fullname": "p", "friends": [\#(json)]}"# }
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: person, from: Data(json.utf8))
        }
        #expect(error.description.contains("nest more than 32 deep"))
    }

    @Test("With unknown keys kept, a transformed object is written in model order, and goes round unchanged")
    func keptKeysRoundTrip() throws {
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let decoder = ModelDecoder(model: model, options: options)
        // A dictionary has no order: what is kept of the transformed object must not depend
        // on it, nor on the keys the encoder adds (found by fuzz-decoder).
        let json = #"[{"zeta": 1, "personID": 1, "fullname": "Ann", "friends": [1], "alpha": true}]"#
        let written = try ModelEncoder().encode(decoder.decodeObjects(of: person, from: Data(json.utf8)))
        #expect(
            String(decoding: written, as: UTF8.self).hasPrefix(#"[{"alpha":true,"zeta":1,"personID":1,"name":"Ann","#)
        )
        let again = try ModelEncoder().encode(decoder.decodeObjects(of: person, from: written))
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: written, as: UTF8.self))
    }

    @Test("A transformed object met twice in one document keeps its unknown keys sorted, and goes round unchanged")
    func mergedKeptKeysRoundTrip() throws {
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let decoder = ModelDecoder(model: model, options: options)
        // Person 1 is read twice: its unknown keys come from both places, and must be written in
        // the order one place would give them (sorted, as the transformed dictionary is read),
        // or the next round writes them otherwise (found by fuzz-decoder).
        let json = #"[{"personID": 1, "fullname": "Ann", "zeta": 1}, {"personID": 1, "fullname": "Ann", "alpha": 2}]"#
        let written = try ModelEncoder().encode(decoder.decodeObjects(of: person, from: Data(json.utf8)))
        #expect(String(decoding: written, as: UTF8.self).hasPrefix(#"[{"alpha":2,"zeta":1,"personID":1,"#))
        let again = try ModelEncoder().encode(decoder.decodeObjects(of: person, from: written))
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: written, as: UTF8.self))
    }
}
