import Foundation
import ModelMapper
import Testing

/// A to-one relationship the model requires (not optional, not transient) is a value the
/// decoder asks of an object's JSON, as a required attribute is: given as an object, or by its
/// identity (a foreign key), or filled in by the object it is nested in through the inverse.
/// `null` is refused, the graph checks the objects new to it, and the encoder refuses to write
/// an object without it.
/// Hands an object on as it is: enough to send books through a preprocessing transformer.
private final class PassThroughTransformer: ModelMapper.ValueTransformer, @unchecked Sendable {
    override func transformedValue(_ value: Any?) throws -> Any? { value }
}

@Suite("Required to-one relationships")
struct RequiredRelationshipTests {
    static let xml = """
        <model>
          <entity name="Author">
            <attribute name="authorID" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="books" optional="YES" toMany="YES" destinationEntity="Book" inverseName="author" inverseEntity="Book"/>
            <relationship name="favorite" optional="YES" maxCount="1" destinationEntity="Book"/>
            <userInfo><entry key="identityAttributes" value="authorID"/></userInfo>
          </entity>
          <entity name="Book">
            <attribute name="title" attributeType="String"/>
            <relationship name="author" maxCount="1" destinationEntity="Author" inverseName="books" inverseEntity="Author"/>
            <relationship name="editor" optional="YES" maxCount="1" destinationEntity="Author"/>
            <relationship name="draftOf" maxCount="1" transient="YES" destinationEntity="Book"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let book: EntityDescription
    let author: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        book = try model.checkedEntity(named: "Book")
        author = try model.checkedEntity(named: "Author")
    }

    func decodeBook(_ json: String, options: ModelDecoder.Options = .init()) throws -> ModelObject {
        try ModelDecoder(model: model, options: options).decodeObject(of: book, from: Data(json.utf8))
    }

    func error(_ body: () throws -> Void) -> MappingError? {
        do {
            try body()
            return nil
        } catch let error as MappingError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test("a book without its author is refused, naming the relationship and its entity")
    func missingToOne() throws {
        let error = try #require(error { _ = try decodeBook(#"{"title": "Emma"}"#) })
        #expect(error.code == .missingValue)
        #expect(error.path.description == "$.author")
        #expect(error.context.propertyName == "author")
        #expect(error.context.expected == "an object of entity 'Author'")
        #expect(
            error.description
                == "$.author: Book.author: a value (an object of entity 'Author') is required, but the JSON has none"
        )
    }

    @Test("null for a required to-one is refused; for an optional one it is kept")
    func nullToOne() throws {
        let error = try #require(error { _ = try decodeBook(#"{"title": "Emma", "author": null}"#) })
        #expect(error.code == .nullValue)
        #expect(error.path.description == "$.author")
        #expect(error.context.expected == "an object of entity 'Author'")
        let book = try decodeBook(#"{"title": "Emma", "author": {"authorID": 1}, "editor": null}"#)
        #expect(book.valueState(forKey: "editor") == .null)
    }

    @Test("given as an object, or by identity, the author is there")
    func givenToOne() throws {
        let nested = try decodeBook(#"{"title": "Emma", "author": {"authorID": 1, "name": "Austen"}}"#)
        #expect((nested.value(forKey: "author") as? ModelObject)?.value(forKey: "name") as? String == "Austen")
        let byIdentity = try decodeBook(#"{"title": "Emma", "author": 1}"#)
        let reference = try #require(byIdentity.value(forKey: "author") as? ModelObject)
        #expect(reference.isPlaceholder)
    }

    @Test("a book nested in its author's books has its author through the inverse, and needs no key")
    func filledByInverse() throws {
        let json = #"{"authorID": 1, "books": [{"title": "Emma"}, {"title": "Persuasion"}]}"#
        let decoded = try ModelDecoder(model: model).decodeObject(of: author, from: Data(json.utf8))
        let books = try #require(decoded.value(forKey: "books") as? [ModelObject])
        #expect(books.count == 2)
        #expect(books.allSatisfy { $0.value(forKey: "author") as? ModelObject === decoded })
        // Written back, the books leave out the author they are nested in, and read back alike.
        let written = try ModelEncoder().encode(decoded)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"authorID":1,"books":[{"title":"Emma"},{"title":"Persuasion"}]}"#
        )
        _ = try ModelDecoder(model: model).decodeObject(of: author, from: written)
    }

    @Test("a relationship without that inverse fills nothing: a book as an author's favorite needs its author")
    func otherRelationshipFillsNothing() throws {
        let json = #"{"authorID": 1, "favorite": {"title": "Emma"}}"#
        let error = try #require(
            error { _ = try ModelDecoder(model: model).decodeObject(of: author, from: Data(json.utf8)) }
        )
        #expect(error.code == .missingValue)
        #expect(error.path.description == "$.favorite.author")
    }

    @Test("an author listing a book by its identity later in the document gives the book its author")
    func givenByTheInverseList() throws {
        let xml = Self.xml
            .replacingOccurrences(
                of: #"<attribute name="title" attributeType="String"/>"#,
                with:
                    #"<attribute name="bookID" attributeType="Integer 64"/><attribute name="title" attributeType="String"/><userInfo><entry key="identityAttributes" value="bookID"/></userInfo>"#
            )
            .replacingOccurrences(
                of: "</model>",
                with:
                    #"<entity name="Library"><relationship name="books" optional="YES" toMany="YES" destinationEntity="Book"/><relationship name="authors" optional="YES" toMany="YES" destinationEntity="Author"/></entity></model>"#
            )
        let model = try ObjectModel(xml: xml)
        let library = try model.checkedEntity(named: "Library")
        let json = #"""
            {"books": [{"bookID": 1, "title": "Emma"}, {"bookID": 2, "title": "Kim"}],
             "authors": [{"authorID": 7, "books": [1]}]}
            """#
        // Book 2 has no author anywhere in the document: it alone is reported.
        let error = try #require(
            error { _ = try ModelDecoder(model: model).decodeObject(of: library, from: Data(json.utf8)) }
        )
        #expect(error.code == .missingValue && error.path.description == "$.books[1].author")
        let whole = json.replacingOccurrences(of: #""books": [1]"#, with: #""books": [1, 2]"#)
        let decoded = try ModelDecoder(model: model).decodeObject(of: library, from: Data(whole.utf8))
        let books = try #require(decoded.value(forKey: "books") as? [ModelObject])
        #expect(
            books.allSatisfy { ($0.value(forKey: "author") as? ModelObject)?.value(forKey: "authorID") as? Int64 == 7 }
        )
    }

    @Test("with requiresNonOptionalValues off, a book without its author decodes")
    func notRequired() throws {
        var options = ModelDecoder.Options()
        options.requiresNonOptionalValues = false
        let book = try decodeBook(#"{"title": "Emma"}"#, options: options)
        #expect(book.valueState(forKey: "author") == .absent)
    }

    @Test("a transient or optional to-one, and a to-many, are not required")
    func notRequiredKinds() throws {
        let book = try decodeBook(#"{"title": "Emma", "author": 1}"#)
        #expect(book.valueState(forKey: "draftOf") == .absent)
        #expect(book.valueState(forKey: "editor") == .absent)
        let author = try ModelDecoder(model: model).decodeObject(of: author, from: Data(#"{"authorID": 2}"#.utf8))
        #expect(author.valueState(forKey: "books") == .absent)
    }

    @Test("the encoder refuses a book without its author, as the decoder would, and writes it as a draft when asked")
    func encoderRefuses() throws {
        let book = ModelObject(entity: book)
        try book.setValue("Emma", forKey: "title")
        let error = try #require(error { _ = try ModelEncoder().encode(book) })
        #expect(error.code == .missingValue)
        #expect(error.context.propertyName == "author")
        #expect(error.context.expected == "an object of entity 'Author'")
        var options = ModelEncoder.Options()
        options.checksValues = false
        #expect(
            String(decoding: try ModelEncoder(options: options).encode(book), as: UTF8.self) == #"{"title":"Emma"}"#
        )
        #expect(throws: MappingError.self) { try book.validate() }
    }

    @Test("a graph refuses a new book without its author, and takes one whose author is still to come")
    func graphMerges() throws {
        let graph = ObjectGraph(model: model, options: .init(decoding: ModelDecoder.Options()))
        #expect(throws: MappingErrors.self) { try graph.merge(Data(#"[{"title": "Emma"}]"#.utf8), entity: "Book") }
        #expect(graph.objects(of: "Book").isEmpty)
        // The author is not in the graph yet: the reference waits, and counts as given.
        try graph.merge(Data(#"[{"title": "Emma", "author": 7}]"#.utf8), entity: "Book")
        let emma = try #require(graph.objects(of: "Book").first)
        #expect(emma.value(forKey: "author") == nil)
        try graph.merge(Data(#"[{"authorID": 7, "name": "Austen"}]"#.utf8), entity: "Author")
        #expect((emma.value(forKey: "author") as? ModelObject)?.value(forKey: "name") as? String == "Austen")
        // Books nested in their author need no author key.
        try graph.merge(Data(#"[{"authorID": 8, "books": [{"title": "Kim"}]}]"#.utf8), entity: "Author")
        #expect(graph.objects(of: "Book").count == 2)
    }

    @Test("a book read by a reader of its own (a preprocessing transformer, a key read twice) still has its author")
    func filledThroughOtherReaders() throws {
        ModelMapper.ValueTransformer.setValueTransformer(PassThroughTransformer(), forName: "RequiredPassThrough")
        let preprocessed = Self.xml.replacingOccurrences(
            of: #"<attribute name="title" attributeType="String"/>"#,
            with:
                #"<attribute name="title" attributeType="String"/><userInfo><entry key="JSONDictionaryTransformerName" value="RequiredPassThrough"/></userInfo>"#
        )
        let sharedKey = Self.xml
            .replacingOccurrences(
                of: #"inverseName="author" inverseEntity="Book"/>"#,
                with:
                    #"inverseName="author" inverseEntity="Book"><userInfo><entry key="jsonKeyPath" value="shelf.books"/></userInfo></relationship><relationship name="shelf" optional="YES" maxCount="1" destinationEntity="Shelf"/>"#
            )
            .replacingOccurrences(
                of: "</model>",
                with:
                    #"<entity name="Shelf"><attribute name="rawBooks" optional="YES" attributeType="Undefined"><userInfo><entry key="jsonKeyPath" value="books"/></userInfo></attribute></entity></model>"#
            )
        for (xml, json) in [
            (preprocessed, #"{"authorID": 1, "books": [{"title": "Emma"}]}"#),
            (sharedKey, #"{"authorID": 1, "shelf": {"books": [{"title": "Emma"}]}}"#),
        ] {
            let model = try ObjectModel(xml: xml)
            let decoded = try ModelDecoder(model: model)
                .decodeObject(of: model.checkedEntity(named: "Author"), from: Data(json.utf8))
            let books = try #require(decoded.value(forKey: "books") as? [ModelObject])
            #expect(books.count == 1 && books[0].value(forKey: "author") as? ModelObject === decoded)
            // On its own, through the same reader, the book needs its author.
            #expect(throws: MappingError.self) {
                _ = try ModelDecoder(model: model)
                    .decodeObject(of: model.checkedEntity(named: "Book"), from: Data(#"{"title": "Emma"}"#.utf8))
            }
        }
    }
}
