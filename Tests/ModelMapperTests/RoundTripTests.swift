import AuthorsKit
import Foundation
import ModelMapper
import TestSupport
import Testing

/// A fixture: a JSON document for a model, and where its objects are.
struct RoundTripFixture: Sendable, CustomTestStringConvertible {
    var model: String
    var version: String?
    var file: String
    var keyPath: String?
    var entity: String

    var testDescription: String { "\(file) (\(model)\(version.map { " / \($0)" } ?? ""))" }

    static let all: [RoundTripFixture] = [
        RoundTripFixture(model: "Authors", version: "Authors", file: "Authors/authors-v1.json", keyPath: "authors", entity: "Author"),
        RoundTripFixture(model: "Authors", version: "Authors 2", file: "Authors/authors-v2.json", keyPath: "authors", entity: "Author"),
        RoundTripFixture(model: "Authors", version: "Authors 3", file: "Authors/authors-v3.json", keyPath: "authors", entity: "Author"),
        RoundTripFixture(model: "Media", version: nil, file: "Media/media.json", keyPath: nil, entity: "Person"),
        RoundTripFixture(model: "Catalog", version: nil, file: "Catalog/catalog.json", keyPath: "products", entity: "Product"),
    ]

    func load() throws -> (ObjectModel, JSONValue, EntityDescription) {
        let url = TestPaths.model(model)
        let objectModel = model == "Authors" ? try AuthorsModelLoader.load(version: version) : try ObjectModel(contentsOf: url)
        let json = try JSONValue.parse(TestPaths.fixture(file))
        let entityDescription = try #require(objectModel.entitiesByName[entity])
        return (objectModel, json, entityDescription)
    }

    /// The part of the document that holds the objects.
    func payload(of json: JSONValue) throws -> JSONValue {
        guard let keyPath else { return json }
        return try #require(json[keyPath])
    }
}

@Suite("Round trips: JSON -> objects -> JSON is faithful")
struct RoundTripTests {
    @Test("decode then encode gives the same JSON", arguments: RoundTripFixture.all)
    func jsonRoundTrip(fixture: RoundTripFixture) throws {
        let (model, json, entity) = try fixture.load()
        let objects = try ModelDecoder(model: model).decodeObjects(of: entity, from: json, at: fixture.keyPath)
        let encoded = try ModelEncoder().encodeJSON(objects)
        let expected = try fixture.payload(of: json)
        #expect(encoded.isEquivalent(to: expected), "encoded:\n\(encoded.jsonText(options: [.prettyPrinted, .sortedKeys]))")
    }

    @Test("decode(encode(x)) gives an equal graph", arguments: RoundTripFixture.all)
    func graphRoundTrip(fixture: RoundTripFixture) throws {
        let (model, json, entity) = try fixture.load()
        let decoder = ModelDecoder(model: model)
        let first = try decoder.decodeObjects(of: entity, from: json, at: fixture.keyPath)
        let data = try ModelEncoder().encode(first)
        let second = try decoder.decodeObjects(of: entity, from: data)
        try #require(first.count == second.count)
        for (left, right) in zip(first, second) {
            #expect(graphsAreEqual(left, right))
        }
    }

    @Test("the graph comparison sees a changed value, state or relationship")
    func comparisonDetectsDifferences() throws {
        let (model, json, entity) = try RoundTripFixture.all[2].load()
        let decoder = ModelDecoder(model: model)
        func decode() throws -> ModelObject { try decoder.decodeObjects(of: entity, from: json, at: "authors")[0] }
        #expect(graphDifferences(try decode(), try decode()).isEmpty)

        let renamed = try decode()
        let book = try #require((renamed.value(forKey: "books") as? [ModelObject])?.first)
        try book.setValue("Tom", forKey: "title")
        #expect(graphDifferences(try decode(), renamed) == ["Author.books[0].title: Optional(\"The Adventures of Tom Sawyer\") != Optional(\"Tom\")"])

        let nulled = try decode()
        try nulled.setValue(nil, forKey: "firstName")
        #expect(graphDifferences(try decode(), nulled).count == 1)

        let removed = try decode()
        try removed.remove(modelObject: book, forKey: "books")
        let fewer = try decode()
        try fewer.remove(modelObject: try #require((fewer.value(forKey: "books") as? [ModelObject])?.last), forKey: "books")
        #expect(graphDifferences(try decode(), fewer) == ["Author.books: 3 objects != 2"])
    }

    @Test("with unknown keys kept, any extra JSON survives the round trip unchanged")
    func unknownKeysSurvive() throws {
        let fixture = RoundTripFixture.all[2]
        let (model, _, entity) = try fixture.load()
        let json: JSONValue = [
            "author_id": 9, "lastName": "Woolf", "nickname": "Ginny", "meta": ["source": "api", "seen": [1, 2]],
            "books": [[
                "book_id": 901, "title": "Orlando", "isbn": "978-0156701600",
                "pricing": ["retail_price": 11, "currency": "GBP", "tax": ["rate": 0.2]],
            ]],
        ]
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let author = try ModelDecoder(model: model, options: options).decodeObject(of: entity, from: json)
        #expect(author.unknownJSON?["nickname"] == "Ginny")
        let book = try #require((author.value(forKey: "books") as? [ModelObject])?.first)
        #expect(book.unknownJSON?.keys == ["isbn"])
        // retail_price is the book's (flattened); only tax is unknown to Pricing.
        #expect((book.value(forKey: "pricing") as? ModelObject)?.unknownJSON?.keys == ["tax"])
        #expect(try ModelEncoder().encodeJSON(author).isEquivalent(to: json))

        // Without the option, the unknown keys are dropped.
        let plain = try ModelEncoder().encodeJSON(ModelDecoder(model: model).decodeObject(of: entity, from: json))
        #expect(plain["nickname"] == nil)
        #expect(plain["meta"] == nil)
    }
}
