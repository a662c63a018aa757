import AuthorsClasses
import Foundation
import ModelMapper

/// Small documents: API responses of 150 bytes to 9 KB, the
/// size most requests and responses are, where a decode call's fixed cost (finding plans,
/// setting up a run) counts as much as reading the bytes. Each is decoded through the model
/// `modelgen infer` made from it (Benchmarks/Models, committed beside the documents in
/// Benchmarks/SmallDocuments, which are the project's own), against `JSONSerialization` parsing
/// the same bytes (mapping-benchmark's `--small` mode, and the ModelMapperBenchmarks suite).
package enum SmallDocuments {
    /// A small document: its file name without `.json` (also its model's name), the entity of
    /// its top-level value, and whether that value is an array of them.
    package struct Document: Sendable {
        package let name: String
        package let entity: String
        package let isArray: Bool
        package let summary: String
    }

    package static let all = [
        Document(name: "user", entity: "User", isArray: false, summary: "a user profile, 7 members"),
        Document(name: "order", entity: "Order", isArray: false, summary: "a commerce order with its line items"),
        Document(name: "entries", entity: "Entry", isArray: true, summary: "12 glucose readings, an array"),
        Document(name: "feed", entity: "Feed", isArray: false, summary: "14 posts with authors and media"),
    ]

    package static let folder = ModelFolder.url.deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/SmallDocuments")

    /// The document's bytes and its contenders, the model loaded and its plans made by a first
    /// decode (as a server's first request makes them).
    package static func contenders(of document: Document) throws -> (data: Data, bodies: [() throws -> Void]) {
        let data = try Data(contentsOf: folder.appendingPathComponent(document.name + ".json"))
        let model = try ObjectModel(
            contentsOf: StandardDocuments.modelsFolder.appendingPathComponent(document.name + ".xcdatamodeld")
        )
        let decoder = ModelDecoder(model: model, options: benchmarkDecoderOptions)
        let decode: () throws -> Void =
            document.isArray
            ? { _ = try decoder.decodeObjects(of: document.entity, from: data) }
            : { _ = try decoder.decodeObject(of: document.entity, from: data) }
        try decode()
        return (data, [decode, { _ = try JSONSerialization.jsonObject(with: data) }])
    }

    /// Calls of one contender per round: about 2 MB of input, so that a round is long enough to time.
    package static func calls(for data: Data) -> Int { max(1, 2_000_000 / max(data.count, 1)) }
}
