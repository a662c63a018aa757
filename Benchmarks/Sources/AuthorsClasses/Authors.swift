// The classes of Models/Authors.xcdatamodeld (Author, Book, Pricing) and its `AuthorsModel`
// type, generated at build time by ModelgenPlugin from Authors.xcdatamodeld in this folder (a
// link to the model in Models/), as an app would have them: the benchmarks decode into the
// classes a user's code decodes into.
import Foundation

/// Where the benchmarks find the package's model files: the Authors model beside the
/// generated classes, read from `Models/` of the repository.
public enum ModelFolder {
    /// `Models/` of the repository this package is in.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Models")
}
