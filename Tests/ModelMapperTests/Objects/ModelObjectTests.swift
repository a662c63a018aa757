import AuthorsKit
import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

@Suite("ModelObject: values, relationships, inverses and ownership")
struct ModelObjectTests {
    let model: ObjectModel
    let authorEntity: EntityDescription
    let bookEntity: EntityDescription
    let pricingEntity: EntityDescription

    init() throws {
        model = try AuthorsModelLoader.load()
        authorEntity = try #require(model.entitiesByName["Author"])
        bookEntity = try #require(model.entitiesByName["Book"])
        pricingEntity = try #require(model.entitiesByName["Pricing"])
    }

    @Test("init(dictionary:entity:) on a subclass returns the subclass, nested objects their classes")
    func subclassFromDictionary() throws {
        let json: [String: Any] = [
            "author_id": 7, "firstName": "Mark", "lastName": "Twain", "born": "1835-11-30",
            "books": [["book_id": 1, "title": "Roughing It", "year": 1872, "pricing": ["currency": "USD"]]],
        ]
        let author = try Author(dictionary: json, entity: authorEntity)
        #expect(type(of: author) == Author.self)
        #expect(author.authorID == 7)
        #expect(author.firstName == "Mark")
        #expect(author.dateOfBirth == (try DateFormat.yearMonthDay.date(from: "1835-11-30")))
        let book = try #require(author.books.first)
        #expect(book.title == "Roughing It")
        #expect(book.year == 1872)
        #expect(book.author === author)
        #expect(book.pricing?.currency == "USD")
        #expect(book.pricing?.book === book)
    }

    @Test("a plain ModelObject works with no subclass at all")
    func plainModelObject() throws {
        let plain = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let entity = try #require(plain.entitiesByName["Book"])
        let book = try ModelObject(dictionary: ["book_id": 3, "title": "Sketches"], entity: entity)
        #expect(type(of: book) == ModelObject.self)
        #expect(book.value(forKey: "bookID") as? Int64 == 3)
        #expect(book.value(forKey: "title") as? String == "Sketches")
        #expect(try book.jsonDictionary()["book_id"] as? Int == 3)
    }

    @Test("typed accessors and value(forKey:) share one storage")
    func typedAccessorsShareStorage() throws {
        let book = Book(entity: bookEntity)
        book.title = "Following the Equator"
        #expect(book.value(forKey: "title") as? String == "Following the Equator")
        try book.setValue(Int16(1897), forKey: "year")
        #expect(book.year == 1897)
        book.tags = ["travel"]
        #expect(book.value(forKey: "tags") as? [String] == ["travel"])
    }

    @Test("new objects start with the model's defaults; unknown keys read as nil")
    func defaults() throws {
        let book = Book(entity: bookEntity)
        #expect(book.favorite == false)
        #expect(book.valueState(forKey: "favorite") == .value)
        #expect(book.valueState(forKey: "title") == .absent)
        let pricing = Pricing(entity: pricingEntity)
        #expect(pricing.currency == "USD")
        #expect(book.value(forKey: "noSuchKey") == nil)
        #expect(book.valueState(forKey: "noSuchKey") == nil)
    }

    @Test("the checked forms throw on a name the model does not have, suggesting the closest")
    func checkedNames() throws {
        let book = Book(entity: bookEntity)
        book.title = "Emma"
        #expect(try book.checkedValue(forKey: "title") as? String == "Emma")
        #expect(try book.checkedValue(forKey: "year") == nil)
        #expect {
            try book.checkedValue(forKey: "titel")
        } throws: { error in
            guard case MappingError.unknownKey(let context) = error else { return false }
            return context.name == "titel" && context.entityName == "Book" && context.detail == "did you mean 'title'?"
        }
        #expect(try model.checkedEntity(named: "Book").name == "Book")
        #expect {
            try model.checkedEntity(named: "Bok")
        } throws: { error in
            guard case MappingError.unknownEntity(let context) = error else { return false }
            return context.name == "Bok" && context.detail == "did you mean 'Book'?"
        }
        let data = Data(#"{"authors": [{"author_id": 7, "firstName": "Jane", "lastName": "Austen"}]}"#.utf8)
        let decoder = ModelDecoder(model: model)
        let authors = try decoder.decodeObjects(of: "Author", from: data, at: "authors")
        #expect(authors.map { $0.value(forKey: "lastName") as? String } == ["Austen"])
        #expect(throws: MappingError.self) {
            try decoder.decodeObjects(of: "Authors", from: data, at: "authors")
        }
        let one = Data(#"{"author_id": 8, "firstName": "Anne", "lastName": "Brontë"}"#.utf8)
        #expect(
            try decoder.decodeObject(of: "Author", from: one).value(forKey: "firstName") as? String == "Anne"
        )
    }

    @Test("absent, null and value are three states")
    func threeStates() throws {
        let book = try Book(dictionary: ["book_id": 1, "title": "T", "rating": NSNull()], entity: bookEntity)
        #expect(book.valueState(forKey: "rating") == .null)
        #expect(book.valueState(forKey: "year") == .absent)
        #expect(book.valueState(forKey: "favorite") == .absent)
        // An absent attribute reads as its default.
        #expect(book.favorite == false)
        try book.setValue(nil, forKey: "year")
        #expect(book.valueState(forKey: "year") == .null)
        try book.removeValue(forKey: "year")
        #expect(book.valueState(forKey: "year") == .absent)
        let dictionary = try book.jsonDictionary()
        #expect(dictionary["rating"] is NSNull)
        #expect(dictionary["year"] == nil)
        #expect(dictionary.keys.sorted() == ["book_id", "rating", "title"])
    }

    @Test("setValue converts exact numbers and rejects what does not fit")
    func setValueConversions() throws {
        let book = Book(entity: bookEntity)
        try book.setValue(1884, forKey: "year")
        #expect(book.value(forKey: "year") as? Int16 == 1884)
        #expect {
            try book.setValue(70000, forKey: "year")
        } throws: { error in
            (error as? MappingError)?.code == .valueOutOfRange && "\(error)".contains("Book.year")
        }
        #expect(throws: MappingError.self) { try book.setValue("1884", forKey: "year") }
        #expect(throws: MappingError.self) { try book.setValue(Double.infinity, forKey: "rating") }
        #expect(throws: MappingError.self) { try book.setValue(1, forKey: "nope") }
        #expect(throws: MappingError.self) { try book.setValue("not an object", forKey: "author") }
    }

    @Test("add(modelObject:forKey:) sets the inverse; remove clears it")
    func addAndRemove() throws {
        let author = Author(entity: authorEntity)
        let book = Book(entity: bookEntity)
        try author.add(modelObject: book, forKey: "books")
        #expect(author.books.map { $0 === book } == [true])
        #expect(book.author === author)
        // Adding twice keeps one.
        try author.add(modelObject: book, forKey: "books")
        #expect(author.books.count == 1)
        try author.remove(modelObject: book, forKey: "books")
        #expect(author.books.isEmpty)
        #expect(book.author == nil)
        #expect(book.valueState(forKey: "author") == .null)
    }

    @Test("add(modelObjects:forKey:) keeps order; moving a book between authors updates both")
    func moveBetweenAuthors() throws {
        let twain = Author(entity: authorEntity)
        let austen = Author(entity: authorEntity)
        let books = (1...3)
            .map { index -> Book in
                let book = Book(entity: bookEntity)
                book.title = "Book \(index)"
                return book
            }
        try twain.add(modelObjects: books, forKey: "books")
        #expect(twain.books.map(\.title) == ["Book 1", "Book 2", "Book 3"])
        // Setting the to-one side moves the book and removes it from its old author.
        try books[1].set(modelObject: austen, forKey: "author")
        #expect(twain.books.map(\.title) == ["Book 1", "Book 3"])
        #expect(austen.books.map(\.title) == ["Book 2"])
        #expect(books[1].author === austen)
    }

    @Test("set(modelObject:forKey:) on a one-to-one keeps both sides paired")
    func oneToOne() throws {
        let first = Book(entity: bookEntity)
        let second = Book(entity: bookEntity)
        let pricing = Pricing(entity: pricingEntity)
        try first.set(modelObject: pricing, forKey: "pricing")
        #expect(pricing.book === first)
        try second.set(modelObject: pricing, forKey: "pricing")
        #expect(pricing.book === second)
        #expect(first.pricing == nil)
        try second.set(modelObject: nil, forKey: "pricing")
        #expect(second.valueState(forKey: "pricing") == .null)
        #expect(pricing.book == nil)
    }

    @Test("unknown relationship names, wrong cardinality and wrong entities are errors")
    func relationshipErrors() throws {
        let author = Author(entity: authorEntity)
        let book = Book(entity: bookEntity)
        do {
            try author.add(modelObject: book, forKey: "novels")
            Issue.record("no error")
        } catch MappingError.unknownRelationship("novels") {
            // The pattern match is the point of this test.
        }
        #expect(throws: MappingError.self) { try author.add(modelObject: book, forKey: "firstName") }
        #expect {
            try author.set(modelObject: book, forKey: "books")
        } throws: { ($0 as? MappingError)?.code == .typeMismatch }
        #expect {
            try author.add(modelObject: Pricing(entity: pricingEntity), forKey: "books")
        } throws: { ($0 as? MappingError)?.code == .wrongEntity }
        #expect("\(MappingError.unknownRelationship("novels"))" == "$: no relationship named 'novels'")
    }

    /// The snippet Modelmatic's users write, as they write it: it must compile and work.
    @Test("code written for Modelmatic compiles: add(modelObject:) with an array, catch with a binding or a literal")
    func modelmaticSnippet() throws {
        let author = Author(entity: authorEntity)
        let books = [Book(entity: bookEntity), Book(entity: bookEntity)]
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }

        do {
            try author.add(modelObject: books, forKey: "books")  // books: [Book]
        } catch MappingError.unknownRelationship(let name) {
            print("Unknown relationship \(name)")
        }
        #expect(printed.isEmpty)
        #expect((author.value(forKey: "books") as? [ModelObject])?.count == 2)
        #expect(books.allSatisfy { ($0.value(forKey: "author") as? ModelObject) === author })

        do {
            try author.add(modelObject: books, forKey: "novels")
        } catch MappingError.unknownRelationship(let name) {
            print("Unknown relationship \(name)")
            // The whole context stays reachable through the binding.
            #expect(name.name == "novels")
            #expect(name.entityName == "Author")
            #expect(name.path == .root)
        }
        #expect(printed == ["Unknown relationship novels"])

        // The literal form matches by name, and only that name.
        var matched = false
        do {
            try author.add(modelObject: books, forKey: "novels")
        } catch MappingError.unknownRelationship("stories") {
            Issue.record("matched another name")
        } catch MappingError.unknownRelationship("novels") {
            matched = true
        }
        #expect(matched)
        // A wrong entity in the array adds nothing.
        #expect(throws: MappingError.self) {
            try author.add(modelObject: [Pricing(entity: pricingEntity)], forKey: "books")
        }
        #expect((author.value(forKey: "books") as? [ModelObject])?.count == 2)
    }

    @Test("every error keeps its context: path, entity, property, expected and found")
    func errorContext() throws {
        let error = MappingError(
            .valueOutOfRange,
            path: JSONPath.root.appending(key: "books").appending(index: 1).appending(key: "year"),
            entityName: "Book",
            propertyName: "year",
            expected: "Integer 16 (-32768...32767)",
            found: "70000"
        )
        guard case .valueOutOfRange(let context) = error else {
            Issue.record("wrong case: \(error)")
            return
        }
        #expect(context.path.description == "$.books[1].year")
        #expect(context.entityName == "Book" && context.propertyName == "year")
        #expect(context.expected == "Integer 16 (-32768...32767)" && context.found == "70000")
        #expect(error.description == "$.books[1].year: Book.year: expected Integer 16 (-32768...32767), found 70000")
        #expect(error.code == .valueOutOfRange)
        #expect(MappingError(.unknownKey("title")).code == .unknownKey("title"))
    }

    @Test("contexts are equal when everything they say is; a pattern matches one by its name alone")
    func contextEquality() {
        let books = JSONPath.root.appending(key: "books")
        let first = MappingError.Context(name: "year", path: books.appending(index: 0), entityName: "Book")
        let second = MappingError.Context(name: "year", path: books.appending(index: 1), entityName: "Book")
        #expect(first != second)
        #expect(first == MappingError.Context(name: "year", path: books.appending(index: 0), entityName: "Book"))
        var found = first
        found.found = "70000"
        #expect(found != first)
        var failed = first
        failed.underlyingError = CocoaError(.coderInvalidValue)
        #expect(failed != first)
        // Patterns still match by name, wherever the error is.
        switch MappingError.unknownKey(second) {
        case .unknownKey("year"): break
        default: Issue.record("a pattern of the name did not match")
        }
        if case .unknownKey("title") = MappingError.unknownKey(second) { Issue.record("another name matched") }
    }

    @Test("a decoded tree is freed when its root is released")
    func ownership() throws {
        weak var weakAuthor: ModelObject?
        weak var weakBook: ModelObject?
        weak var weakPricing: ModelObject?
        do {
            let data = try TestPaths.fixture("Authors/authors-v3.json")
            let authors = try ModelDecoder(model: model).decode([Author].self, from: data, at: "authors")
            weakAuthor = authors[0]
            weakBook = authors[0].books[0]
            weakPricing = authors[0].books[0].pricing
            #expect(weakBook != nil && weakPricing != nil)
        }
        #expect(weakAuthor == nil)
        #expect(weakBook == nil)
        #expect(weakPricing == nil)
    }

    @Test("a child kept alone keeps its own subtree; its back-reference to a freed parent reads nil")
    func childOutlivesParent() throws {
        var book: Book?
        do {
            let author = try Author(
                dictionary: [
                    "author_id": 1, "lastName": "T",
                    "books": [["book_id": 2, "title": "B", "pricing": ["currency": "EUR"]]],
                ],
                entity: authorEntity
            )
            book = author.books.first
            #expect(book?.author === author)
        }
        #expect(book?.author == nil)
        #expect(book?.pricing?.currency == "EUR")
    }

    @Test("objects linked both ways by hand do not keep each other alive")
    func noCycleFromDirectLinks() throws {
        weak var weakAuthor: Author?
        weak var weakBook: Book?
        do {
            let author = Author(entity: authorEntity)
            let book = Book(entity: bookEntity)
            try author.add(modelObject: book, forKey: "books")
            try book.set(modelObject: author, forKey: "author")
            weakAuthor = author
            weakBook = book
            #expect(author.books.first === book && book.author === author)
        }
        #expect(weakAuthor == nil)
        #expect(weakBook == nil)
    }

    @Test("the [String: Any] path maps as the same JSON text does, both ways, without a JSONValue tree")
    func foundationValuesBothWays() throws {
        let text = #"""
            {"author_id": 9, "firstName": "Ann", "lastName": "Lee", "born": "1901-02-03",
             "books": [{"book_id": 5, "title": "A \"quoted\" é title", "year": 1930, "rating": 4.25, "favorite": true,
                        "tags": "a,b", "pricing": {"retail_price": 12.50, "currency": "EUR", "list_price": 0.1}},
                       {"book_id": 6, "title": "Second", "pricing": null}]}
            """#
        let data = Data(text.utf8)
        let foundation = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let fromDictionary = try Author(dictionary: foundation, entity: authorEntity)
        let fromText = try ModelDecoder(model: model).decode(Author.self, from: data)
        var canonical = ModelEncoder.Options()
        canonical.layout = .canonical
        let encodedFromDictionary = try ModelEncoder(options: canonical).encode(fromDictionary)
        let encodedFromText = try ModelEncoder(options: canonical).encode(fromText)
        #expect(try JSONValue.parse(encodedFromDictionary) == JSONValue.parse(encodedFromText))
        // Back to Foundation values: what JSONSerialization reads from the encoder's own output.
        let representation = try fromText.jsonDictionary()
        let expected = try #require(
            try JSONSerialization.jsonObject(with: ModelEncoder().encode(fromText)) as? [String: Any]
        )
        #expect(NSDictionary(dictionary: representation).isEqual(to: expected))
        #expect(representation["author_id"] as? Int == 9)
        #expect(
            ((representation["books"] as? [Any])?.first as? [String: Any])?["title"] as? String
                == #"A "quoted" é title"#
        )
    }

    @Test("Foundation values that JSON cannot hold, or nested too deep, are errors with their path, never a crash")
    func foundationValuesRejected() throws {
        #expect {
            _ = try Author(
                dictionary: ["author_id": 1, "lastName": "L", "books": [["book_id": 2, "title": Date()]]],
                entity: authorEntity
            )
        } throws: { error in
            (error as? MappingError)?.path.description == "$.books[0].title"
                && (error as? MappingError)?.code == .notRepresentable
        }
        #expect(throws: MappingError.self) {
            _ = try Author(
                dictionary: ["author_id": 1, "lastName": "L", "firstName": Double.nan],
                entity: authorEntity
            )
        }
        // Built in code, far deeper than any parser would allow: refused at the limit, walked
        // without recursion.
        var deep: Any = []
        for _ in 0..<20_000 { deep = [deep] }
        #expect {
            _ = try Author(dictionary: ["author_id": 1, "lastName": "L", "books": deep], entity: authorEntity)
        } throws: { error in
            (error as? MappingError)?.code == .notRepresentable && "\(error)".contains("nested more than 512 deep")
        }
    }

    @Test("jsonDictionary() is nested, JSON-ready and skips the inverse")
    func dictionaryRepresentation() throws {
        let author = try Author(
            dictionary: ["author_id": 1, "lastName": "Twain", "books": [["book_id": 2, "title": "B"]]],
            entity: authorEntity
        )
        let dictionary = try author.jsonDictionary()
        let books = try #require(dictionary["books"] as? [[String: Any]])
        #expect(books.first?["title"] as? String == "B")
        #expect(books.first?["author"] == nil)
        #expect(JSONSerialization.isValidJSONObject(dictionary))
    }
}

class MediaItemObject: ModelObject {
    override class var entityName: String { "MediaItem" }
}

final class MovieObject: MediaItemObject {
    override class var entityName: String { "Movie" }
}

final class PersonObject: ModelObject {
    override class var entityName: String { "Person" }
}

@Suite("Classes bound to entities")
struct ClassBindingTests {
    @Test("a subentity with its own class gets it; one without uses its superentity's")
    func subentityClasses() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
            .binding([MediaItemObject.self, MovieObject.self, PersonObject.self])
        let person = try ModelDecoder(model: model)
            .decode(
                PersonObject.self,
                from: Data(
                    """
                    {"name": "P", "works": [
                      {"kind": "movie", "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "M"},
                      {"kind": "album", "id": "7F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "A"}]}
                    """
                    .utf8
                )
            )
        let works = try #require(person.value(forKey: "works") as? [ModelObject])
        #expect(type(of: works[0]) == MovieObject.self)
        #expect(type(of: works[1]) == MediaItemObject.self)
        #expect(works[1].entity.name == "Album")
        #expect(model.objectClass(for: try #require(model.entitiesByName["Genre"])) == ModelObject.self)
    }

    @Test("binding a class to an entity the model lacks is an error, unless asked to ignore it")
    func unknownEntity() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"), version: "Authors")
        let error = #expect(throws: ModelLoadingError.self) { try model.binding([Pricing.self]) }
        #expect(
            error?.description.contains("class 'Pricing' names entity 'Pricing', which the model does not have") == true
        )
        let lenient = try model.binding([Pricing.self, Author.self], ignoringUnknownEntities: true)
        #expect(lenient.objectClass(for: try #require(lenient.entitiesByName["Author"])) == Author.self)
    }

    @Test("decoding as a class not bound to the model says how to fix it")
    func unboundClass() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decode(Author.self, from: Data(#"{"author_id": 1, "lastName": "T"}"#.utf8))
        }
        #expect(error?.code == .wrongEntity)
        #expect(error?.found?.contains("bind Author to the model") == true)
    }
}
