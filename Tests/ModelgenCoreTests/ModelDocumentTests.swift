import Foundation
import ModelMapper
import ModelgenCore
import TestSupport
import Testing

/// `modelgen inspect --format json`: the model as a stable document for other tools.
@Suite("The model as JSON")
struct ModelDocumentTests {
    static func document(_ name: String) throws -> [String: Any] {
        let text = ModelDocument.render(try ObjectModel(contentsOf: TestPaths.model(name)))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func member(_ array: Any?, named name: String) -> [String: Any]? {
        (array as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test("the Authors model: entities, attributes with their JSON key paths, relationships with their inverses")
    func authors() throws {
        let document = try Self.document("Authors")
        #expect(document["formatVersion"] as? Int == 2)
        #expect(
            (document["entities"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Author", "Book", "Pricing"]
        )
        let author = try #require(Self.member(document["entities"], named: "Author"))
        #expect(author["identity"] as? [String] == ["authorID"])
        let authorID = try #require(Self.member(author["attributes"], named: "authorID"))
        #expect(authorID["type"] as? String == "Integer 64")
        #expect(authorID["jsonKeyPath"] as? String == "author_id")
        #expect(authorID["optional"] as? Bool == false)
        #expect(authorID["identity"] as? Bool == true)
        let born = try #require(Self.member(author["attributes"], named: "dateOfBirth"))
        #expect(born["transformer"] as? String == "Date")
        #expect(born["className"] as? String == "Date")
        #expect(born["jsonKeyPath"] as? String == "born")
        let books = try #require(Self.member(author["relationships"], named: "books"))
        #expect(books["destination"] as? String == "Book")
        #expect(books["toMany"] as? Bool == true)
        #expect(books["ordered"] as? Bool == true)
        #expect(books["inverse"] as? String == "author")
        #expect(books["deletionRule"] as? String == "Cascade")
        #expect((books["line"] as? Int ?? 0) > (authorID["line"] as? Int ?? 0))
        let book = try #require(Self.member(document["entities"], named: "Book"))
        let retailPrice = try #require(Self.member(book["attributes"], named: "retailPrice"))
        #expect(retailPrice["jsonKeyPath"] as? String == "pricing.retail_price")
        let favorite = try #require(Self.member(book["attributes"], named: "favorite"))
        #expect(favorite["default"] as? String == "NO")
        // What a member does not have is left out, never null.
        #expect(favorite["transformer"] == nil && favorite["identity"] == nil)
    }

    @Test("inheritance, abstract entities, fetch requests and fetched properties")
    func mediaAndPhotos() throws {
        let media = try Self.document("Media")
        let item = try #require(Self.member(media["entities"], named: "MediaItem"))
        #expect(item["abstract"] as? Bool == true)
        #expect(item["subentities"] as? [String] == ["Album", "Movie"])
        let movie = try #require(Self.member(media["entities"], named: "Movie"))
        #expect(movie["superentity"] as? String == "MediaItem")
        // Only what the entity declares: inherited attributes stay with MediaItem.
        #expect(
            (movie["attributes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == [
                "runtimeMinutes", "website",
            ]
        )
        let photos = try Self.document("Photos")
        let requests = try #require(photos["fetchRequests"] as? [[String: Any]])
        #expect(requests.map { $0["name"] as? String } == ["byPhotographer", "takenWith"])
        #expect(requests.first?["predicate"] as? String == "photographer.username ==[c] $username")
        let photographer = try #require(Self.member(photos["entities"], named: "Photographer"))
        let popular = try #require(Self.member(photographer["fetchedProperties"], named: "popularPhotos"))
        #expect(popular["entity"] as? String == "Photo")
    }

    @Test(
        "every model of the package: valid JSON, no nulls, the same bytes each time",
        arguments: ModelDiagramTests.models
    )
    func everyModel(name: String) throws {
        let model = try ObjectModel(contentsOf: TestPaths.model(name))
        let text = ModelDocument.render(model)
        #expect(try JSONValue.parse(Data(text.utf8)) == ModelDocument.document(model))
        #expect(!text.contains("null"))
        #expect(ModelDocument.render(try ObjectModel(contentsOf: TestPaths.model(name))) == text)
    }

}
