import Foundation
import ModelMapper
import Testing

/// `ModelDecoder.Options.unknownKeys = .reject`: a key no property reads is an error at the
/// key's line and column, naming the key of that object the model reads that it most likely
/// meant; every one of them with `collectsAllErrors`, nested key-path objects included.
@Suite("Decoding: unknown keys rejected, each at its place")
struct RejectedKeysTests {
    static let model: ObjectModel = {
        let xml = """
            <model>
            <entity name="Book">
            <attribute name="title" attributeType="String"/>
            <attribute name="price" optional="YES" attributeType="Double">
            <userInfo><entry key="jsonKeyPath" value="offer.price"/></userInfo>
            </attribute>
            </entity>
            </model>
            """
        do {
            return try ObjectModel(xml: xml, fileName: "Books.xml")
        } catch {
            preconditionFailure("the test model does not load: \(error)")
        }
    }()

    static func decode(_ json: String, options: ModelDecoder.Options) throws -> [ModelObject] {
        let book = try #require(model.entitiesByName["Book"])
        return try ModelDecoder(model: model, options: options).decodeObjects(of: book, from: Data(json.utf8))
    }

    @Test("the first unknown key is the error, at its line and column, with the key meant")
    func firstUnknownKey() throws {
        let json = """
            [{"title": "Emma",
              "titel": "Persuasion"}]
            """
        var options = ModelDecoder.Options()
        options.unknownKeys = .reject
        let error = try #require(throws: MappingError.self) { try Self.decode(json, options: options) }
        guard case .unknownKey(let context) = error else {
            Issue.record("expected unknownKey, got \(error)")
            return
        }
        #expect(context.name == "titel")
        #expect(context.line == 2)
        #expect(context.column == 3)
        #expect(context.entityName == "Book")
        #expect(error.path.description == "$[0].titel")
        #expect(error.recoverySuggestion == "Did you mean 'title'?")
    }

    @Test("with every error collected, each unknown key is reported, in nested key-path objects too")
    func everyUnknownKey() throws {
        let json = #"[{"title": "Emma", "offer": {"price": 3.5, "currency": "EUR"}, "isbn": "x"}]"#
        var options = ModelDecoder.Options()
        options.unknownKeys = .reject
        options.collectsAllErrors = true
        let errors = try #require(throws: MappingErrors.self) { try Self.decode(json, options: options) }
        #expect(errors.errors.map(\.path.description) == ["$[0].offer.currency", "$[0].isbn"])
        #expect(errors.errors.allSatisfy { if case .unknownKey = $0 { true } else { false } })
    }

    @Test("10,000 distinct unknown keys in one object: each reported once, located, the known one read")
    func manyUnknownKeys() throws {
        let members = (0..<10_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ",\n")
        let json = "[{\"title\": \"Emma\",\n\(members)}]"
        var options = ModelDecoder.Options()
        options.unknownKeys = .reject
        options.collectsAllErrors = true
        let errors = try #require(throws: MappingErrors.self) { try Self.decode(json, options: options) }
        #expect(errors.errors.count == 10_000)
        #expect(errors.errors.first?.path.description == "$[0].k0")
        #expect(errors.errors.last?.context.line == 10_001)
        #expect(errors.errors.allSatisfy { $0.context.line != nil && $0.context.column == 1 })
    }

    @Test("a document with only keys the model reads decodes as it does when unknown keys are ignored")
    func knownKeysPass() throws {
        let json = #"[{"title": "Emma", "offer": {"price": 3.5}}]"#
        var options = ModelDecoder.Options()
        options.unknownKeys = .reject
        let books = try Self.decode(json, options: options)
        #expect(books.count == 1)
        #expect(books.first?.value(forKey: "title") as? String == "Emma")
        #expect(books.first?.value(forKey: "price") as? Double == 3.5)
    }
}
