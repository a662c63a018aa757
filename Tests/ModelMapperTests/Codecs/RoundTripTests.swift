import AuthorsKit
import Foundation
import ModelMapper
import ModelMapperTesting
import TestModels
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
        RoundTripFixture(
            model: "Authors",
            version: "Authors",
            file: "Authors/authors-v1.json",
            keyPath: "authors",
            entity: "Author"
        ),
        RoundTripFixture(
            model: "Authors",
            version: "Authors 2",
            file: "Authors/authors-v2.json",
            keyPath: "authors",
            entity: "Author"
        ),
        RoundTripFixture(
            model: "Authors",
            version: "Authors 3",
            file: "Authors/authors-v3.json",
            keyPath: "authors",
            entity: "Author"
        ),
        RoundTripFixture(model: "Media", version: nil, file: "Media/media.json", keyPath: nil, entity: "Person"),
        RoundTripFixture(
            model: "Catalog",
            version: nil,
            file: "Catalog/catalog.json",
            keyPath: "products",
            entity: "Product"
        ),
    ]

    func load() throws -> (ObjectModel, JSONValue, EntityDescription) {
        let url = TestPaths.model(model)
        let objectModel =
            model == "Authors" ? try AuthorsModelLoader.load(version: version) : try ObjectModel(contentsOf: url)
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
    @Test(
        "decode then encode gives the same JSON (numbers by value, keys in any order)",
        arguments: RoundTripFixture.all
    )
    func jsonRoundTrip(fixture: RoundTripFixture) throws {
        let (model, _, _) = try fixture.load()
        let roundTrip = RoundTrip(
            model: model,
            entity: fixture.entity,
            at: fixture.keyPath,
            normalizations: [.numbersByValue, .keyOrderIgnored],
            decoderOptions: ModelDecoder.Options()
        )
        let differences = try roundTrip.differences(decoding: TestPaths.fixture(fixture.file))
        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
    }

    @Test(
        "with the source kept, decode then encode gives the same tokens in the same order",
        arguments: RoundTripFixture.all
    )
    func tokenRoundTrip(fixture: RoundTripFixture) throws {
        let (model, _, _) = try fixture.load()
        expectRoundTrip(
            of: TestPaths.fixtures.appendingPathComponent(fixture.file),
            through: model,
            entity: fixture.entity,
            at: fixture.keyPath,
            keepingSourceSpellings: true
        )
    }

    @Test("with the app's options, the round trip reports each value the app would write otherwise")
    func appRoundTrip() throws {
        let catalog = try #require(RoundTripFixture.all.first { $0.file.hasPrefix("Catalog/") })
        let (model, _, _) = try catalog.load()
        let roundTrip = RoundTrip(model: model, entity: catalog.entity, at: catalog.keyPath)
        let differences = try roundTrip.differences(decoding: TestPaths.fixture(catalog.file))
        // What an app decoding and encoding with the default options sends back: a Decimal's
        // trailing zero and the whole Doubles' spellings, and the keys the model does not read.
        #expect(
            differences.map(\.description) == [
                "$.products[0].price.amount: expected 49.90, found 49.9",
                "$.products[0].dimensions.width: expected 20, found 20.0",
                "$.products[0].dimensions.depth: expected 20, found 20.0",
            ]
        )
        // Key order is never a difference.
        #expect(!differences.contains { if case .keyOrder = $0.kind { true } else { false } })
    }

    @Test("the source kept: key order, number spellings, numeric strings, unknown and null members come back")
    func faithfulTokens() throws {
        let (model, _, entity) = try RoundTripFixture.all[4].load()
        let text = """
            {"quantity":"12","sku":"A-1","mystery":{"z":1,"a":[1.50,2E+2]},"price":{"note":"sale","currency":"EUR","amount":49.90},\
            "name":"Lamp","weight":1e3,"views":-0,"available":"YES","released_at":"2024-03-01T09:30:00.000Z",\
            "id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","serial":1.0,"origin":{"zip":"69001","city":"Lyon"},\
            "dimensions":{"unit":"cm","width":20,"extra":true,"height":4.50},"tags":[{"label":"home","x":[]}]}
            """
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let product = try ModelDecoder(model: model, options: options).decodeObject(of: entity, from: Data(text.utf8))
        let expected = try JSONValue.parse(Data(text.utf8)).jsonText()
        let found = try JSONValue.parse(ModelEncoder().encode(product)).jsonText()
        #expect(found == expected)
        #expect(product.unknownJSON?.keys == ["mystery", "price"])
        #expect(product.unknownJSON?["price"] == ["note": "sale"])

        // A value changed is written the encoder's way; one set back to what was read, as read.
        try product.setValue(Int16(13), forKey: "quantity")
        try product.setValue(2000.0, forKey: "weight")
        let changed = try ModelEncoder().encodeJSON(product)
        #expect(changed.jsonText().hasPrefix(#"{"quantity":13,"sku":"A-1""#))
        #expect(changed["weight"] == .number("2000.0"))
        try product.setValue(Int16(12), forKey: "quantity")
        #expect(try ModelEncoder().encodeJSON(product)["quantity"] == "12")

        // Canonical output: model order, the encoder's spellings, unknown members first.
        var canonical = ModelEncoder.Options()
        canonical.layout = .canonical
        let plain = try ModelEncoder(options: canonical).encodeJSON(product)
        #expect(plain.jsonText().hasPrefix(#"{"mystery":{"z":1,"a":[1.50,2E+2]},"available":true,"#))
        #expect(plain["quantity"] == .number("12"))
        #expect(plain["serial"] == .number("1"))
        #expect(plain["price"] == ["note": "sale", "currency": "EUR", "amount": .number("49.9")])
    }

    @Test("the source kept: the owner's flattened keys keep their place inside the related object")
    func faithfulOwnerKeys() throws {
        let (model, _, entity) = try RoundTripFixture.all[2].load()
        let text = """
            {"lastName":"Woolf","author_id":9,"books":[{"title":"Orlando","book_id":901,\
            "pricing":{"tax":{"rate":0.20},"currency":"GBP","retail_price":11.50}}]}
            """
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let author = try ModelDecoder(model: model, options: options).decodeObject(of: entity, from: Data(text.utf8))
        let expected = try JSONValue.parse(Data(text.utf8)).jsonText()
        #expect(try JSONValue.parse(ModelEncoder().encode(author)).jsonText() == expected)
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
            expectEqualGraphs(left, right)
        }
    }

    @Test("the graph comparison sees a changed value, state or relationship, and says where")
    func comparisonDetectsDifferences() throws {
        let (model, json, entity) = try RoundTripFixture.all[2].load()
        let decoder = ModelDecoder(model: model)
        func decode() throws -> ModelObject { try decoder.decodeObjects(of: entity, from: json, at: "authors")[0] }
        func differences(_ found: ModelObject) throws -> [String] {
            GraphComparison.differences(expected: try decode(), found: found).map(\.description)
        }
        #expect(try differences(try decode()).isEmpty)

        let renamed = try decode()
        let book = try #require((renamed.value(forKey: "books") as? [ModelObject])?.first)
        try book.setValue("Tom", forKey: "title")
        #expect(
            try differences(renamed) == [#"$.books[0].title: expected "The Adventures of Tom Sawyer", found "Tom""#]
        )

        let nulled = try decode()
        try nulled.setValue(nil, forKey: "firstName")
        #expect(try differences(nulled) == [#"$.firstName: expected "Mark", found null"#])

        let fewer = try decode()
        try fewer.remove(
            modelObject: try #require((fewer.value(forKey: "books") as? [ModelObject])?.last),
            forKey: "books"
        )
        #expect(try differences(fewer) == ["$.books: expected 3 objects, found 2 objects"])
    }

    @Test("with unknown keys kept, any extra JSON survives the round trip unchanged")
    func unknownKeysSurvive() throws {
        let fixture = RoundTripFixture.all[2]
        let (model, _, entity) = try fixture.load()
        let json: JSONValue = [
            "author_id": 9, "lastName": "Woolf", "nickname": "Ginny", "meta": ["source": "api", "seen": [1, 2]],
            "books": [
                [
                    "book_id": 901, "title": "Orlando", "isbn": "978-0156701600",
                    "pricing": ["retail_price": 11, "currency": "GBP", "tax": ["rate": 0.2]],
                ]
            ],
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

    @Test("a repeated key writes its last value; Base64 holding '/' escapes it like any string; both are fixed points")
    func repeatedKeysAndBase64Slashes() throws {
        // Found by fuzzing (Fuzz/Regressions/decoder/repeated-key-and-base64-slash-fixed-point):
        // the spelling of a repeated key's first value was taken for its last, and Base64 was
        // written with a bare '/', so that a second round trip changed the text.
        let model = try ObjectModel(contentsOf: TestPaths.model("Catalog"))
        let entity = try #require(model.entitiesByName["Product"])
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        let decoder = ModelDecoder(model: model, options: options)
        let cases = [
            (#"{"sku":"A","name":"n","thumbnail":"iVBO/w0KGoo="}"#, #""thumbnail":"iVBO\/w0KGoo=""#),
            (
                #"{"sku":"A","name":"n","thumbnail":"iVBO/w0KGoo=","thumbnail":"iVBO/w0KGgo="}"#,
                #""thumbnail":"iVBO\/w0KGgo=""#
            ),
            (
                #"{"sku":"A","name":"n","thumbnail":"iVBO/w0KGgo=","thumbnail":"iVBO/w0KGoo="}"#,
                #""thumbnail":"iVBO\/w0KGoo=""#
            ),
        ]
        for (input, member) in cases {
            let written = try ModelEncoder().encode(decoder.decodeObject(of: entity, from: Data(input.utf8)))
            let text = String(decoding: written, as: UTF8.self)
            #expect(text.contains(member), "\(input) -> \(text)")
            let again = try ModelEncoder().encode(decoder.decodeObject(of: entity, from: written))
            #expect(again == written, "\(text) -> \(String(decoding: again, as: UTF8.self))")
        }
        // Without escaping, Base64 keeps its slashes as every string does.
        let product = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(cases[0].0.utf8))
        let bare = try ModelEncoder(options: .init(outputFormatting: .withoutEscapingSlashes)).encode(product)
        #expect(String(decoding: bare, as: UTF8.self).contains(#""thumbnail":"iVBO/w0KGoo=""#))
    }

    @Test(
        "an object given only by its type key is written in full; a reference to a polymorphic object keeps its type key"
    )
    func typeKeysInReferences() throws {
        // Found by fuzzing (Fuzz/Regressions/decoder/type-key-only-object-and-polymorphic-reference):
        // `{"kind": "movie"}` was taken for a reference and written `{}`, and a reference to a
        // movie was written without its kind; neither decoded again.
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
        let person = try #require(model.entitiesByName["Person"])
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        options.requiresNonOptionalValues = false
        let decoder = ModelDecoder(model: model, options: options)
        let id = "6F9609FF-8B86-D011-B42D-00C04FC964FF"
        let cases = [
            (#"[{"name":"A","works":[{"kind":"movie"}]}]"#, #"{"kind":"movie"}"#),
            (
                #"[{"name":"A","works":[{"kind":"movie","id":"\#(id)","title":"t"}]},{"name":"B","works":[{"kind":"movie","id":"\#(id)"}]}]"#,
                #"{"kind":"movie","id":"\#(id)"}"#
            ),
        ]
        // Drafts both ways: decoded without required values, written without them.
        var drafts = ModelEncoder.Options()
        drafts.checksValues = false
        let encoder = ModelEncoder(options: drafts)
        for (input, expected) in cases {
            let written = try encoder.encode(decoder.decodeObjects(of: person, from: Data(input.utf8)))
            let text = String(decoding: written, as: UTF8.self)
            #expect(text.contains(expected), "\(input) -> \(text)")
            let again = try encoder.encode(decoder.decodeObjects(of: person, from: written))
            #expect(again == written, "\(text) -> \(String(decoding: again, as: UTF8.self))")
        }
    }
}
