import Foundation
import ModelMapper

/// Loads `Models/Authors.xcdatamodeld` with its classes bound and its transformers registered.
///
/// ```swift
/// let model = try AuthorsModel.load(from: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// let authors = try ModelDecoder(model: model).decode([Author].self, from: data, at: "authors")
/// ```
public enum AuthorsModel {
    /// The classes of the model's entities.
    public static let classes: [ModelObject.Type] = [Author.self, Book.self, Pricing.self]

    /// Registers the transformers the model names: `Date` reads `yyyy-MM-dd` (`born`);
    /// `StringArray` is built in.
    public static func registerTransformers() {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
    }

    /// The model (a version of it, or the current one), classes bound, transformers registered.
    /// Older versions lack some entities (`Pricing`); their classes are left out.
    public static func load(from bundleURL: URL, version: String? = nil) throws -> ObjectModel {
        registerTransformers()
        let model = if let version { try ObjectModel(contentsOf: bundleURL, version: version) } else { try ObjectModel(contentsOf: bundleURL) }
        return try model.binding(classes, ignoringUnknownEntities: true)
    }
}
