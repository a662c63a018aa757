import AuthorsClasses
import Foundation
import ModelMapper

/// The standard documents: canada.json, citm_catalog.json and twitter.json, the documents every
/// JSON library reports its speed on, each decoded through the model that `modelgen infer` made
/// from it (Benchmarks/Models, committed) and encoded back; `JSONSerialization` and `JSONDecoder`
/// do the same work beside them (mapping-benchmark's `--documents` mode, and the
/// ModelMapperBenchmarks suite of package-benchmark).
///
/// The documents are read from `../shared/bench-corpus/` beside the repository (or the folder
/// `MODELMAPPER_BENCH_CORPUS` names), never copied into it; without them the mode says so and
/// skips them.
package enum StandardDocuments {
    /// A standard document: its file name without `.json` (also its model's name) and the
    /// entity its top-level object is.
    package struct Document: Sendable {
        package let name: String
        package let entity: String
        /// JSONDecoder and JSONEncoder with the document's Codable type.
        package let codable: @Sendable (Data) throws -> (decode: () throws -> Void, encode: () throws -> Void)
    }

    package static let all = [
        Document(name: "canada", entity: "Canada", codable: { try codable(Canada.self, $0) }),
        Document(name: "citm_catalog", entity: "CitmCatalog", codable: { try codable(CitmCatalog.self, $0) }),
        Document(name: "twitter", entity: "Twitter", codable: { try codable(Twitter.self, $0) }),
    ]

    /// Decoding `data` into `type` with JSONDecoder, and encoding the value with JSONEncoder.
    package static func codable<Value: Codable>(_ type: Value.Type, _ data: Data) throws -> (
        decode: () throws -> Void, encode: () throws -> Void
    ) {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let value = try decoder.decode(Value.self, from: data)
        return ({ _ = try decoder.decode(Value.self, from: data) }, { _ = try encoder.encode(value) })
    }

    /// `../shared/bench-corpus/` beside the repository, or `MODELMAPPER_BENCH_CORPUS`.
    package static let corpusFolder: URL = {
        if let folder = ProcessInfo.processInfo.environment["MODELMAPPER_BENCH_CORPUS"] {
            return URL(fileURLWithPath: folder)
        }
        return ModelFolder.url.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/bench-corpus")
    }()

    /// The benchmark's models of the standard documents: Benchmarks/Models.
    package static let modelsFolder = ModelFolder.url.deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/Models")

    /// The documents that are there, or nil with a message saying where they were looked for.
    package static func available(named names: [String]? = nil) -> [Document]? {
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
    package static func contenders(of document: Document) throws -> (
        data: Data, contenders: [(name: String, body: () throws -> Void)]
    ) {
        let data = try Data(contentsOf: corpusFolder.appendingPathComponent(document.name + ".json"))
        let model = try ObjectModel(contentsOf: modelsFolder.appendingPathComponent(document.name + ".xcdatamodeld"))
        let decoder = ModelDecoder(model: model, options: benchmarkDecoderOptions)
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
}
