import Foundation
@testable import ModelMapper
import TestModels
import Testing

/// One large top-level array read across threads (issue 50): the one-thread result exactly,
/// objects, order, identities, errors and limits, whatever the pieces meet.
@Suite("A large array read across threads gives the one-thread result")
struct ArrayAcrossThreadsTests {
    /// A document of `authors` authors with three books each, about 600 bytes an author;
    /// `edit` changes an author's JSON text (by its position) before it is joined.
    static func document(authors: Int, edit: (Int, String) -> String = { $1 }) -> Data {
        var elements: [String] = []
        elements.reserveCapacity(authors)
        for author in 0..<authors {
            let books = (0..<3)
                .map { book in
                    let id = author * 3 + book
                    return #"{"book_id": \#(id), "title": "Book \#(id), \"quoted\", [bracketed] {braced}", "#
                        + #""year": \#(1900 + id % 120), "tags": "a,b,c", "rating": \#(Double(id % 50) / 10), "#
                        + #""favorite": \#(id % 2 == 0)}"#
                }
            let text =
                #"{"author_id": \#(author), "firstName": "First \#(author)", "lastName": "Last, \#(author) \\ ok", "#
                + #""born": "19\#(10 + author % 80)-01-02", "books": [\#(books.joined(separator: ", "))]}"#
            elements.append(edit(author, text))
        }
        return Data(("[\n" + elements.joined(separator: ",\n") + "\n]").utf8)
    }

    /// How the pieces after the first are read.
    enum Reading {
        /// On the pool, as the decoder reads them: how many are read apart before the calling
        /// thread reaches them depends on how busy the machine is.
        case pool
        /// On the calling thread, all of them before the first: every piece is read apart.
        case allApartFirst
    }

    /// What decoding `data` gives with `threads` threads: the objects written back (or the
    /// errors), and how many pieces were read apart and taken in.
    static func read(
        _ data: Data,
        threads: Int,
        reading: Reading = .allApartFirst,
        model: ObjectModel? = nil,
        entityName: String = "Author",
        configure: (inout ModelDecoder.Options) -> Void = { _ in }
    ) throws -> (text: String, piecesReadApart: Int, objects: [ModelObject]) {
        var options = ModelDecoder.Options()
        options.maximumThreads = threads
        configure(&options)
        let decoder = ModelDecoder(model: try model ?? AuthorsModelLoader.load(), options: options)
        let entity = try decoder.model.checkedEntity(entityName)
        do {
            let (objects, run) = try decoder.run(data, payload: .keyPath(nil)) { reader, path throws(MappingError) in
                switch reading {
                case .pool:
                    return try reader.readArrayAcrossThreads(entity: entity.index, path: path)
                case .allApartFirst:
                    guard let pieces = reader.pieces(entity: entity.index, path: path) else {
                        return try reader.readArray(entity: entity.index, path: path, strictlyArray: true)
                    }
                    pieces.readAllHere()
                    return try reader.readArray(entity: entity.index, path: path, pieces: pieces)
                }
            }
            return (try ModelEncoder().encodeJSON(objects).jsonText(), run.piecesReadApart, objects)
        } catch let errors as MappingErrors {
            return (errors.errors.map(\.description).joined(separator: "\n"), 0, [])
        } catch {
            return ("\(error)", 0, [])
        }
    }

    @Test("four pieces of distinct authors are read apart and equal the one-thread read")
    func distinctObjects() throws {
        let data = Self.document(authors: 4_000)
        #expect(data.count > 2_000_000)
        let serial = try Self.read(data, threads: 1)
        let parallel = try Self.read(data, threads: 4)
        #expect(serial.piecesReadApart == 0)
        #expect(parallel.piecesReadApart == 3)
        #expect(parallel.objects.count == 4_000)
        #expect(parallel.text == serial.text)
        #expect(try Self.read(data, threads: 4, reading: .pool).text == serial.text)
        // The public entry point takes the same path.
        var options = ModelDecoder.Options()
        options.maximumThreads = 4
        let decoded = try ModelDecoder(model: try AuthorsModelLoader.load(), options: options)
            .decodeObjects(of: "Author", from: data)
        #expect(try ModelEncoder().encodeJSON(decoded).jsonText() == serial.text)
    }

    @Test("an identity repeated in a later piece makes one object, as one thread makes it")
    func repeatedIdentity() throws {
        // The last author lists the first author's first book again, with a new title.
        let data = Self.document(authors: 4_000) { author, text in
            guard author == 3_999 else { return text }
            return text.replacingOccurrences(
                of: #""books": ["#,
                with: #""books": [{"book_id": 0, "title": "Retitled"}, "#
            )
        }
        let serial = try Self.read(data, threads: 1)
        let parallel = try Self.read(data, threads: 4)
        #expect(parallel.text == serial.text)
        #expect(try Self.read(data, threads: 4, reading: .pool).text == serial.text)
        // The piece that met the repeated book was read again by the calling thread.
        #expect(parallel.piecesReadApart == 2)
        // The book moved to the last author (its inverse is a to-one), retitled: one object.
        let first = try #require(parallel.objects.first?.value(forKey: "books") as? [ModelObject])
        let last = try #require(parallel.objects.last?.value(forKey: "books") as? [ModelObject])
        #expect(first.map { $0.value(forKey: "bookID") as? Int64 } == [1, 2])
        #expect(last[0].value(forKey: "bookID") as? Int64 == 0)
        #expect(last[0].value(forKey: "title") as? String == "Retitled")
    }

    /// Orders of a few customers: the customer's inverse `orders` is a to-many, or there is none.
    static func ordersModel(inverse: Bool) throws -> ObjectModel {
        let toCustomer = inverse ? #"inverseName="orders" inverseEntity="Customer""# : ""
        let toOrders =
            inverse
            ? #"<relationship name="orders" optional="YES" toMany="YES" destinationEntity="Order" "#
                + #"inverseName="customer" inverseEntity="Order"/>"#
            : ""
        return try ObjectModel(
            xml: """
                <model>
                  <entity name="Order">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="total" optional="YES" attributeType="Double"/>
                    <relationship name="customer" optional="YES" maxCount="1" destinationEntity="Customer" \(toCustomer)/>
                    <userInfo><entry key="identityAttributes" value="id"/></userInfo>
                  </entity>
                  <entity name="Customer">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="name" optional="YES" attributeType="String"/>
                    \(toOrders)
                    <userInfo><entry key="identityAttributes" value="id"/></userInfo>
                  </entity>
                </model>
                """
        )
    }

    @Test(
        "an array whose nested objects are likely to repeat (many orders of one customer) is read on one thread",
        arguments: [true, false]
    )
    func likelyRepeats(inverse: Bool) throws {
        let orders = (0..<36_000).map { #"{"id": \#($0), "total": 1.5, "customer": {"id": \#($0 % 50), "name": "C"}}"# }
        let data = Data(("[" + orders.joined(separator: ",") + "]").utf8)
        #expect(data.count > 4 * ObjectDecoder.minimumPieceBytes)
        let model = try Self.ordersModel(inverse: inverse)
        let serial = try Self.read(data, threads: 1, model: model, entityName: "Order")
        let parallel = try Self.read(data, threads: 4, model: model, entityName: "Order")
        #expect(parallel.piecesReadApart == 0)
        #expect(parallel.objects.count == 36_000)
        #expect(parallel.text == serial.text)
        // Without one object per identity nothing is taken for a repeat: the pieces are read apart.
        let separate: (inout ModelDecoder.Options) -> Void = { $0.uniquesObjectsByIdentity = false }
        let apart = try Self.read(data, threads: 4, model: model, entityName: "Order", configure: separate)
        let apartSerial = try Self.read(data, threads: 1, model: model, entityName: "Order", configure: separate)
        #expect(apart.piecesReadApart == 3)
        #expect(apart.text == apartSerial.text)
    }

    @Test(
        "errors anywhere are the one-thread errors, first or all of them",
        arguments: [false, true]
    )
    func errors(collectsAll: Bool) throws {
        let data = Self.document(authors: 4_000) { author, text in
            guard author == 2_500 || author == 3_500 else { return text }
            return text.replacingOccurrences(of: #""year": "#, with: #""year": "soon", "old": "#)
        }
        let serial = try Self.read(data, threads: 1) { $0.collectsAllErrors = collectsAll }
        let parallel = try Self.read(data, threads: 4) { $0.collectsAllErrors = collectsAll }
        let pool = try Self.read(data, threads: 4, reading: .pool) { $0.collectsAllErrors = collectsAll }
        #expect(serial.text.contains("$[2500].books[0].year"))
        #expect(serial.text.contains("$[3500]") == collectsAll)
        #expect(parallel.text == serial.text)
        #expect(pool.text == serial.text)
    }

    @Test(
        "malformed text in a later piece is the one-thread error",
        arguments: ["unterminated", "a missing comma", "garbage after"]
    )
    func malformed(damage: String) throws {
        let whole = Self.document(authors: 4_000)
        let data: Data
        switch damage {
        case "unterminated": data = whole.dropLast(3)
        case "a missing comma":
            data = Data(
                String(decoding: whole, as: UTF8.self)
                    .replacingOccurrences(of: "},\n{\"author_id\": 3000,", with: "}\n{\"author_id\": 3000,").utf8
            )
        default: data = whole + Data(" x".utf8)
        }
        #expect(data != whole)
        let serial = try Self.read(data, threads: 1)
        let parallel = try Self.read(data, threads: 4)
        #expect(serial.objects.isEmpty)
        #expect(parallel.text == serial.text)
    }

    @Test("an array over the element limit is refused as one thread refuses it")
    func elementLimit() throws {
        let data = Self.document(authors: 4_000)
        let serial = try Self.read(data, threads: 1) { $0.maximumElementCount = 3_999 }
        let parallel = try Self.read(data, threads: 4) { $0.maximumElementCount = 3_999 }
        #expect(serial.text.contains("maximumElementCount"))
        #expect(parallel.text == serial.text)
    }

    @Test("decodes at once from several threads share the pool and each gets its own result")
    func concurrentDecodes() async throws {
        let data = Self.document(authors: 3_000)
        let expected = try Self.read(data, threads: 1).text
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<4 {
                group.addTask { try Self.read(data, threads: 4, reading: .pool).text }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.count == 4)
        #expect(texts.allSatisfy { $0 == expected })
    }
}
