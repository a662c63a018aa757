// Mapping benchmark: decoding and encoding a generated Authors document (authors with ten
// books each, every book with a one-to-one pricing and a flattened price) with ModelMapper,
// side by side in one run with Foundation's JSONDecoder/JSONEncoder (Codable structs of the
// same shape) and JSONSerialization.
//
//     swift run -c release mapping-benchmark [authors] [repetitions]
//
// The contenders run in interleaved rounds (see BenchmarkSupport); prints the median time of
// each and ModelMapper's ratios to the Foundation baselines.
import AuthorsKit
import BenchmarkSupport
import Foundation
import ModelMapper

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let authorCount = arguments.first ?? 2_000
let repetitions = arguments.dropFirst().first ?? 7

struct CodablePricing: Codable { var retail_price: Decimal?; var currency: String?; var list_price: Decimal? }
struct CodableBook: Codable { var book_id: Int64; var title: String; var year: Int16?; var tags: String?; var rating: Double?; var favorite: Bool?; var pricing: CodablePricing? }
struct CodableAuthor: Codable { var author_id: Int64; var firstName: String?; var lastName: String; var born: String?; var books: [CodableBook] }
struct CodableDocument: Codable { var authors: [CodableAuthor] }

/// The document, written by ModelMapper's own writer so the input is the same for everyone.
func document() -> Data {
    var authors: [JSONValue] = []
    for author in 0..<authorCount {
        var books: [JSONValue] = []
        for book in 0..<10 {
            books.append([
                "book_id": .integer(author * 100 + book), "title": .string("Book \(book) of author \(author)"), "year": .integer(1850 + book),
                "tags": "classic,novel", "rating": 4.5, "favorite": .bool(book % 2 == 0),
                "pricing": ["retail_price": 9.99, "currency": "USD", "list_price": 12.5],
            ])
        }
        authors.append(["author_id": .integer(author), "firstName": "Samuel", "lastName": "Clemens", "born": "1835-11-30", "books": .array(books)])
    }
    let root: JSONValue = ["authors": .array(authors)]
    return root.jsonData()
}

let data = document()
AuthorsModel.registerTransformers()
let model = try AuthorsModel.load(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
let decoder = ModelDecoder(model: model)
let authors = try decoder.decode([Author].self, from: data, at: "authors")
let codable = try JSONDecoder().decode(CodableDocument.self, from: data)
let foundation = try JSONSerialization.jsonObject(with: data)
guard authors.count == authorCount, codable.authors.count == authorCount else { fatalError("the document did not decode") }

let contenders: [(name: String, body: () throws -> Void)] = [
    ("decode", { _ = try decoder.decode([Author].self, from: data, at: "authors") }),
    ("jsondecoder", { _ = try JSONDecoder().decode(CodableDocument.self, from: data) }),
    ("serialization-read", { _ = try JSONSerialization.jsonObject(with: data) }),
    ("encode", { _ = try ModelEncoder().encode(authors, at: "authors") }),
    ("jsonencoder", { _ = try JSONEncoder().encode(codable) }),
    ("serialization-write", { _ = try JSONSerialization.data(withJSONObject: foundation) }),
]

/// Runs one contender; a function of its own so that callgrind can count it alone.
@inline(never) func measuredRun(_ body: () throws -> Void) rethrows { try body() }

// `--only NAME` runs one contender once, for counting its instructions, and nothing of the
// setup, with callgrind (from the package folder):
//     valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRun*' \
//         .build/release/mapping-benchmark 2000 1 --only decode
if let index = CommandLine.arguments.firstIndex(of: "--only"), let name = CommandLine.arguments.dropFirst(index + 1).first {
    guard let contender = contenders.first(where: { $0.name == name }) else {
        print("--only takes one of: \(contenders.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    try measuredRun(contender.body)
    exit(0)
}
let medians = try InterleavedRounds.medians(rounds: repetitions, contenders.map(\.body)).map(\.milliseconds)
let (decodeModelMapper, decodeCodable, decodeSerialization) = (medians[0], medians[1], medians[2])
let (encodeModelMapper, encodeCodable, encodeSerialization) = (medians[3], medians[4], medians[5])

print("document: \(authorCount) authors, \(authorCount * 21) objects, \(data.count / 1024) KiB; medians of \(repetitions) interleaved rounds")
print(String(format: "decode  ModelDecoder %8.1f ms   JSONDecoder %8.1f ms   JSONSerialization %8.1f ms", decodeModelMapper, decodeCodable, decodeSerialization))
print(String(format: "encode  ModelEncoder %8.1f ms   JSONEncoder %8.1f ms   JSONSerialization %8.1f ms", encodeModelMapper, encodeCodable, encodeSerialization))
print(String(format: "ratios  decode: %.2f x JSONDecoder, %.2f x JSONSerialization;  encode: %.2f x JSONEncoder, %.2f x JSONSerialization",
             decodeModelMapper / decodeCodable, decodeModelMapper / decodeSerialization, encodeModelMapper / encodeCodable, encodeModelMapper / encodeSerialization))
