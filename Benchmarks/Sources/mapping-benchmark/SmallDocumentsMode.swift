import BenchmarkSupport
import Foundation
import Workloads

/// The benchmark's small-documents mode (`--small`): each small document (``SmallDocuments``)
/// decoded against `JSONSerialization` parsing the same bytes, in interleaved rounds of many
/// calls each.
///
///     swift run -c release mapping-benchmark 0 15 --small
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
///         .build/release/mapping-benchmark 0 1000 --only small-user.decode
extension SmallDocuments {
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
