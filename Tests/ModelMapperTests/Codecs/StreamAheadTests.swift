import Foundation
import TestModels
import TestSupport
import Testing

@testable import ModelMapper

/// The streaming decoder decoding elements ahead on the pool while it reads on (issue 50):
/// the objects, errors and their order of one thread, and nothing delivered later.
@Suite("A stream decoded ahead gives what one thread gives")
struct StreamAheadTests {
    /// Everything streaming `data` in chunks of `chunkSize` gives, in order: each object
    /// written back, or each error, going on after errors as a caller may (at most `limit`).
    static func outcomes(
        _ data: Data,
        model: ObjectModel,
        entity: some EntitySpecifier,
        at keyPath: [String],
        threads: Int,
        batchBytes: Int = 1,
        chunkSize: Int,
        limit: Int = 10_000
    ) throws -> [String] {
        var options = ModelDecoder.Options()
        options.maximumThreads = threads
        var decoding = ObjectStreamDecoding(
            model: model,
            options: options,
            entity: try model.checkedEntity(entity).index,
            keyPath: keyPath,
            uniquesAcrossElements: false,
            batchBytes: batchBytes
        )
        let bytes = [UInt8](data)
        var outcomes: [String] = []
        var start = 0
        while outcomes.count < limit {
            let atEnd = start >= bytes.count
            if !atEnd {
                decoding.append(bytes[start..<min(start + chunkSize, bytes.count)])
                start += chunkSize
            }
            while outcomes.count < limit {
                do {
                    guard let object = try decoding.next(atEnd: atEnd) else { break }
                    outcomes.append(try ModelEncoder().encodeJSON([object]).jsonText())
                } catch {
                    outcomes.append("error: \(error)")
                }
            }
            if atEnd { break }
        }
        return outcomes
    }

    /// ``outcomes(_:model:entity:at:threads:batchBytes:chunkSize:limit:)`` for a top-level
    /// array of authors.
    static func authorOutcomes(
        _ data: Data,
        threads: Int,
        batchBytes: Int = 1,
        chunkSize: Int,
        limit: Int = 10_000
    ) throws -> [String] {
        try outcomes(
            data,
            model: AuthorsModelLoader.load(),
            entity: "Author",
            at: [],
            threads: threads,
            batchBytes: batchBytes,
            chunkSize: chunkSize,
            limit: limit
        )
    }

    @Test("the Authors array streams ahead into the one-thread objects, whatever the chunk and batch sizes")
    func authors() throws {
        let data = ArrayAcrossThreadsTests.document(authors: 300)
        let serial = try Self.authorOutcomes(data, threads: 1, chunkSize: 4096)
        #expect(serial.count == 300)
        #expect(!serial.contains { $0.hasPrefix("error") })
        for (chunkSize, batchBytes) in [(1, 1), (97, 700), (4096, 1), (4096, 5_000), (1 << 16, 16 << 10)] {
            let ahead = try Self.authorOutcomes(data, threads: 4, batchBytes: batchBytes, chunkSize: chunkSize)
            #expect(ahead == serial, "chunks of \(chunkSize), batches of \(batchBytes)")
        }
    }

    @Test("every fixture streams ahead into its one-thread objects")
    func fixtures() throws {
        for fixture in RoundTripFixture.all {
            let (model, _, entity) = try fixture.load()
            let data = try TestPaths.fixture(fixture.file)
            let keyPath = try fixture.keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
            let serial = try Self.outcomes(data, model: model, entity: entity, at: keyPath, threads: 1, chunkSize: 64)
            let ahead = try Self.outcomes(data, model: model, entity: entity, at: keyPath, threads: 3, chunkSize: 64)
            #expect(ahead == serial, "\(fixture.file)")
        }
    }

    @Test("errors in elements, elements that are not objects and malformed JSON come in one-thread order")
    func errorsInOrder() throws {
        let text = String(decoding: ArrayAcrossThreadsTests.document(authors: 40), as: UTF8.self)
        // Each edit breaks the document in one way; the streams go on after each error.
        let edits: [(String, String)] = [
            (#""author_id": 7,"#, #""author_id": "seven","#),
            (#""year": 1930"#, #""year": 99999999999999999999"#),
            ("},\n{\"author_id\": 12,", "}, 12, null, [], \"x\",\n{\"author_id\": 12,"),
            ("},\n{\"author_id\": 20,", "} x\n{\"author_id\": 20,"),
            ("},\n{\"author_id\": 30,", "},,\n{\"author_id\": 30,"),
            ("\n]", ",\n]"),
            ("\n]", "\n"),
        ]
        var documents = edits.map { text.replacingOccurrences(of: $0.0, with: $0.1) }
        documents.append(edits.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) })
        for document in documents {
            let data = Data(document.utf8)
            for chunkSize in [5, 1000] {
                let serial = try Self.authorOutcomes(data, threads: 1, chunkSize: chunkSize, limit: 200)
                #expect(serial.contains { $0.hasPrefix("error") })
                let ahead = try Self.authorOutcomes(
                    data,
                    threads: 4,
                    batchBytes: 2000,
                    chunkSize: chunkSize,
                    limit: 200
                )
                #expect(ahead == serial, "\(chunkSize): \(serial.filter { $0.hasPrefix("error") })")
            }
        }
    }

    @Test("every element whose bytes have arrived is delivered before the stream asks for more")
    func nothingLater() throws {
        var options = ModelDecoder.Options()
        options.maximumThreads = 4
        let model = try AuthorsModelLoader.load()
        var decoding = ObjectStreamDecoding(
            model: model,
            options: options,
            entity: try model.checkedEntity("Author").index,
            keyPath: ["authors"],
            uniquesAcrossElements: false,
            batchBytes: 1
        )
        let element = #"{"author_id": 1, "firstName": "A", "lastName": "B", "books": []}"#
        decoding.append(Array(#"{"authors": ["#.utf8) + Array(repeating: element + ",", count: 5).joined().utf8)
        decoding.append(Array(#"{"author_id": 2, "first"#.utf8))
        var delivered = 0
        while try decoding.next(atEnd: false) != nil { delivered += 1 }
        #expect(delivered == 5)
        decoding.append(Array(#"Name": "C", "lastName": "D"}]}"#.utf8))
        let last = try #require(try decoding.next(atEnd: false))
        #expect(last.value(forKey: "firstName") as? String == "C")
        #expect(try decoding.next(atEnd: true) == nil)
    }

    @Test("the public streaming entry points decode ahead by default and give the one-thread objects")
    func publicEntryPoints() async throws {
        let model = try AuthorsModelLoader.load()
        let data = ArrayAcrossThreadsTests.document(authors: 2_000)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ahead-\(UUID().uuidString).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var serialOptions = ModelDecoder.Options()
        serialOptions.maximumThreads = 1
        var serial: [String] = []
        try ModelDecoder(model: model, options: serialOptions)
            .forEachObject(of: "Author", inFileAt: url) {
                serial.append(try ModelEncoder().encodeJSON([$0]).jsonText())
            }
        var aheadOptions = ModelDecoder.Options()
        aheadOptions.maximumThreads = 4
        let decoder = ModelDecoder(model: model, options: aheadOptions)
        var fromFile: [String] = []
        try decoder.forEachObject(of: "Author", inFileAt: url) {
            fromFile.append(try ModelEncoder().encodeJSON([$0]).jsonText())
        }
        var fromSequence: [String] = []
        for try await object in try decoder.objects(of: "Author", inFileAt: url) {
            fromSequence.append(try ModelEncoder().encodeJSON([object]).jsonText())
        }
        #expect(serial.count == 2_000)
        #expect(fromFile == serial)
        #expect(fromSequence == serial)
        // Any thread count is allowed, the largest too.
        aheadOptions.maximumThreads = .max
        var fromMost: [String] = []
        try ModelDecoder(model: model, options: aheadOptions)
            .forEachObject(of: "Author", inFileAt: url) {
                fromMost.append(try ModelEncoder().encodeJSON([$0]).jsonText())
            }
        #expect(fromMost == serial)
    }
}
