import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper

/// The benchmark's small-documents mode (`--small`): API responses of 150 bytes to 9 KB, the
/// size most requests and responses are, where a decode call's fixed cost (finding plans,
/// setting up a run) counts as much as reading the bytes. Each is decoded through the model
/// `modelgen infer` made from it (Benchmarks/Models, committed beside the documents in
/// Benchmarks/SmallDocuments, which are the project's own), against `JSONSerialization` parsing
/// the same bytes, in interleaved rounds of many calls each.
///
///     swift run -c release mapping-benchmark 0 15 --small
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
///         .build/release/mapping-benchmark 0 1000 --only small-user.decode
enum SmallDocuments {
    /// A small document: its file name without `.json` (also its model's name), the entity of
    /// its top-level value, and whether that value is an array of them.
    struct Document: Sendable {
        let name: String
        let entity: String
        let isArray: Bool
        let summary: String
    }

    static let all = [
        Document(name: "user", entity: "User", isArray: false, summary: "a user profile, 7 members"),
        Document(name: "order", entity: "Order", isArray: false, summary: "a commerce order with its line items"),
        Document(name: "entries", entity: "Entry", isArray: true, summary: "12 glucose readings, an array"),
        Document(name: "feed", entity: "Feed", isArray: false, summary: "14 posts with authors and media"),
    ]

    static let folder = ModelFolder.url.deletingLastPathComponent().appendingPathComponent("Benchmarks/SmallDocuments")

    /// The document's bytes and its contenders, the model loaded and its plans made by a first
    /// decode (as a server's first request makes them).
    static func contenders(of document: Document) throws -> (data: Data, bodies: [() throws -> Void]) {
        let data = try Data(contentsOf: folder.appendingPathComponent(document.name + ".json"))
        let model = try ObjectModel(
            contentsOf: StandardDocuments.modelsFolder.appendingPathComponent(document.name + ".xcdatamodeld")
        )
        let decoder = ModelDecoder(model: model)
        let decode: () throws -> Void =
            document.isArray
            ? { _ = try decoder.decodeObjects(of: document.entity, from: data) }
            : { _ = try decoder.decodeObject(of: document.entity, from: data) }
        try decode()
        return (data, [decode, { _ = try JSONSerialization.jsonObject(with: data) }])
    }

    /// Calls of one contender per round: about 2 MB of input, so that a round is long enough to time.
    static func calls(for data: Data) -> Int { max(1, 2_000_000 / max(data.count, 1)) }

    static func run(rounds: Int) throws {
        print("medians of \(rounds) interleaved rounds, each of many calls; time per call")
        for document in all {
            let (data, bodies) = try contenders(of: document)
            let calls = calls(for: data)
            let repeated = bodies.map { body in { for _ in 0..<calls { try body() } } }
            let medians = try InterleavedRounds.medians(rounds: rounds, repeated)
                .map {
                    $0.milliseconds * 1_000 / Double(calls)
                }
            print(
                String(
                    format: "  %-8@ %6d B  decode %8.2f µs   JSONSerialization %8.2f µs (%5.2fx)   %@",
                    document.name as NSString,
                    data.count,
                    medians[0],
                    medians[1],
                    medians[1] / medians[0],
                    document.summary as NSString
                )
            )
        }
    }

    /// One contender of one document, `repetitions` calls inside `measuredRun` (for callgrind):
    /// `only` is `small-DOCUMENT.decode` or `small-DOCUMENT.serialization-read`. False when
    /// `only` names no small document.
    static func runOnly(_ only: String, repetitions: Int) throws -> Bool {
        let parts = only.split(separator: ".").map(String.init)
        guard parts.count == 2, parts[0].hasPrefix("small-"),
            let document = all.first(where: { "small-" + $0.name == parts[0] })
        else { return false }
        let bodies = try contenders(of: document).bodies
        guard let index = ["decode", "serialization-read"].firstIndex(of: parts[1]) else {
            throw BenchmarkError("contenders of a small document: decode, serialization-read")
        }
        try measuredRun { for _ in 0..<repetitions { try bodies[index]() } }
        return true
    }
}
