import Foundation
@_spi(Engine) import ModelMapperSchema
import TestModels
import Testing

@testable import ModelMapper

/// A large array prepared for a graph, or read partially, across threads (issue 50): the
/// pieces note what the JSON gave each object and collect warnings as the calling thread's run
/// does, so the merge, its errors and its warnings are the one-thread ones.
@Suite("A graph's merge and a partial read prepared across threads")
struct GraphPiecesTests {
    /// Authors where `errors` have a year that is not a number and `conflicts` list their
    /// first book twice, with two titles (a warning).
    static func document(errors: Set<Int> = [], conflicts: Set<Int> = []) -> Data {
        ArrayAcrossThreadsTests.document(authors: 4_000) { author, text in
            var text = text
            if errors.contains(author) {
                text = text.replacingOccurrences(of: #""year": "#, with: #""year": "soon", "old": "#)
            }
            if conflicts.contains(author) {
                let id = author * 3
                text = text.replacingOccurrences(
                    of: #""books": ["#,
                    with: #""books": [{"book_id": \#(id), "title": "Another title"}, "#
                )
            }
            return text
        }
    }

    /// What reading `data` element by element gives, every piece read apart first: the
    /// objects kept, the positions left out, the errors, the warnings, and what the JSON gave
    /// each object kept (for a graph); and how many pieces were taken in.
    static func partial(_ data: Data, threads: Int, forGraph: Bool) throws -> (text: String, pieces: Int) {
        var options = ModelDecoder.Options()
        options.maximumThreads = threads
        let decoder = ModelDecoder(model: try AuthorsModelLoader.load(), options: options)
        let entity = try decoder.model.checkedEntity("Author").index
        let (batch, run) = try decoder.run(data, payload: .keyPath(nil), errors: .collecting(forGraph: forGraph)) {
            reader,
            path throws(MappingError) in
            reader.scanner.skipWhitespace()
            let pieces = reader.pieces(entity: entity, path: path)
            pieces?.readAllHere()
            return try reader.readArrayLeavingOutErrors(entity: entity, path: path, pieces: pieces)
        }
        let given = batch.objects.map { object -> String in
            guard let values = run.givenValues[object] else { return "-" }
            return "\(Array(values.slots)) \(values.isGivenAsObject) \(values.insert?.missingSlots ?? [-1])"
        }
        let text = [
            try ModelEncoder().encodeJSON(batch.objects).jsonText(),
            "left out \(batch.leftOut), behind \(batch.leftBehind.count)",
            run.errors.map { $0.description }.joined(separator: "\n"),
            run.warnings.map { $0.description }.joined(separator: "\n"),
            "given \(run.givenValues.count): " + given.joined(separator: "; "),
        ]
        return (text.joined(separator: "\n"), run.piecesReadApart)
    }

    @Test(
        "pieces read apart note what a graph needs, and the notes are the one-thread notes",
        arguments: [true, false]
    )
    func notes(forGraph: Bool) throws {
        let data = Self.document(errors: [2_500, 3_500], conflicts: [1_200, 3_100])
        let serial = try Self.partial(data, threads: 1, forGraph: forGraph)
        let parallel = try Self.partial(data, threads: 4, forGraph: forGraph)
        #expect(serial.pieces == 0)
        #expect(parallel.pieces >= 1)
        #expect(serial.text.contains("left out [2500, 3500]"))
        #expect(serial.text.contains("$[1200].books[1].title"))
        #expect(parallel.text == serial.text)
    }

    /// The graph after merging `data` with `threads` threads, and what the merge said.
    static func merged(_ data: Data, threads: Int, partially: Bool) throws -> String {
        let model = try AuthorsModelLoader.load()
        var options = ObjectGraph.Options()
        options.decoding.maximumThreads = threads
        let graph = ObjectGraph(model: model, options: options)
        let result: ObjectGraph.MergeResult
        do {
            result =
                partially
                ? try graph.mergePartially(data, entity: "Author") : try graph.merge(data, entity: "Author")
        } catch {
            return "\(error)"
        }
        return [
            try ModelEncoder().encodeJSON(graph.objects(of: "Author")).jsonText(),
            try ModelEncoder().encodeJSON(result.objects).jsonText(),
            "\(result.leftOut) \(result.errors.map(\.description)) \(result.warnings.map(\.description))",
        ]
        .joined(separator: "\n")
    }

    @Test("merging a large array into a graph across threads gives the one-thread graph, errors and warnings")
    func merges() throws {
        let clean = Self.document(conflicts: [1_200])
        let serial = try Self.merged(clean, threads: 1, partially: false)
        // The book given two titles is a warning, at the later one.
        #expect(serial.contains("$[1200].books[1].title"))
        #expect(try Self.merged(clean, threads: 4, partially: false) == serial)
        let broken = Self.document(errors: [2_500], conflicts: [1_200, 3_100])
        for partially in [false, true] {
            let one = try Self.merged(broken, threads: 1, partially: partially)
            #expect(one.contains("$[2500].books[0].year"))
            #expect(try Self.merged(broken, threads: 4, partially: partially) == one)
        }
    }
}
