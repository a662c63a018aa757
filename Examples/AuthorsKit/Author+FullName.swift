import Foundation
import ModelMapper

// The classes of Models/Authors.xcdatamodeld (Author, Book, Pricing) and the `AuthorsModel`
// type are generated at build time by ModelgenPlugin from Authors.xcdatamodeld in this folder
// (a link to the model in Models/). The generated `AuthorsModel.load()` registers the `Date`
// transformer the model declares (`dateFormat` = `yyyy-MM-dd` on `dateOfBirth`). This file
// adds what the model cannot say.

extension Author {
    /// "Mark Twain", or the last name alone.
    public var fullName: String {
        [firstName, lastName].compactMap { $0 }.joined(separator: " ")
    }
}
