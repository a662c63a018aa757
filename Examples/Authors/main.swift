// The Authors example: decode a JSON document into Author and Book objects through
// Models/Authors.xcdatamodeld, change the graph, and encode it back.
//
//     swift run authors [path/to/Authors.xcdatamodeld] [path/to/authors.json]
import AuthorsKit
import Foundation
import ModelMapper

let arguments = CommandLine.arguments.dropFirst()
let modelURL = URL(fileURLWithPath: arguments.first ?? "Models/Authors.xcdatamodeld")

do {
    // The generated AuthorsModel registers the `Date` transformer the model declares, and binds
    // Author, Book and Pricing to the model's entities; AuthorsModel.load() would read the model
    // embedded in the generated code instead.
    let model = try AuthorsModel.load(contentsOf: modelURL)
    let jsonURL =
        arguments.dropFirst().first.map(URL.init(fileURLWithPath:))
        ?? Bundle.module.url(forResource: "Authors", withExtension: "json")
    guard let jsonURL else { throw MappingError(.missingValue, detail: "Authors.json is not in the example's bundle") }
    let data = try Data(contentsOf: jsonURL)

    let decoder = ModelDecoder(model: model)
    let authors = try decoder.decode([Author].self, from: data, at: "authors")

    for author in authors {
        let born = author.dateOfBirth.map { " (born \($0.formatted(date: .long, time: .omitted)))" } ?? ""
        print("\(author.fullName)\(born)")
        for book in author.books {
            let year = book.year.map { " (\($0))" } ?? ""
            let price = book.retailPrice.map { ", \($0) \(book.pricing?.currency ?? "")" } ?? ""
            print("  - \(book.title)\(year)\(price)")
        }
    }

    // Add a book: the inverse (book.author) follows.
    if let twain = authors.first, let bookEntity = model.entitiesByName["Book"] {
        let book = Book(entity: bookEntity)
        book.bookID = 104
        book.title = "A Connecticut Yankee in King Arthur's Court"
        book.year = 1889
        try twain.add(modelObject: book, forKey: "books")
        print("\nadded \"\(book.title)\" to \(book.author?.lastName ?? "nobody")'s books\n")
    }

    let encoder = ModelEncoder(options: .init(outputFormatting: [.prettyPrinted, .withoutEscapingSlashes]))
    print(String(decoding: try encoder.encode(authors, at: "authors"), as: UTF8.self))
} catch {
    FileHandle.standardError.write(Data("authors: \(error)\n".utf8))
    exit(1)
}
