import BenchmarkSupport
import Foundation
import ModelMapper
import Workloads

/// The benchmark's graph mode (`--graph`): documents of a music API (Models/Bands.xcdatamodeld)
/// merged into one ``ObjectGraph``, at two sizes ten times apart, so that the ratio of their
/// times says whether merging is linear in the documents (a ratio near 10) or not. Each size is
/// a set of ten documents (``GraphDocuments``). Beside the merges, JSONSerialization reads the
/// same documents, for scale.
enum GraphMode {
    static func run(sizes: [Int], rounds: Int) throws {
        let model = try ObjectModel(contentsOf: GraphDocuments.modelURL)
        let documents = sizes.map { GraphDocuments.documents(count: $0) }
        // Each size once, checked: every object there, nothing waiting.
        for (size, set) in zip(sizes, documents) {
            let graph = try GraphDocuments.merge(set, model: model)
            guard graph.count == size, graph.unresolvedReferences.isEmpty else {
                print("graph of \(size): \(graph.count) objects, \(graph.unresolvedReferences.count) waiting")
                exit(1)
            }
        }
        var bodies: [() throws -> Any] = documents.map { set in { try GraphDocuments.merge(set, model: model) } }
        bodies += documents.map { set in { try set.map { try JSONSerialization.jsonObject(with: $0) } } }
        let phases = try InterleavedRounds.phases(rounds: rounds, bodies)
        print("medians of \(rounds) interleaved rounds: ten documents merged into a new graph, then the graph freed")
        for (index, size) in sizes.enumerated() {
            let merge = phases[index]
            let read = phases[sizes.count + index]
            let bytes = documents[index].reduce(0) { $0 + $1.count }
            print(
                String(
                    format:
                        "%7d objects (%5d KiB): merge %7.1f ms (%4.0f ns/object) + free %5.1f ms   JSONSerialization "
                        + "%6.1f ms",
                    size,
                    bytes / 1024,
                    merge.work.milliseconds,
                    merge.work.milliseconds * 1e6 / Double(size),
                    merge.free.milliseconds,
                    read.work.milliseconds
                )
            )
        }
        if sizes.count == 2 {
            let ratio = phases[1].work.milliseconds / phases[0].work.milliseconds
            let readRatio = phases[3].work.milliseconds / phases[2].work.milliseconds
            print(
                String(
                    format: "%d/%d objects: merging %.1fx the time, JSONSerialization %.1fx, for %.0fx the objects",
                    sizes[1],
                    sizes[0],
                    ratio,
                    readRatio,
                    Double(sizes[1]) / Double(sizes[0])
                )
            )
        }
    }

    /// One merge of `size` objects, alone, for callgrind to count (instructions do not depend
    /// on the caches, which a graph ten times as large no longer fits):
    ///
    ///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
    ///         .build/release/mapping-benchmark 0 1 --graph-only 100000
    static func runOnce(size: Int) throws {
        let model = try ObjectModel(contentsOf: GraphDocuments.modelURL)
        let documents = GraphDocuments.documents(count: size)
        try measuredRun { _ = try GraphDocuments.merge(documents, model: model) }
    }

    /// The same documents merged a second time into the graph they made, alone, for callgrind:
    /// an upsert of `size` records the graph has, unchanged (`--graph-upsert-only N`).
    static func runUpsertOnce(size: Int) throws {
        let model = try ObjectModel(contentsOf: GraphDocuments.modelURL)
        let documents = GraphDocuments.documents(count: size)
        let graph = try GraphDocuments.merge(documents, model: model)
        try measuredRun { try GraphDocuments.merge(documents, into: graph) }
    }
}
