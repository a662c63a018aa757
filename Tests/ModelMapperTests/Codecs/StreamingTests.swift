import Foundation
import TestSupport
import Testing

@testable import ModelMapper
import ModelMapperTesting

/// Chunks of a byte array, `size` bytes each, as an asynchronous sequence.
private func chunks(of data: Data, size: Int) -> AsyncStream<[UInt8]> {
    let bytes = [UInt8](data)
    return AsyncStream { continuation in
        var start = 0
        while start < bytes.count {
            continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
            start += size
        }
        continuation.finish()
    }
}

@Suite("Streaming: the elements of a long array, one at a time")
struct StreamingTests {
    @Test(
        "every fixture streams into the same objects as decoding it whole, whatever the chunk size",
        arguments: RoundTripFixture.all
    )
    func fixturesStream(fixture: RoundTripFixture) async throws {
        let (model, _, entity) = try fixture.load()
        let data = try TestPaths.fixture(fixture.file)
        let decoder = ModelDecoder(model: model)
        let whole = try decoder.decodeObjects(of: entity, from: data, at: fixture.keyPath)
        for size in [1, 7, 4096] {
            var streamed: [ModelObject] = []
            for try await object in try decoder.objects(
                of: entity,
                from: chunks(of: data, size: size),
                at: fixture.keyPath,
                uniquesAcrossElements: true
            ) {
                streamed.append(object)
            }
            try #require(streamed.count == whole.count)
            for (left, right) in zip(whole, streamed) { expectEqualGraphs(left, right) }
        }
        // From a file, synchronously.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var fromFile: [ModelObject] = []
        try decoder.forEachObject(of: entity, inFileAt: url, at: fixture.keyPath, uniquesAcrossElements: true) {
            fromFile.append($0)
        }
        try #require(fromFile.count == whole.count)
        for (left, right) in zip(whole, fromFile) { expectEqualGraphs(left, right) }
    }

    /// The error streaming `text` through the Catalog model's Product entity gives.
    private func streamingError(_ text: String, at keyPath: String? = "products", chunkSize: Int = 3) async throws
        -> MappingError?
    {
        let (model, _, entity) = try RoundTripFixture.all[4].load()
        do {
            for try await _ in try ModelDecoder(model: model)
                .objects(of: entity, from: chunks(of: Data(text.utf8), size: chunkSize), at: keyPath)
            {}
            return nil
        } catch let error as MappingError {
            return error
        }
    }

    @Test("malformed JSON around the elements is an error with its line and column")
    func malformedAround() async throws {
        let cases: [(String, String?, Int, Int)] = [
            (#"{"products": [{"sku":"a","name":"A","available":true} x]}"#, "products", 1, 55),
            (#"{"products": [{"sku":"a","name":"A","available":true},]}"#, "products", 1, 55),
            ("{\"products\": [\n{\"sku\":\"a\",\"name\":\"A\",\"available\":true}]\n,}", "products", 3, 2),
            (#"{"meta": [1, 2,], "products": []}"#, "products", 1, 16),
            (#"{"products": []} {}"#, "products", 1, 18),
            (#"{"products": [{"sku":"a","name":"A","available":true}"#, "products", 1, 54),
            (#"[{"sku":"a","name":"A","available":true}"#, nil, 1, 41),
            (#"{"products" [] }"#, "products", 1, 13),
        ]
        for (text, keyPath, line, column) in cases {
            let error = try await streamingError(text, at: keyPath)
            #expect(error?.code == .invalidJSON, "\(text)")
            #expect(
                error?.context.line == line && error?.context.column == column,
                "\(text): \(String(describing: error))"
            )
        }
    }

    @Test("a document broken anywhere: streaming gives the error decoding it whole gives, in the same words")
    func brokenAnywhere() async throws {
        let (model, _, entity) = try RoundTripFixture.all[4].load()
        let text =
            #"{"meta": {"page": 1, "of": 2}, "products": [{"sku":"a","name":"A","available":true}, "#
            + #"{"sku":"b","name":"B","available":false}], "next": null}"#
        let bytes = Array(text.utf8)
        var documents: [[UInt8]] = (0..<bytes.count).map { Array(bytes[..<$0]) }
        for index in bytes.indices {
            for replacement in Array(#":,{}[]"xe "#.utf8) where bytes[index] != replacement {
                var changed = bytes
                changed[index] = replacement
                documents.append(changed)
            }
        }
        // A byte-order mark where a value starts, inside the document: not a mark there.
        for index in [9, 44] {
            var marked = bytes
            marked.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: index)
            documents.append(marked)
        }
        var compared = 0
        for document in documents {
            let whole: MappingError?
            do {
                _ = try ModelDecoder(model: model).decodeObjects(of: entity, from: Data(document), at: "products")
                whole = nil
            } catch {
                whole = error as? MappingError
            }
            let streamed = try await streamingError(String(decoding: document, as: UTF8.self), chunkSize: 5)
            #expect(
                streamed?.description == whole?.description,
                "\(String(decoding: document, as: UTF8.self)): streaming \(String(describing: streamed))"
            )
            compared += whole == nil ? 0 : 1
        }
        #expect(compared > documents.count / 2)
    }

    @Test("an element that does not fit the model is an error with its path, line and column in the document")
    func elementErrors() async throws {
        let text =
            "{\"products\": [\n  {\"sku\":\"a\",\"name\":\"A\",\"available\":true},\n  "
            + "{\"sku\":\"b\",\"name\":\"B\",\"available\":true,\"quantity\":70000},\n  {\"sku\":\"c\",\"name\" "
            + "\"C\"}]}"
        let error = try await streamingError(text)
        #expect(error?.code == .valueOutOfRange)
        #expect(error?.path.description == "$.products[1].quantity")
        let syntax = try await streamingError(text.replacingOccurrences(of: "70000", with: "7"))
        #expect(syntax?.code == .invalidJSON)
        #expect(syntax?.context.line == 4 && syntax?.context.column == 21)
        #expect(syntax?.path.description.hasPrefix("$.products[2]") == true)
        let notObject = try await streamingError(#"{"products": [1]}"#)
        #expect(notObject?.code == .typeMismatch)
        #expect(notObject?.path.description == "$.products[0]")
    }

    @Test("a document without the array at the key path is an error naming the path")
    func missingArray() async throws {
        #expect(try await streamingError(#"{"items": []}"#)?.code == .missingValue)
        #expect(try await streamingError(#"{"products": {}}"#)?.code == .typeMismatch)
        #expect(try await streamingError(#"[]"#)?.code == .typeMismatch)
        #expect(try await streamingError(#"{"a": {"b": 1}, "products": [], "z": [[]]}"#) == nil)
    }

    @Test("the bytes kept stay bounded by the largest element, however long the array")
    func boundedBuffer() throws {
        var stream = JSONArrayStream(keyPath: ["items"], limits: ModelDecoder.Options())
        let element = Data(
            #"{"id": 12345, "name": "a name with \"quotes\" and \\ backslashes", "tags": ["x", "y", {"z": []}]}"#.utf8
        )
        stream.append(Data(#"{"skipped": {"a": [1, 2, 3]}, "items": ["#.utf8))
        var largest = 0
        var found = 0
        for index in 0..<100_000 {
            stream.append(index == 0 ? element : Data(",".utf8) + element)
            while let next = try stream.nextElement(atEnd: false) {
                #expect(next.range.count == element.count)
                found += 1
            }
            largest = max(largest, stream.buffer.count)
        }
        stream.append(Data("], \"after\": true}\n".utf8))
        while try stream.nextElement(atEnd: true) != nil { found += 1 }
        #expect(stream.isFinished)
        #expect(found == 100_000)
        #expect(largest < 200_000)
    }

    @Test("identities unique within an element, and across elements on request")
    func uniquingScope() async throws {
        let (model, _, entity) = try RoundTripFixture.all[4].load()
        let text =
            #"{"products": [{"sku":"a","name":"A","available":true,"tags":[{"label":"x"},{"label":"x"}]},{"sku":"b","name":"B","available":true,"tags":[{"label":"x"}]}]}"#
        for across in [false, true] {
            var products: [ModelObject] = []
            let sequence = try ModelDecoder(model: model)
                .objects(
                    of: entity,
                    from: chunks(of: Data(text.utf8), size: 5),
                    at: "products",
                    uniquesAcrossElements: across
                )
            for try await product in sequence { products.append(product) }
            let tags = products.map { ($0.value(forKey: "tags") as? [ModelObject]) ?? [] }
            #expect(tags[0].count == 1)
            #expect((tags[0][0] === tags[1][0]) == across)
        }
    }

    @Test("encoding to a file handle or an output stream writes what encoding in memory writes, in pieces")
    func streamingEncode() throws {
        let (model, _, entity) = try RoundTripFixture.all[4].load()
        let decoder = ModelDecoder(model: model)
        let data = try TestPaths.fixture("Catalog/catalog.json")
        // Enough distinct objects for several flushes of 64 KiB.
        let many = try (0..<300).flatMap { _ in try decoder.decodeObjects(of: entity, from: data, at: "products") }
        let expected = try ModelEncoder().encode(many, at: "catalog.products")
        #expect(expected.count > 3 * ModelEncoder.flushSize)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("encode-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try ModelEncoder().encode(many.lazy.map { $0 }, to: handle, at: "catalog.products")
        try handle.close()
        #expect(try Data(contentsOf: url) == expected)

        let stream = OutputStream(toMemory: ())
        stream.open()
        try ModelEncoder().encode(many, to: stream, at: "catalog.products")
        stream.close()
        #expect(stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data == expected)

        var sorted = ModelEncoder.Options()
        sorted.outputFormatting = .sortedKeys
        #expect(throws: MappingError.self) {
            try ModelEncoder(options: sorted).encode(many, to: OutputStream(toMemory: ()))
        }
    }
}
