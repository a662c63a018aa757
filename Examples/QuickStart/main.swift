import AuthorsKit
import Foundation
import ModelMapper

// The classes Author, Book and Pricing, and AuthorsModel, are generated from
// Authors.xcdatamodeld at build time by ModelgenPlugin (the AuthorsKit target). load()
// registers the transformer the model declares: `born` is a `yyyy-MM-dd` date.
let model = try AuthorsModel.load()

// Decode: JSON into typed objects, keys mapped as the model says (`author_id` is `authorID`).
let page1 = Data(
    #"""
    {"authors": [{"author_id": 1, "firstName": "Mark", "lastName": "Twain", "born": "1835-11-30",
                  "books": [{"book_id": 101, "title": "The Adventures of Tom Sawyer", "year": 1876}]}]}
    """#
    .utf8
)
let authors = try ModelDecoder(model: model).decode([Author].self, from: page1, at: "authors")
print(authors[0].fullName, "wrote", authors[0].books.map(\.title))

// Merge: documents into one graph, objects made one by their identity (`authorID`). A graph
// reads the keys and identities the decoder reads: no options needed.
let graph = ObjectGraph(model: model)
try graph.merge(page1, entity: "Author", at: "authors")
let page2 = Data(
    #"{"authors": [{"author_id": 1, "lastName": "Twain", "books": [{"book_id": 102, "title": "Roughing It"}]}]}"#.utf8
)
try graph.merge(page2, entity: "Author", at: "authors")
if let twain = graph.object(of: "Author", identity: Int64(1)) as? Author {
    print(graph.count, "objects;", twain.firstName ?? "?", "now wrote", twain.books.map(\.title))

    // Make: an object in code takes the values the model requires; setters tell the graph.
    let before = graph.changePoint
    twain.addToBooks(try Book(model: model, bookID: 103, title: "Life on the Mississippi"))
    print("updated:", graph.changes(since: before).updated.compactMap { ($0 as? Author)?.lastName })

    // Encode: the objects back to JSON.
    let encoder = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))
    print(String(decoding: try encoder.encode(twain), as: UTF8.self))
}
