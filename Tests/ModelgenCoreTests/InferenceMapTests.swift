import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// Objects keyed by identities (issue 52, part 1): inference declares a map, never an entity
/// or attribute per key. Maps of objects are to-manys keyed by identity (`jsonForm` `map` where
/// the values repeat their key, `mapOmittingIdentity` where they do not); maps of scalars, or
/// of arrays of them, are typed dictionaries. Every model round-trips its sample.
@Suite("ModelInference: maps keyed by identity")
struct InferenceMapTests {
    private func infer(_ json: String, name: String = "catalog.json") throws -> ModelInference.Result {
        try ModelInference.infer(from: [ModelInference.Sample(name: name, data: Data(json.utf8))])
    }

    /// `json` decoded with the inferred model and encoded again: the same document.
    private func expectRoundTrip(_ result: ModelInference.Result, _ json: String) throws {
        let root = try #require(result.model.entitiesByName[result.rootEntity])
        let object = try ModelDecoder(model: result.model).decodeObject(of: root, from: Data(json.utf8))
        let written = try ModelEncoder().encodeJSON(object)
        #expect(written.isEquivalent(to: try JSONValue.parse(Data(json.utf8))), "\(result.contents)")
    }

    /// citm_catalog's shape: events keyed by id (each repeating it), names keyed by id, ids
    /// keyed by id, a venue code, and maps seen empty.
    static let catalog = #"""
        {"events": {"138586341": {"id": 138586341, "name": "Tour", "topicIds": [1, 2]},
                    "138586345": {"id": 138586345, "name": "Concert", "topicIds": []}},
         "areaNames": {"205705993": "Parterre", "205705994": "Balcon"},
         "topicSubTopics": {"107888604": [324846099], "324846098": [1, 2]},
         "venueNames": {"PLEYEL_PLEYEL": "Salle Pleyel"},
         "blockNames": {},
         "performances": [{"id": 1, "eventId": 138586341}, {"id": 2, "eventId": 138586345}]}
        """#

    @Test("citm_catalog's maps are maps: no entity or attribute is named after an identity")
    func catalogShape() throws {
        let result = try infer(Self.catalog)
        let names = result.model.entities.map(\.name).sorted()
        #expect(names == ["Catalog", "Event", "Performance"], "\(result.contents)")
        let catalog = try #require(result.model.entitiesByName["Catalog"])
        let events = try #require(catalog.relationshipsByName["events"])
        #expect(events.isToMany && events.userInfo["jsonForm"] == "map")
        #expect(result.model.entitiesByName["Event"]?.identityAttributes.map(\.name) == ["id"])
        #expect(catalog.attributesByName["areaNames"]?.customClassName == "[String: String]")
        #expect(catalog.attributesByName["topicSubTopics"]?.customClassName == "[String: [Int]]")
        #expect(catalog.attributesByName["venueNames"]?.customClassName == "[String: String]")
        #expect(catalog.attributesByName["blockNames"]?.attributeType == .undefined)
        // No property anywhere is named after a key of a map.
        let properties = result.model.entities.flatMap { $0.properties.map(\.name) }
        #expect(!properties.contains { $0.contains("138586341") || $0.lowercased().contains("pleyel") })
        try expectRoundTrip(result, Self.catalog)
    }

    @Test("values that leave their identity to the key: a new identity attribute, the map omitting it")
    func identityInTheKeyOnly() throws {
        let json = #"""
            {"users": {"0b7e1a52-86d2-4c3c-9bd6-5b1f8c6e2a11": {"name": "Ann", "age": 31},
                       "9f0c2d41-7a3e-4b8f-a1c2-3d4e5f607182": {"name": "Bo", "age": 28}}}
            """#
        let result = try infer(json, name: "export.json")
        let users = try #require(result.model.entitiesByName["Export"]?.relationshipsByName["users"])
        #expect(users.userInfo["jsonForm"] == "mapOmittingIdentity", "\(result.contents)")
        let user = try #require(result.model.entitiesByName["User"])
        let identity = try #require(user.identityAttributes.first)
        // Kept as sent: a UUID attribute would write the keys in capitals.
        #expect(identity.attributeType == .string)
        try expectRoundTrip(result, json)
    }

    @Test("a key that is not an identity, or values of several kinds, are not a map of objects")
    func notMaps() throws {
        let json = #"""
            {"owner": {"name": "Ann", "ID": 5}, "mixed": {"1": "a", "2": 3}, "rates": {"USD": 1.5, "EUR": 0.5}}
            """#
        let result = try infer(json)
        let catalog = try #require(result.model.entitiesByName["Catalog"])
        #expect(catalog.relationshipsByName["owner"] != nil, "\(result.contents)")
        #expect(catalog.attributesByName["mixed"]?.attributeType == .undefined)
        #expect(catalog.attributesByName["rates"]?.customClassName == "[String: Double]")
        try expectRoundTrip(result, json)
    }

    @Test("a map of 20,000 objects infers one entity, and reads back")
    func largeMap() throws {
        let members = (0..<20_000).map { #""\#($0)":{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: ",")
        let json = #"{"items":{"# + members + "}}"
        let result = try infer(json)
        #expect(result.model.entities.count == 2)
        try expectRoundTrip(result, json)
    }
}
