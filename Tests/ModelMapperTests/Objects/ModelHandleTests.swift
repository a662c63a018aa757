import Foundation
import Testing

@testable import ModelMapper

/// Decoded objects keep their model alive through their decoding run's handle, so that making
/// and freeing them writes no reference count on the model every thread shares (issue 50),
/// and the model lives exactly as long as the last object that needs it.
@Suite("Model handles: objects keep their model alive without counting on it")
struct ModelHandleTests {
    /// Authors with an identity, and their books.
    static let xml = RequiredValueTests.booksXML

    /// A thousand books, each by an author of its own. Computed: a `Data` held in a static
    /// stays until exit, which the leak checker reports.
    static var books: Data {
        Data(
            ("["
                + (0..<1000).map { #"{"title": "Book \#($0)", "author": {"authorID": \#($0)}}"# }.joined(separator: ",")
                + "]")
                .utf8
        )
    }

    @Test("decoding 2,000 objects counts no reference per object on the model")
    func noCountPerObject() throws {
        let model = try ObjectModel(xml: Self.xml)
        let decoder = ModelDecoder(model: model)
        let before = _getRetainCount(model)
        let books = try decoder.decodeObjects(of: "Book", from: Self.books)
        let after = _getRetainCount(model)
        #expect(books.count == 1000)
        // One count for the run's handle, whatever the number of objects (it was one per object).
        #expect(after <= before + 1, "the model's count went from \(before) to \(after) with 2,000 objects")
        let author = try #require(books.last?.value(forKey: "author") as? ModelObject)
        #expect(author.entity.model === model && author.entity.name == "Author")
        #expect(books[0].entity == model.entitiesByName["Book"])
    }

    @Test("decoded objects keep the model alive, and it is freed with the last of them")
    func decodedObjectsKeepTheModel() throws {
        weak var weakModel: ObjectModel?
        var books: [ModelObject] = []
        do {
            let model = try ObjectModel(xml: Self.xml)
            weakModel = model
            books = try ModelDecoder(model: model).decodeObjects(of: "Book", from: Self.books)
        }
        #expect(weakModel != nil, "the objects hold the model")
        do {
            let author = try #require(books[999].value(forKey: "author") as? ModelObject)
            #expect(author.entity.name == "Author" && author.value(forKey: "authorID") as? Int64 == 999)
        }
        books.removeSubrange(1...)
        #expect(weakModel != nil, "one object left holds it")
        books = []
        #expect(weakModel == nil, "freed with the last object")
    }

    @Test("streamed objects keep the model alive, and it is freed with the last of them")
    func streamedObjectsKeepTheModel() async throws {
        weak var weakModel: ObjectModel?
        var books: [ModelObject] = []
        do {
            let model = try ObjectModel(xml: Self.xml)
            weakModel = model
            let chunks = stride(from: 0, to: Self.books.count, by: 4096)
                .map {
                    Self.books[$0..<min($0 + 4096, Self.books.count)]
                }
            for try await book in try ModelDecoder(model: model).objects(of: "Book", from: AsyncChunks(chunks)) {
                books.append(book)
            }
        }
        #expect(books.count == 1000)
        #expect(weakModel != nil)
        #expect(books.allSatisfy { $0.entity.name == "Book" })
        books = []
        #expect(weakModel == nil)
    }

    @Test("an object made by hand keeps the model alive itself")
    func handMadeObjectKeepsTheModel() throws {
        weak var weakModel: ObjectModel?
        var book: ModelObject?
        do {
            let model = try ObjectModel(xml: Self.xml)
            weakModel = model
            book = ModelObject(entity: try model.checkedEntity(named: "Book"))
        }
        #expect(weakModel != nil)
        #expect(book?.entity.name == "Book")
        book = nil
        #expect(weakModel == nil)
    }
}

/// Chunks of a document, as an asynchronous sequence (a request body, a socket).
private struct AsyncChunks: AsyncSequence {
    typealias Element = Data
    let chunks: [Data]

    init(_ chunks: [Data]) { self.chunks = chunks }

    struct AsyncIterator: AsyncIteratorProtocol {
        var rest: ArraySlice<Data>
        mutating func next() async -> Data? { rest.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: chunks[...]) }
}
