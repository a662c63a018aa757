import Foundation
import ModelMapper

// The classes of Models/Authors.xcdatamodeld (Author, Book, Pricing) and the `AuthorsModel`
// type are generated at build time by ModelgenPlugin from Authors.xcdatamodeld in this folder
// (a link to the model in Models/). This file adds what the model cannot say.

extension AuthorsModel {
    /// Registers the value transformers the model names: `Date` reads `born` as `yyyy-MM-dd`
    /// (`StringArray`, for `tags`, is built in).
    public static func registerTransformers() {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
    }
}

extension Author {
    /// "Mark Twain", or the last name alone.
    public var fullName: String {
        [firstName, lastName].compactMap { $0 }.joined(separator: " ")
    }
}
