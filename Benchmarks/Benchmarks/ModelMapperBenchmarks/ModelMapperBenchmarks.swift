// ModelMapper's benchmarks in package-benchmark (ordo-one/benchmark): wall time, instructions
// (where the kernel lends hardware counters), mallocs and peak memory of each workload, with the
// baselines and comparisons that package-benchmark keeps:
//
//     swift package benchmark                                   # every benchmark
//     swift package benchmark --filter 'twitter.*'              # some of them
//     swift package --allow-writing-to-package-directory benchmark baseline update main
//     swift package benchmark baseline compare main
//
// The workloads are mapping-benchmark's (the Workloads target): the standard documents through
// their inferred models (skipped, with a message, when ../shared/bench-corpus is not beside the
// repository), the generated shapes, small API documents, a graph merge, a fetch and a model
// load; JSONSerialization and JSONDecoder do the same reads beside ModelMapper. Ratios of
// contenders in one process are mapping-benchmark's job; this suite is for tracking each one.
import Benchmark
import Foundation
import ModelMapper
import Workloads

/// What a benchmark measures, made in its setup (outside what is measured) and dropped in its
/// teardown, so that only the benchmark that runs holds its document and objects.
final class Prepared: @unchecked Sendable {
    var body: (() throws -> Void)?
}

/// Registers `name`, whose work `prepare` makes: one call of that work is one iteration.
func register(_ name: String, prepare: @escaping () throws -> () throws -> Void) {
    let prepared = Prepared()
    Benchmark(
        name,
        configuration: .init(
            metrics: [.wallClock, .instructions, .mallocCountTotal, .peakMemoryResident],
            maxDuration: .seconds(2),
            maxIterations: 1_000
        ),
        closure: { (_: Benchmark) throws in
            guard let body = prepared.body else { throw BenchmarkError("\(name) was not prepared") }
            try body()
        },
        setup: { prepared.body = try prepare() },
        teardown: { prepared.body = nil }
    )
}

/// Registers each named contender of a workload, `contenders` giving them all.
func register(_ prefix: String, _ names: [String], contenders: @escaping () throws -> [(String, () throws -> Void)]) {
    for name in names {
        register("\(prefix).\(name)") {
            guard let body = try contenders().first(where: { $0.0 == name })?.1 else {
                throw BenchmarkError("\(prefix) has no contender \(name)")
            }
            return body
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    // The standard documents: decode, encode, and Foundation's reads of the same bytes.
    for document in StandardDocuments.available() ?? [] {
        register(
            document.name,
            ["decode", "encode", "serialization-read", "jsondecoder"],
            contenders: { try StandardDocuments.contenders(of: document).contenders }
        )
    }
    // The generated shapes, at the size of a large response (4,200, 1,000 and 1,000 objects).
    let shapes: [(String, () throws -> Shape)] = [
        ("authors", { try authorsShape(count: 200) }), ("flat", { try flatShape(count: 1_000) }),
        ("strings", { try stringsShape(count: 1_000) }),
    ]
    for (name, make) in shapes {
        register(name, ["decode", "encode", "jsondecoder"]) {
            let shape = try make()
            return [("decode", shape.decode), ("encode", shape.encode), ("jsondecoder", shape.jsonDecoder)]
        }
    }
    // Small API documents, where a call's fixed cost counts.
    for document in SmallDocuments.all {
        register("small-\(document.name)", ["decode", "serialization-read"]) {
            let bodies = try SmallDocuments.contenders(of: document).bodies
            return [("decode", bodies[0]), ("serialization-read", bodies[1])]
        }
    }
    // Ten documents of 10,000 objects merged into a new graph.
    register("graph.merge") {
        let model = try ObjectModel(contentsOf: GraphDocuments.modelURL)
        let documents = GraphDocuments.documents(count: 10_000)
        return { _ = try GraphDocuments.merge(documents, model: model) }
    }
    // A three-clause predicate and two sort descriptors over 10,000 books.
    register("books.fetch") {
        let books = try FetchBooks.books(count: 10_000)
        let request = try FetchBooks.request()
        return { _ = try request.run(on: books) }
    }
    // Loading a model of 1,000 entities and 20,000 properties.
    register("model.load") {
        let xml = Data(GeneratedModel.xml(entities: 1_000).utf8)
        return { _ = try ObjectModel(xml: xml, fileName: "Generated.xml") }
    }
}
