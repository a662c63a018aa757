import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper

/// The benchmark's standard-documents mode (`--documents`): canada.json, citm_catalog.json and
/// twitter.json, the documents every JSON library reports its speed on, each decoded through the
/// model that `modelgen infer` made from it (Benchmarks/Models, committed) and encoded back, side
/// by side with Foundation's `JSONSerialization` in interleaved rounds, and simdjson's floor
/// (``SimdjsonFloor``) timed right after each document's rounds.
///
/// The documents are read from `../shared/bench-corpus/` beside the repository (or the folder
/// `MODELMAPPER_BENCH_CORPUS` names), never copied into it; without them the mode says so and
/// skips them.
///
///     swift run -c release mapping-benchmark 0 15 --documents
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
///         .build/release/mapping-benchmark 0 1 --only citm_catalog.decode
enum StandardDocuments {
    /// A standard document: its file name without `.json` (also its model's name) and the
    /// entity its top-level object is.
    struct Document: Sendable {
        let name: String
        let entity: String
        /// JSONDecoder and JSONEncoder with the document's Codable type.
        let codable: @Sendable (Data) throws -> (decode: () throws -> Void, encode: () throws -> Void)
    }

    static let all = [
        Document(name: "canada", entity: "Canada", codable: { try codable(Canada.self, $0) }),
        Document(name: "citm_catalog", entity: "CitmCatalog", codable: { try codable(CitmCatalog.self, $0) }),
        Document(name: "twitter", entity: "Twitter", codable: { try codable(Twitter.self, $0) }),
    ]

    /// Decoding `data` into `type` with JSONDecoder, and encoding the value with JSONEncoder.
    static func codable<Value: Codable>(_ type: Value.Type, _ data: Data) throws -> (
        decode: () throws -> Void, encode: () throws -> Void
    ) {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let value = try decoder.decode(Value.self, from: data)
        return ({ _ = try decoder.decode(Value.self, from: data) }, { _ = try encoder.encode(value) })
    }

    /// `../shared/bench-corpus/` beside the repository, or `MODELMAPPER_BENCH_CORPUS`.
    static let corpusFolder: URL = {
        if let folder = ProcessInfo.processInfo.environment["MODELMAPPER_BENCH_CORPUS"] {
            return URL(fileURLWithPath: folder)
        }
        return ModelFolder.url.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/bench-corpus")
    }()

    /// The benchmark's models of the standard documents: Benchmarks/Models.
    static let modelsFolder = ModelFolder.url.deletingLastPathComponent().appendingPathComponent("Benchmarks/Models")

    /// The documents that are there, or nil with a message saying where they were looked for.
    static func available(named names: [String]? = nil) -> [Document]? {
        let documents = all.filter { names?.contains($0.name) ?? true }
        let missing = documents.filter {
            !FileManager.default.fileExists(atPath: corpusFolder.appendingPathComponent($0.name + ".json").path)
        }
        guard missing.isEmpty else {
            print(
                "skipped: the standard documents are not in \(corpusFolder.path) (missing: "
                    + missing.map { $0.name + ".json" }.joined(separator: ", ")
                    + "); set MODELMAPPER_BENCH_CORPUS to the folder that holds them"
            )
            return nil
        }
        return documents
    }

    /// The contenders of one document, its model loaded and its plans made by a first decode.
    static func contenders(of document: Document) throws -> (
        data: Data, contenders: [(name: String, body: () throws -> Void)]
    ) {
        let data = try Data(contentsOf: corpusFolder.appendingPathComponent(document.name + ".json"))
        let model = try ObjectModel(contentsOf: modelsFolder.appendingPathComponent(document.name + ".xcdatamodeld"))
        let decoder = ModelDecoder(model: model)
        let object = try decoder.decodeObject(of: document.entity, from: data)
        let foundation = try JSONSerialization.jsonObject(with: data)
        let encoder = ModelEncoder(options: benchmarkEncoderOptions)
        let codable = try document.codable(data)
        return (
            data,
            [
                ("decode", { _ = try decoder.decodeObject(of: document.entity, from: data) }),
                ("serialization-read", { _ = try JSONSerialization.jsonObject(with: data) }),
                ("jsondecoder", codable.decode),
                ("encode", { _ = try encoder.encode(object) }),
                ("serialization-write", { _ = try JSONSerialization.data(withJSONObject: foundation) }),
                ("jsonencoder", codable.encode),
            ]
        )
    }

    /// Every document's medians and ratios, `rounds` interleaved rounds each.
    static func run(rounds: Int) throws {
        guard let documents = available() else { return }
        print("medians of \(rounds) interleaved rounds; (ratio) = that contender's time / ModelMapper's")
        for document in documents {
            let (data, contenders) = try contenders(of: document)
            let medians = try InterleavedRounds.medians(rounds: rounds, contenders.map(\.body)).map(\.milliseconds)
            let file = corpusFolder.appendingPathComponent(document.name + ".json")
            let floor = SimdjsonFloor.medians(rounds: rounds, files: [file])?[file.path]
            print("\n\(document.name).json, \(data.count / 1024) KiB, through Benchmarks/Models/\(document.name)")
            print(
                String(
                    format:
                        "  decode  ModelDecoder %7.2f ms   JSONSerialization %7.2f ms (%5.2fx)   JSONDecoder %7.2f ms (%5.2fx)",
                    medians[0],
                    medians[1],
                    medians[1] / medians[0],
                    medians[2],
                    medians[2] / medians[0]
                )
            )
            print(
                String(
                    format:
                        "  encode  ModelEncoder %7.2f ms   JSONSerialization %7.2f ms (%5.2fx)   JSONEncoder %7.2f ms (%5.2fx)",
                    medians[3],
                    medians[4],
                    medians[4] / medians[3],
                    medians[5],
                    medians[5] / medians[3]
                )
            )
            if let floor {
                print(
                    String(
                        format:
                            "  simdjson parse+walk %7.2f ms (decode %5.1fx it)   minify %7.2f ms (encode %5.1fx it)",
                        floor.parseAndWalk,
                        medians[0] / floor.parseAndWalk,
                        floor.minify,
                        medians[3] / floor.minify
                    )
                )
            }
        }
    }

    /// One contender of one document, `repetitions` times, inside `measuredRun` (for callgrind):
    /// `only` is `DOCUMENT.CONTENDER`. False when `only` names no standard document.
    static func runOnly(_ only: String, repetitions: Int) throws -> Bool {
        let parts = only.split(separator: ".").map(String.init)
        guard parts.count == 2, all.contains(where: { $0.name == parts[0] }) else { return false }
        guard let document = available(named: [parts[0]])?.first else { return true }
        guard let contender = try contenders(of: document).contenders.first(where: { $0.name == parts[1] }) else {
            throw BenchmarkError(
                "contenders of a document: decode, serialization-read, jsondecoder, encode, serialization-write, jsonencoder"
            )
        }
        try measuredRun { for _ in 0..<repetitions { try contender.body() } }
        return true
    }
}
