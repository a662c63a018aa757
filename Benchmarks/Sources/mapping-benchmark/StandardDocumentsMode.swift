import BenchmarkSupport
import Foundation
import Workloads

/// The benchmark's standard-documents mode (`--documents`): each standard document
/// (``StandardDocuments``) decoded and encoded side by side with Foundation's
/// `JSONSerialization` and `JSONDecoder` in interleaved rounds, and simdjson's floor
/// (``SimdjsonFloor``) timed right after each document's rounds.
///
///     swift run -c release mapping-benchmark 0 15 --documents
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
///         .build/release/mapping-benchmark 0 1 --only citm_catalog.decode
extension StandardDocuments {
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
