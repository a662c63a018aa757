import Foundation
import ModelMapper
import TestSupport
import Testing

/// The encoder writes nothing its decoder refuses: required values are checked on every object
/// written (off for drafts), `validate()` checks without writing, and a foreign key read as a
/// scalar is written back as one.
@Suite("Encoding: nothing written that the decoder refuses")
struct EncoderChecksTests {
    let model: ObjectModel
    init() throws { model = try ObjectModel(xml: FaithfulMergeTests.xml) }

    func photo(_ values: [String: Any]) throws -> ModelObject {
        let object = ModelObject(entity: try #require(model.entitiesByName["Photo"]))
        for (key, value) in values { try object.setValue(value, forKey: key) }
        return object
    }

    @Test("A required value unset is an error at its path; several are all reported; drafts are written")
    func requiredValues() throws {
        let untitled = try photo(["photoID": "9"])
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode([untitled], at: "photos") }
        #expect(
            error.description
                == "$.photos[0].title: Photo.title: a value (String) is required, but the object has none: set it, "
                + "or turn ModelEncoder.Options.checksValues off to write a draft"
        )
        // Its decoder refuses what the encoder would have written.
        let decoder = ModelDecoder(model: model)
        let entity = try #require(model.entitiesByName["Photo"])
        #expect(throws: MappingError.self) {
            try decoder.decodeObject(of: entity, from: Data(#"{"photoID":"9"}"#.utf8))
        }

        let tag = ModelObject(entity: try #require(model.entitiesByName["Tag"]))
        try untitled.add(modelObject: tag, forKey: "tags")
        try untitled.setValue(nil, forKey: "photoID")
        let errors = try #require(throws: MappingErrors.self) { try ModelEncoder().encode(untitled) }
        #expect(errors.errors.map(\.path.description) == ["$.photoID", "$.title", "$.tags[0].name"])

        var drafts = ModelEncoder.Options()
        drafts.checksValues = false
        let written = try ModelEncoder(options: drafts).encodeJSON(try photo(["photoID": "9"]))
        #expect(written == ["photoID": "9"])
        // A whole object is written.
        #expect(
            try ModelEncoder().encodeJSON(try photo(["photoID": "9", "title": "Alps"])) == [
                "photoID": "9", "title": "Alps",
            ]
        )
    }

    @Test("An empty to-many that is set is written [], as value(forKey:) reads it; one never set is not written")
    func emptyToMany() throws {
        let object = try photo(["photoID": "1", "title": "Alps"])
        #expect(try ModelEncoder().encodeJSON(object) == ["photoID": "1", "title": "Alps"])
        try object.setValue([ModelObject](), forKey: "tags")
        #expect((object.value(forKey: "tags") as? [ModelObject])?.isEmpty == true)
        #expect(try ModelEncoder().encodeJSON(object) == ["photoID": "1", "title": "Alps", "tags": []])
    }

    @Test("validate() checks an object and what it reaches, without encoding; a graph checks all but placeholders")
    func validation() throws {
        let whole = try photo(["photoID": "1", "title": "Alps"])
        try whole.validate()
        let tag = ModelObject(entity: try #require(model.entitiesByName["Tag"]))
        try whole.add(modelObject: tag, forKey: "tags")
        let error = try #require(throws: MappingError.self) { try whole.validate() }
        #expect(error.path.description == "$.tags[0].name" && error.code == .missingValue)

        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"photoID":"1","title":"Alps","album":{"albumID":7}}]"#.utf8), entity: "Photo")
        #expect(graph.placeholders.count == 1)
        try graph.validate()
        let photo = try #require(graph.object(of: "Photo", identity: "1"))
        try photo.setValue(nil, forKey: "title")
        let graphError = try #require(throws: MappingError.self) { try graph.validate() }
        #expect(graphError.entityName == "Photo" && graphError.propertyName == "title")
    }

    @Test("A to-one read from a scalar foreign key is written back as a scalar; objects related in code nest")
    func scalarForeignKeys() throws {
        let entity = try #require(model.entitiesByName["Photo"])
        let decoder = ModelDecoder(model: model)
        let json = Data(#"{"photoID":"1","title":"Alps","album":7}"#.utf8)
        let decoded = try decoder.decodeObject(of: entity, from: json)
        let written = try ModelEncoder().encode(decoded)
        #expect(try JSONValue.parse(written) == ["photoID": "1", "title": "Alps", "album": 7])
        #expect(try decoder.decodeObject(of: entity, from: written).value(forKey: "album") != nil)

        // The same album given as an object too is an object.
        let both = Data(
            #"[{"photoID":"1","title":"A","album":7},{"photoID":"2","title":"B","album":{"albumID":7,"title":"T"}}]"#
                .utf8
        )
        let objects = try decoder.decodeObjects(of: entity, from: both)
        let text = String(decoding: try ModelEncoder().encode(objects), as: UTF8.self)
        #expect(text.contains(#""album":{"albumID":7,"title":"T""#))

        let album = ModelObject(entity: try #require(model.entitiesByName["Album"]))
        try album.setValue(Int64(8), forKey: "albumID")
        try album.setValue("Holidays", forKey: "title")
        let inCode = try photo(["photoID": "3", "title": "C"])
        try inCode.setValue(album, forKey: "album")
        #expect(try ModelEncoder().encodeJSON(inCode)["album"] == ["albumID": 8, "title": "Holidays"])
    }
}

/// The Authors tutorial's steps (AuthorsTutorial.md): its new book is written, and what is written decodes again.
@Suite("Encoding: the Authors tutorial writes what it reads")
struct TutorialEncodingTests {
    @Test("The tutorial's new book passes the check, and the output decodes with the same decoder")
    func tutorialOutputDecodes() throws {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/Authors/Authors.json"))
        let decoder = ModelDecoder(model: model)
        let authorEntity = try #require(model.entitiesByName["Author"])
        let authors = try decoder.decodeObjects(of: authorEntity, from: data, at: "authors")
        let twain = try #require(authors.first)
        let newBook = ModelObject(entity: try #require(model.entitiesByName["Book"]))
        try newBook.setValue("Roughing It", forKey: "title")
        try twain.add(modelObject: newBook, forKey: "books")
        // Without its bookID, as the tutorial had it: refused, where it used to be written.
        #expect(throws: MappingError.self) { try ModelEncoder().encode(authors, at: "authors") }
        try newBook.setValue(Int64(3), forKey: "bookID")
        try newBook.validate()
        let out = try ModelEncoder(options: .init(outputFormatting: .prettyPrinted)).encode(authors, at: "authors")
        let again = try decoder.decodeObjects(of: authorEntity, from: out, at: "authors")
        let titles = (again[0].value(forKey: "books") as? [ModelObject])?
            .compactMap { $0.value(forKey: "title") as? String }
        #expect(titles?.last == "Roughing It")
    }
}
