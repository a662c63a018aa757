import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper
import Workloads

/// Issue 50's second check (`--across-threads`): one large top-level array decoded on one
/// thread (`maximumThreads = 1`, the default) against across the machine's cores, in
/// interleaved rounds, timing the decode call alone (the objects it returns are freed after
/// the clock stops, and that time is reported apart).
///
///     swift run -c release mapping-benchmark 0 9 --across-threads
///
/// The arrays, each about 8 MB or more: the Authors shape (at `authors`; also at 1.1, 2.3 and
/// 4.6 MB, where splitting starts), and each standard
/// document repeated into a top-level array (`[doc, doc, …]`). Repeated documents repeat their
/// identities, which one thread merges into one object each: the pieces after the first then
/// find identities of the first and are read again on the calling thread, and the figure
/// says what that costs. The `stream` rows read the same arrays from a file with the
/// streaming decoder (`forEachObject`), which decodes elements ahead on the other cores; the
/// `merge` row merges the Authors array into a new graph, its decoding prepared across the
/// cores and merged in document order.
enum AcrossThreadsMode {
    struct Workload {
        let name: String
        let data: Data
        let decode: (ModelDecoder) throws -> Any
        let model: ObjectModel
    }

    static func workloads() throws -> [Workload] {
        AuthorsModel.registerTransformers()
        let authorsModel = try AuthorsModel.load(
            contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld")
        )
        var workloads: [Workload] = []
        // The Authors shape at 8,000 authors (15.3 MB), and smaller, to tell where splitting
        // starts to pay: the decoder splits from 1 MiB (two pieces of 512 KiB).
        for count in [600, 1_200, 2_400, 8_000] {
            let authors = authorsDocument(count: count)
            workloads.append(
                Workload(
                    name: count == 8_000 ? "authors" : "authors \(count)",
                    data: authors,
                    decode: { try $0.decode([Author].self, from: authors, at: "authors") },
                    model: authorsModel
                )
            )
        }
        let authors = authorsDocument(count: 8_000)
        workloads.append(
            Workload(
                name: "authors merge",
                data: authors,
                decode: { decoder in
                    let graph = ObjectGraph(
                        model: authorsModel,
                        options: ObjectGraph.Options(decoding: decoder.options)
                    )
                    return try graph.merge(authors, entity: "Author", at: "authors").objects
                },
                model: authorsModel
            )
        )
        workloads.append(
            try streamed(
                authors,
                name: "authors stream",
                entity: "Author",
                at: "authors",
                model: authorsModel
            )
        )
        for document in StandardDocuments.available() ?? [] {
            let one = try Data(
                contentsOf: StandardDocuments.corpusFolder.appendingPathComponent(document.name + ".json")
            )
            let copies = max(2, (8 << 20) / one.count + 1)
            var array = Data("[".utf8)
            for copy in 0..<copies {
                if copy > 0 { array.append(UInt8(ascii: ",")) }
                array.append(one)
            }
            array.append(UInt8(ascii: "]"))
            let model = try ObjectModel(
                contentsOf: StandardDocuments.modelsFolder.appendingPathComponent(document.name + ".xcdatamodeld")
            )
            let entity = document.entity
            workloads.append(
                Workload(
                    name: "\(document.name) x\(copies)",
                    data: array,
                    decode: { [array] in try $0.decodeObjects(of: entity, from: array) },
                    model: model
                )
            )
            workloads.append(
                try streamed(array, name: "\(document.name) stream", entity: entity, at: nil, model: model)
            )
        }
        return workloads
    }

    /// The streaming decoder reading `data`'s array from a file (each element in a run of its
    /// own), the objects collected: on one thread, or decoding elements ahead on the others.
    static func streamed(_ data: Data, name: String, entity: String, at keyPath: String?, model: ObjectModel) throws
        -> Workload
    {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("across-threads-\(name).json")
        try data.write(to: url)
        return Workload(
            name: name,
            data: data,
            decode: { decoder in
                var objects: [ModelObject] = []
                try decoder.forEachObject(of: entity, inFileAt: url, at: keyPath) { objects.append($0) }
                return objects
            },
            model: model
        )
    }

    static func run(rounds: Int, only: String? = nil) throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print(
            "medians of \(rounds) interleaved rounds: one large array decoded on 1 thread against \(cores) "
                + "(the machine's cores); the decode call timed, freeing its objects apart"
        )
        if StandardDocuments.available() == nil { print("standard documents: skipped (../shared is not at hand)") }
        for workload in try workloads() where only.map(workload.name.contains) ?? true {
            let serial = ModelDecoder(model: workload.model, options: benchmarkDecoderOptions)
            var parallelOptions = ModelDecoder.Options()
            parallelOptions.maximumThreads = cores
            let parallel = ModelDecoder(model: workload.model, options: parallelOptions)
            // Plans made, and both results compared once, before timing.
            var written = ModelEncoder.Options()
            written.sharedObjects = .reference
            let encoder = ModelEncoder(options: written)
            let one = try encoder.encode(workload.decode(serial) as? [ModelObject] ?? [])
            let many = try encoder.encode(workload.decode(parallel) as? [ModelObject] ?? [])
            guard one == many else { throw BenchmarkError("\(workload.name): the results differ") }
            let phases = try InterleavedRounds.phases(
                rounds: rounds,
                [{ try workload.decode(serial) }, { try workload.decode(parallel) }]
            )
            let megabytes = Double(workload.data.count) / 1_000_000
            print(
                String(
                    format: "%@ %6.1f MB   1 thread %7.1f ms (%6.1f MB/s)   %d threads %7.1f ms (%6.1f MB/s)   "
                        + "%.2fx   freeing %.1f / %.1f ms",
                    workload.name.padding(toLength: 16, withPad: " ", startingAt: 0),
                    megabytes,
                    phases[0].work.milliseconds,
                    megabytes / phases[0].work.milliseconds * 1_000,
                    cores,
                    phases[1].work.milliseconds,
                    megabytes / phases[1].work.milliseconds * 1_000,
                    phases[0].work.milliseconds / phases[1].work.milliseconds,
                    phases[0].free.milliseconds,
                    phases[1].free.milliseconds
                )
            )
        }
    }
}
