import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper
import Workloads

/// The benchmark's fetch mode (`--fetch`): a fetch request with a three-clause predicate and
/// two sort descriptors over 100,000 decoded `Book`s (``FetchBooks``), against the same filter and sort written
/// by hand in Swift over the same objects (through the generated typed properties), in
/// interleaved rounds. The ratio says what the predicate language costs over plain code.
enum FetchMode {
    static func run(count: Int, rounds: Int) throws {
        let books = try FetchBooks.books(count: count)
        let request = try FetchBooks.request()

        func fetched() throws -> [ModelObject] { try request.run(on: books) }
        func handWritten() -> [Book] {
            books.filter { ($0.year ?? 0) >= 1900 && ($0.rating ?? 0) > 3.5 && $0.favorite == true }
                .sorted { a, b in
                    let (yearA, yearB) = (a.year ?? 0, b.year ?? 0)
                    return yearA != yearB ? yearA > yearB : a.title < b.title
                }
        }
        // Both select the same books; ties (same year and title) may come in either order.
        let expected = handWritten().map { "\($0.year ?? 0) \($0.title)" }
        guard try fetched().map({ "\(($0 as? Book)?.year ?? 0) \(($0 as? Book)?.title ?? "")" }) == expected else {
            throw BenchmarkError("the fetch request and the hand-written filter disagree")
        }
        let medians =
            try InterleavedRounds.medians(
                rounds: rounds,
                [{ _ = try fetched() }, { _ = handWritten() }]
            )
            .map(\.milliseconds)
        print("medians of \(rounds) interleaved rounds: \(count) books, \(expected.count) selected")
        print("  predicate: \(FetchBooks.format), sorted by year descending, then title")
        print(
            String(
                format: "  ModelFetchRequest %7.1f ms   hand-written Swift %7.1f ms   %5.2fx hand-written",
                medians[0],
                medians[1],
                medians[0] / medians[1]
            )
        )
    }

    /// One run of the request over `count` books, alone, for callgrind to count:
    ///
    ///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
    ///         .build/release/mapping-benchmark 0 1 --fetch-only 10000
    static func runOnce(count: Int) throws {
        let books = try FetchBooks.books(count: count)
        let request = try FetchBooks.request()
        try measuredRun { _ = try request.run(on: books) }
    }
}
