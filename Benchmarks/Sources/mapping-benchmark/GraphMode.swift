import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper

/// The benchmark's graph mode (`--graph`): documents of a music API (Models/Bands.xcdatamodeld)
/// merged into one ``ObjectGraph``, at two sizes ten times apart, so that the ratio of their
/// times says whether merging is linear in the documents (a ratio near 10) or not.
///
/// Each size is ten documents. A document has a tenth of the bands, musicians, band members and
/// albums (1 : 3 : 3 : 3); members and albums refer to bands and musicians by key, half of them
/// to records of a later document (so references wait, then link); and each document after the
/// first also updates a twentieth as many records of earlier documents as it brings. Beside the
/// merges, JSONSerialization reads the same documents, for scale.
enum GraphMode {
    /// Ten documents of `count` new objects in all.
    static func documents(count: Int) -> [Data] {
        let parts = 10
        let bands = max(1, count / 10)
        let others = (count - bands) / 3
        func band(_ index: Int) -> String { "band \(index % bands)" }
        func musician(_ index: Int) -> String { "musician \(index % others)" }
        /// The records `index` of `total` fall in document `part`: a contiguous tenth.
        func range(_ part: Int, of total: Int) -> Range<Int> { (total * part / parts)..<(total * (part + 1) / parts) }
        /// A record of another document for a reference: the next document's for odd indexes.
        func referenced(_ index: Int, part: Int, total: Int) -> Int {
            let target = index % 2 == 1 ? (part + 1) % parts : part
            let targetRange = range(target, of: total)
            return targetRange.lowerBound + (index &* 7_919) % max(1, targetRange.count)
        }
        return (0..<parts)
            .map { part in
                var arrays: [String] = []
                var records: [String] = []
                for index in range(part, of: bands) {
                    records.append(
                        #"{"name": "\#(band(index))", "formed": \#(1960 + index % 40), "other_names": "b\#(index)"}"#
                    )
                }
                // Updates: a twentieth as many records of earlier documents.
                if part > 0 {
                    for index in stride(from: 0, to: range(part - 1, of: bands).upperBound, by: 20) {
                        records.append(#"{"name": "\#(band(index))", "description": "update \#(part)"}"#)
                    }
                }
                arrays.append(#""bands": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    records.append(
                        #"{"name": "\#(musician(index))", "born": \#(1940 + index % 50), "instruments": "bass"}"#
                    )
                }
                arrays.append(#""musicians": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    let bandIndex = referenced(index, part: part, total: bands)
                    let musicianIndex = referenced(index &+ 1, part: part, total: others)
                    records.append(
                        #"{"id": "member \#(index)", "band": "\#(band(bandIndex))", "musician": "\#(musician(musicianIndex))", "joined": 1980}"#
                    )
                }
                arrays.append(#""band_members": ["# + records.joined(separator: ",") + "]")
                records = []
                for index in range(part, of: others) {
                    let bandIndex = referenced(index, part: part, total: bands)
                    records.append(
                        #"{"name": "album \#(index)", "band": {"name": "\#(band(bandIndex))"}, "released": "1981-11-13T00:00:00Z"}"#
                    )
                }
                arrays.append(#""albums": ["# + records.joined(separator: ",") + "]")
                return Data(("{" + arrays.joined(separator: ",\n") + "}").utf8)
            }
    }

    static let arrays = [
        ("bands", "Band"), ("musicians", "Musician"), ("band_members", "BandMember"), ("albums", "Album"),
    ]

    /// Merges `documents` into a new graph of `model`.
    static func merge(_ documents: [Data], model: ObjectModel) throws -> ObjectGraph {
        let graph = ObjectGraph(model: model)
        for document in documents {
            for (key, entity) in arrays {
                let result = try graph.merge(document, entity: entity, at: key)
                guard result.errors.isEmpty else { throw result.errors[0] }
            }
        }
        return graph
    }

    static func run(sizes: [Int], rounds: Int) throws {
        let model = try ObjectModel(contentsOf: modelURL)
        let documents = sizes.map { Self.documents(count: $0) }
        // Each size once, checked: every object there, nothing waiting.
        for (size, set) in zip(sizes, documents) {
            let graph = try merge(set, model: model)
            guard graph.count == size, graph.unresolvedReferences.isEmpty else {
                print("graph of \(size): \(graph.count) objects, \(graph.unresolvedReferences.count) waiting")
                exit(1)
            }
        }
        var bodies: [() throws -> Any] = documents.map { set in { try merge(set, model: model) } }
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
        let model = try ObjectModel(contentsOf: modelURL)
        let documents = Self.documents(count: size)
        try measuredRun { _ = try merge(documents, model: model) }
    }

    static let modelURL = ModelFolder.url.appendingPathComponent("Bands.xcdatamodeld")
}
