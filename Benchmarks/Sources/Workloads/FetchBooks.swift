import AuthorsClasses
import Foundation
import ModelMapper

/// Books for fetching: `count` decoded `Book`s of varied years, ratings and favourites, and a
/// fetch request with a three-clause predicate and two sort descriptors over them.
package enum FetchBooks {
    /// `count` books of varied years, ratings and favourites, as a top-level JSON array.
    package static func document(count: Int) -> Data {
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

    package static let format = "year >= 1900 AND rating > 3.5 AND favorite == YES"

    /// The books of ``document(count:)``, decoded into the Authors model's classes.
    package static func books(count: Int) throws -> [Book] {
        AuthorsModel.registerTransformers()
        let model = try AuthorsModel.load(contentsOf: ModelFolder.url.appendingPathComponent("Authors.xcdatamodeld"))
        return try ModelDecoder(model: model, options: benchmarkDecoderOptions)
            .decode([Book].self, from: document(count: count))
    }

    /// The request: ``format``, sorted by year descending, then title.
    package static func request() throws -> ModelFetchRequest {
        ModelFetchRequest(
            entityName: "Book",
            predicate: try ModelPredicate(format: format),
            sortDescriptors: [
                ModelSortDescriptor(keyPath: "year", ascending: false), ModelSortDescriptor(keyPath: "title"),
            ]
        )
    }
}

/// A small, seeded generator, so that every run measures the same books.
package struct SplitMix: RandomNumberGenerator {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
