import Foundation
import ModelMapper
import ModelgenCore
import Testing

@Suite("ModelInference: a model from sample JSON")
struct ModelInferenceTests {
    private func infer(_ json: String, name: String = "sample.json", options: ModelInference.Options = .init())
        throws -> ModelInference.Result
    {
        try ModelInference.infer(from: [ModelInference.Sample(name: name, data: Data(json.utf8))], options: options)
    }

    private func attribute(_ result: ModelInference.Result, _ entity: String, _ name: String) throws
        -> AttributeDescription
    {
        let found = result.model.entitiesByName[entity]?.attributesByName[name]
        return try #require(found, "no attribute \(entity).\(name) in\n\(result.contents)")
    }

    @Test("each key's type holds every value seen: integers, fractions, big numbers, Booleans, dates, UUIDs, URLs")
    func types() throws {
        let result = try infer(
            """
            [{"count": 1, "ratio": 1, "big": 123456789012345678901234, "flag": true, "when": "2024-05-01T09:30:00Z",
              "day": "2024-05-01", "uuid": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "link": "https://example.com/a",
              "name": "x", "tags": ["a"], "scores": [1, 2.5], "anything": 1, "never": null},
             {"count": 2, "ratio": 2.5, "big": 1, "flag": false, "when": "2024-05-02T09:30:00.25Z",
              "day": "2024-05-02", "uuid": "6f9619ff-8b86-d011-b42d-00c04fc964fe", "link": "http://example.org",
              "name": "y", "tags": [], "scores": [3], "anything": "one", "never": null}]
            """,
            name: "items.json"
        )
        #expect(result.rootEntity == "Item")
        let expected: [(String, AttributeType)] = [
            ("count", .integer64), ("ratio", .double), ("big", .decimal), ("flag", .boolean), ("when", .date),
            ("day", .date), ("uuid", .uuid), ("link", .uri), ("name", .string), ("tags", .transformable),
            ("scores", .transformable), ("anything", .undefined), ("never", .string),
        ]
        for (name, type) in expected {
            #expect(try attribute(result, "Item", name).attributeType == type, "\(name)")
        }
        #expect(try attribute(result, "Item", "when").userInfo["dateFormats"] == "iso8601")
        #expect(try attribute(result, "Item", "day").userInfo["dateFormats"] == "yearMonthDay")
        #expect(try attribute(result, "Item", "tags").customClassName == "[String]")
        #expect(try attribute(result, "Item", "scores").customClassName == "[Double]")
        #expect(try !attribute(result, "Item", "count").isOptional)
        #expect(try attribute(result, "Item", "never").isOptional)
        #expect(result.guesses.contains { $0.subject == "Item.never" && !$0.isSure })
    }

    @Test("nested objects are entities with relationships and inverses; optional where missing or null")
    func relationships() throws {
        let result = try infer(
            """
            {"title": "Feed", "posts": [{"body": "a", "author": {"name": "Ann"}}, {"body": "b", "author": null}]}
            """,
            options: ModelInference.Options(rootEntity: "Feed")
        )
        let feed = try #require(result.model.entitiesByName["Feed"])
        let posts = try #require(feed.relationshipsByName["posts"])
        #expect(posts.isToMany && posts.isOrdered && posts.destinationEntity.name == "Post")
        #expect(posts.inverseRelationship?.name == "feed")
        #expect(posts.inverseRelationship?.isToMany == false)
        let author = try #require(result.model.entitiesByName["Post"]?.relationshipsByName["author"])
        #expect(!author.isToMany && author.isOptional && author.destinationEntity.name == "Author")
        #expect(result.model.topLevelEntities.map(\.name) == ["Feed"])
    }

    @Test("id-like keys are identities; *_id keys whose values are identities become relationships")
    func identityAndForeignKeys() throws {
        let json = """
            {"authors": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
             "books": [{"book_id": "b1", "author_id": 1, "tag_ids": [7]}, {"book_id": "b2", "author_id": 2, "tag_ids": []}],
             "tags": [{"id": 7}], "orders": [{"id": 1}, {"id": 1}]}
            """
        let result = try infer(json, options: ModelInference.Options(rootEntity: "Library"))
        #expect(result.model.entitiesByName["Author"]?.identityAttributes.map(\.name) == ["id"])
        #expect(result.model.entitiesByName["Book"]?.identityAttributes.map(\.name) == ["bookId"])
        // The same id twice in one array: not an identity (an ordered to-many holds an object once).
        #expect(result.model.entitiesByName["Order"]?.identityAttributes.isEmpty == true)
        let book = try #require(result.model.entitiesByName["Book"])
        let author = try #require(book.relationshipsByName["author"])
        #expect(author.destinationEntity.name == "Author" && !author.isToMany)
        #expect(author.jsonKeyPath.description == "author_id")
        let tags = try #require(book.relationshipsByName["tags"])
        #expect(tags.destinationEntity.name == "Tag" && tags.isToMany)
        #expect(tags.jsonKeyPath.description == "tag_ids")
        // Written back as the identities they were, in the canonical layout too (not as objects).
        var canonical = ModelEncoder.Options()
        canonical.layout = .canonical
        let library = try #require(result.model.entitiesByName["Library"])
        let decoded = try ModelDecoder(model: result.model).decodeObject(of: library, from: Data(json.utf8))
        let written = try JSONValue.parse(ModelEncoder(options: canonical).encode(decoded))
        #expect(
            written["books"] == [
                ["author_id": 1, "book_id": "b1", "tag_ids": [7]], ["author_id": 2, "book_id": "b2", "tag_ids": []],
            ]
        )
        // The report says what the key became, not also the attribute it first looked like.
        let bookGuesses = result.guesses.filter { $0.subject.hasPrefix("Book.") }.map(\.subject)
        #expect(bookGuesses.contains("Book.author") && !bookGuesses.contains("Book.authorId"))
        #expect(bookGuesses.contains("Book.tags") && !bookGuesses.contains("Book.tagIds"))
    }

    @Test("numbers that all have the same fraction digits declare them, so that 9.50 comes back 9.50")
    func fractionDigits() throws {
        var options = ModelInference.Options()
        options.numbersFromStrings = true
        let result = try infer(
            #"[{"price": "24.99", "rate": 1.50, "ratio": 0.5, "mixed": "1.5"}, "#
                + #"{"price": "9.50", "rate": 2.25, "ratio": 0.25, "mixed": "2.25"}]"#,
            options: options
        )
        #expect(try attribute(result, "Sample", "price").userInfo["jsonFractionDigits"] == "2")
        #expect(try attribute(result, "Sample", "rate").userInfo["jsonFractionDigits"] == "2")
        #expect(try attribute(result, "Sample", "ratio").userInfo["jsonFractionDigits"] == nil)
        // Strings with different fraction digits stay strings: no one scale writes both as sent.
        #expect(try attribute(result, "Sample", "mixed").attributeType == .string)
    }

    @Test("integral numbers beside fractions are Doubles written without .0, so that 586 comes back 586")
    func integralBesideFractions() throws {
        let result = try infer(#"[{"duration": 586, "amount": 1.5}, {"duration": 245.5, "amount": 2.125}]"#)
        let duration = try attribute(result, "Sample", "duration")
        #expect(duration.attributeType == .double && duration.userInfo["jsonFractionDigits"] == "0")
        let amount = try attribute(result, "Sample", "amount")
        #expect(amount.attributeType == .double && amount.userInfo["jsonFractionDigits"] == nil)
        let json = #"[{"amount":1.5,"duration":586},{"amount":2.125,"duration":245.5}]"#
        let sample = try #require(result.model.entitiesByName["Sample"])
        let objects = try ModelDecoder(model: result.model).decodeObjects(of: sample, from: Data(json.utf8))
        let written = String(decoding: try ModelEncoder().encode(objects), as: UTF8.self)
        #expect(written == json)
    }

    @Test("the casing most keys follow is the convention; a key that does not follow it gets a jsonKeyPath")
    func casing() throws {
        let result = try infer(#"{"first_name": "A", "last_name": "B", "userID": 3, "x-rate": 1}"#)
        #expect(result.conventions.keyCasing == .snakeCase)
        #expect(try attribute(result, "Sample", "firstName").userInfo["jsonKeyPath"] == nil)
        #expect(try attribute(result, "Sample", "userId").userInfo["jsonKeyPath"] == "userID")
        #expect(try attribute(result, "Sample", "xRate").userInfo["jsonKeyPath"] == "x-rate")
        // Written also when the keys are the property names, with identities declared entity
        // by entity: the model alone says how its JSON reads, whatever the library's defaults.
        let camel = try infer(#"{"firstName": "A", "lastName": "B", "id": 1}"#)
        #expect(camel.conventions == ModelConventions(keyCasing: .modelNames, identifiesByID: false))
        #expect(try attribute(camel, "Sample", "firstName").userInfo["jsonKeyPath"] == nil)
    }

    @Test("keys that are keywords, reserved, not identifiers or equal after casing get names Swift takes")
    func hostileNames() throws {
        let result = try infer(
            """
            {"class": 1, "self": 2, "description": "d", "Type": 3, "2fa": true, "with space": 4, "dot.key": 5,
             "名前": 6, "a_b": 7, "aB": 8, "": 9}
            """,
            options: ModelInference.Options(rootEntity: "Thing")
        )
        let thing = try #require(result.model.entitiesByName["Thing"])
        for property in thing.properties {
            #expect(
                property.name.first?.isLowercase == true || property.name.first?.isLetter == true,
                "\(property.name)"
            )
            #expect(!["class", "self", "description", "Type"].contains(property.name))
        }
        #expect(thing.attributesByName["thingClass"]?.jsonKeyPath.description == "class")
        #expect(thing.attributesByName["n2fa"]?.jsonKeyPath.description == "2fa")
        #expect(thing.attributesByName["dotKey"]?.jsonKeyPath.components == ["dot.key"])
        #expect(thing.properties.count == 10)
        #expect(result.guesses.contains { $0.guess == "not mapped" && !$0.isSure })
    }

    @Test("deep nesting of one key is one entity; nesting past the decoder's depth is a located error")
    func deepNesting() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"child": "#, count: depth) + #"{"leaf": 1}"# + String(repeating: "}", count: depth)
        }
        let result = try infer(nested(400), options: ModelInference.Options(rootEntity: "Node"))
        #expect(result.model.entities.map(\.name).sorted() == ["Child", "Node"])
        #expect(throws: ModelInferenceError.self) { try infer(nested(600)) }
        do {
            _ = try infer(nested(600))
        } catch let error as ModelInferenceError {
            #expect(error.description.contains("nests deeper than 512 levels"))
        }
    }

    @Test("10,000 distinct keys, mixed arrays and arrays of arrays give a model that loads")
    func hostileShapes() throws {
        let keys = (0..<10_000).map { #""key\#($0)": \#($0)"# }.joined(separator: ",")
        let many = try infer("{\(keys)}")
        #expect(many.model.entitiesByName["Sample"]?.attributes.count == 10_000)
        let mixed = try infer(#"{"m": [1, "x", null, {"a": 1}, [2]], "grid": [[{"a": 1}]], "o": [{"a": 1}, 2]}"#)
        for name in ["m", "grid", "o"] {
            #expect(try attribute(mixed, "Sample", name).attributeType == .undefined, "\(name)")
        }
        #expect(mixed.model.entities.count == 1)
        // Arrays of numbers no [Double] or [Int] holds exactly are kept as the JSON has them.
        let json = #"{"huge": [1e400], "long": [1, 12345678901234567890123], "fine": [1, 2.5]}"#
        let numbers = try infer(json)
        #expect(try attribute(numbers, "Sample", "huge").attributeType == .undefined)
        #expect(try attribute(numbers, "Sample", "long").attributeType == .undefined)
        #expect(try attribute(numbers, "Sample", "fine").attributeType == .transformable)
        var keep = ModelDecoder.Options()
        keep.unknownKeys = .keep
        let sample = try #require(numbers.model.entitiesByName["Sample"])
        let decoded = try ModelDecoder(model: numbers.model, options: keep)
            .decodeObject(of: sample, from: Data(json.utf8))
        #expect(try JSONValue.parse(ModelEncoder().encode(decoded)) == JSONValue.parse(Data(json.utf8)))
    }

    @Test("what is not objects is a clear error naming the sample")
    func notObjects() throws {
        #expect(throws: ModelInferenceError.notObjects(sample: "sample.json", found: "a number")) { try infer("3") }
        #expect(throws: ModelInferenceError.noSamples) { try ModelInference.infer(from: []) }
        var options = ModelInference.Options()
        options.keyPath = JSONKeyPath(key: "data")
        #expect(throws: ModelInferenceError.nothingAtKeyPath(sample: "sample.json", keyPath: "data")) {
            try infer(#"{"items": []}"#, options: options)
        }
        #expect(throws: ModelInferenceError.self) { try infer("{") }
    }

    @Test("the model written loads again equal, and writing it is a fixed point")
    func writtenModelLoads() throws {
        let result = try infer(#"{"id": 1, "items": [{"id": 2, "tags": ["a"]}]}"#)
        let again = try ObjectModel(xml: result.contents, conventions: result.conventions)
        #expect(again.warnings.isEmpty)
        #expect(again.xmlContents() == result.contents)
    }
}
