import Foundation
import ModelMapper
import TestSupport
import Testing

/// Cases of Sync's and Groot's own test suites, run through the public API on their models
/// and documents as the corpus has them (`../shared/corpus`), with each library's conventions
/// given in code: what a user of either library sees after moving to ModelMapper. Skipped, with
/// a message, without the corpus.
@Suite(
    "Peer libraries' own cases",
    .serialized,
    .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
)
struct PeerFixtureTests {
    /// A graph of one of Sync's test models, merging as Sync's `sync(_:inEntityNamed:)` does:
    /// Sync's conventions, every operation on the document and its relationships.
    struct SyncStack {
        static let root = TestPaths.corpus.appendingPathComponent("3lvis__Sync/Tests/Sync")
        let graph: ObjectGraph

        init(_ model: String) throws {
            var options = ModelDecoder.Options()
            options.conventions = .sync
            let url = Self.root.appendingPathComponent("Models/\(model).xcdatamodeld")
            graph = ObjectGraph(model: try ObjectModel(contentsOf: url), options: .init(decoding: options))
        }

        func sync(_ document: String, _ entity: String) throws {
            let data = try Data(contentsOf: Self.root.appendingPathComponent("JSONs/\(document)"))
            try graph.merge(data, entity: entity, operations: .init(.all, relationships: .all))
        }

        func count(_ entity: String) -> Int { graph.objects(of: entity).count }

        func object(_ entity: String, _ key: String, _ value: some Equatable) -> ModelObject? {
            graph.objects(of: entity).first { ($0.value(forKey: key) as? AnyHashable) == (value as? AnyHashable) }
        }
    }

    static func related(_ object: ModelObject?, _ key: String) -> [ModelObject] {
        let value = object?.value(forKey: key)
        return (value as? [ModelObject]) ?? (value as? ModelObject).map { [$0] } ?? []
    }

    @Test("Sync: camelCase and snake_case keys in one document")
    func camelCase() throws {
        let stack = try SyncStack("Camelcase")
        try stack.sync("camelcase.json", "NormalUser")
        let user = try #require(stack.graph.objects(of: "NormalUser").first)
        #expect(stack.count("NormalUser") == 1)
        #expect(user.value(forKey: "etternavn") as? String == "Nuñez")
        #expect(user.value(forKey: "firstName") as? String == "Elvis")
        #expect(user.value(forKey: "fullName") as? String == "Elvis Nuñez")
        #expect(user.value(forKey: "numberOfChildren") as? Int16 == 1)
        #expect(user.value(forKey: "remoteID") as? String == "1")
    }

    @Test("Sync: a custom key on a to-many, and a custom identity on a many-to-many")
    func customKeys() throws {
        let notes = try SyncStack("CustomRelationshipKey")
        try notes.sync("custom_relationship_key_to_many.json", "User")
        #expect(Self.related(notes.graph.objects(of: "User").first, "notes").count == 3)

        let markets = try SyncStack("Markets")
        try markets.sync("markets_items.json", "Market")
        #expect(markets.count("Market") == 2)
        let market = markets.object("Market", "uniqueId", "1")
        #expect(market?.value(forKey: "otherAttribute") as? String == "Market 1")
        #expect(Self.related(market, "items").count == 1)
        #expect(markets.count("Item") == 1)
        #expect(Self.related(markets.object("Item", "uniqueId", "1"), "markets").count == 2)
    }

    @Test("Sync: to-one foreign keys at <relationship>_id, set, changed and cleared")
    func toOneForeignKeys() throws {
        let stack = try SyncStack("157")
        try stack.sync("157-locations.json", "Location")
        #expect(stack.count("Location") == 3)
        #expect(stack.count("City") == 0)
        try stack.sync("157-cities.json", "City")
        try stack.sync("157-locations.json", "Location")
        #expect(stack.count("City") == 3)
        func city(ofLocation id: Int) -> String? {
            Self.related(stack.object("Location", "locationID", Int32(id)), "city").first?.value(forKey: "name")
                as? String
        }
        #expect(city(ofLocation: 0) == "Oslo")
        #expect(city(ofLocation: 1) == "Paris")
        #expect(city(ofLocation: 2) == nil)
        try stack.sync("157-locations-update.json", "Location")
        #expect(city(ofLocation: 0) == nil)
        #expect(city(ofLocation: 1) == "Oslo")
        #expect(city(ofLocation: 2) == "Paris")
    }

    @Test("Sync: many-to-many foreign keys at <relationship>_ids, replaced and cleared")
    func toManyForeignKeys() throws {
        let stack = try SyncStack("151-many-to-many")
        try stack.sync("151-many-to-many-notes.json", "Note")
        #expect(stack.count("Note") == 4)
        try stack.sync("151-many-to-many-tags.json", "Tag")
        try stack.sync("151-many-to-many-notes.json", "Note")
        #expect(stack.count("Tag") == 2)
        func tags(ofNote id: Int) -> Int { Self.related(stack.object("Note", "noteID", Int32(id)), "tags").count }
        #expect((0..<4).map(tags(ofNote:)) == [2, 1, 0, 1])
        try stack.sync("151-many-to-many-notes-update.json", "Note")
        #expect((0..<4).map(tags(ofNote:)) == [1, 0, 2, 0])
        // Let go, never removed: the tags stand on their own.
        #expect(stack.count("Tag") == 2)
    }

    @Test("Sync: a one-to-many listing removes what it no longer lists")
    func oneToManyListing() throws {
        let stack = try SyncStack("DoublePrimaryKeys")
        try stack.sync("primary-key-users.json", "User")
        #expect(stack.count("User") == 1)
        #expect(stack.count("Category") == 1)
        try stack.sync("primary-key-organizations.json", "Organization")
        #expect(stack.count("Category") == 3)
        #expect(stack.count("Organization") == 1)
        try stack.sync("primary-key-organizations-update.json", "Organization")
        #expect(stack.count("User") == 1)
        #expect(stack.count("Category") == 2)
    }

    @Test("Groot: its test transformer, registered as Groot registers it, reads and writes identifiers")
    func groot() throws {
        ValueTransformer.setValueTransformer(
            withName: "GrootTests.Transformer",
            transform: { (value: String) in Int(value) },
            reverseTransform: { (value: Int) in String(value) }
        )
        let root = TestPaths.corpus.appendingPathComponent("gonzalezreal__Groot/GrootTests")
        let model = try ObjectModel(contentsOf: root.appendingPathComponent("Model.xcdatamodeld"))
        var options = ModelDecoder.Options()
        options.syntax = .lenient
        options.nullElements = .skip
        let graph = ObjectGraph(model: model, options: .init(decoding: options))
        let batman = #"""
            {"name": "Batman", "real_name": "Bruce Wayne", "id": "1699",
             "powers": [{"id": "4", "name": "Agility"}, null, {"id": "9", "name": "Insanely Rich"}],
             "publisher": {"id": "10", "name": "DC Comics"}}
            """#
        let character = try #require(try graph.merge(Data(batman.utf8), entity: "Character").objects.first)
        #expect(character.value(forKey: "identifier") as? Int64 == 1699)
        #expect(
            Self.related(character, "powers").compactMap { $0.value(forKey: "identifier") as? Int64 }.sorted() == [
                4, 9,
            ]
        )
        #expect(Self.related(character, "publisher").first?.value(forKey: "name") as? String == "DC Comics")
        let written = try JSONValue.parse(ModelEncoder().encode(character))
        #expect(written["id"] == "1699")
        #expect(written["publisher"]?["id"] == "10")

        // Composite identities, and trailing commas as Groot's documents have them.
        let cards = try graph.merge(Data(contentsOf: root.appendingPathComponent("JSON/cards.json")), entity: "Card")
        let update = try graph.merge(
            Data(contentsOf: root.appendingPathComponent("JSON/cards_update.json")),
            entity: "Card"
        )
        #expect(cards.objects[1].value(forKey: "numberOfTimesPlayed") as? Int64 == 4)
        #expect(update.objects[1].value(forKey: "suit") as? String == "Clubs")
        #expect(graph.objects(of: "Card").count == 3)
    }
}
