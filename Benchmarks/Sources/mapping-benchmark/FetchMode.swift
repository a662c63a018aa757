import AuthorsClasses
import BenchmarkSupport
import Foundation
import ModelMapper

/// The benchmark's fetch mode (`--fetch`): a fetch request with a three-clause predicate and
/// two sort descriptors over 100,000 decoded `Book`s, against the same filter and sort written
/// by hand in Swift over the same objects (through the generated typed properties), in
/// interleaved rounds. The ratio says what the predicate language costs over plain code.
enum FetchMode {
    /// `count` books of varied years, ratings and favourites, as a top-level JSON array.
    static func document(count: Int) -> Data {
        var generator = SplitMix(seed: 42)
        var records: [String] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let year = 1800 + Int(generator.next() % 221)
            let rating = Double(generator.next() % 51) / 10
            let favorite = generator.next() % 3 == 0
            records.append(
                #"{"book_id": \#(index), "title": "Book \#(generator.next() % 100_000)", "year": \#(year), "rating": \#(rating), "favorite": \#(favorite)}"#
            )
        }
        return Data(("[" + records.joined(separator: ",") + "]").utf8)
    }

    static let format = "year >= 1900 AND rating > 3.5 AND favorite == YES"

    static func run(count: Int, rounds: Int) throws {
        AuthorsModel.registerTransformers()
        let model = try AuthorsModel.load(contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld"))
        let books = try ModelDecoder(model: model).decode([Book].self, from: document(count: count))
        let request = ModelFetchRequest(
            entityName: "Book",
            predicate: try ModelPredicate(format: format),
            sortDescriptors: [
                ModelSortDescriptor(keyPath: "year", ascending: false), ModelSortDescriptor(keyPath: "title"),
            ]
        )

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
        print("  predicate: \(format), sorted by year descending, then title")
        print(
            String(
                format: "  ModelFetchRequest %7.1f ms   hand-written Swift %7.1f ms   %5.2fx hand-written",
                medians[0],
                medians[1],
                medians[0] / medians[1]
            )
        )
    }
}

/// A small, seeded generator, so that every run measures the same books.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
