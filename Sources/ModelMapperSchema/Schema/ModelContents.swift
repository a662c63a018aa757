import Foundation

/// Everything an `ObjectModel` is made of, as the loader produces it.
///
/// The plain data an `ObjectModel` stores (this and the records it holds: ``EntityRecord``,
/// ``AttributeRecord``, ``RelationshipRecord``, ``PropertyReference``). Public description types
/// are small handles (the model plus indexes) that read these records, so the model holds no
/// references to itself: it is immutable, `Sendable` without locks, and freed when its last user
/// lets go.
package struct ModelContents: Sendable {
    var sourceURL: URL?
    var versionName: String?
    var modelAttributes: [String: String]
    package var entityRecords: [EntityRecord]
    var configurations: [ModelConfiguration]
    var fetchRequestTemplates: [FetchRequestTemplate]
    var composites: [CompositeDescription]
    var warnings: [ModelDiagnostic]
    /// The children of `<model>` the loader does not read (the diagram's layout, a newer
    /// Xcode's elements).
    var otherElements: [ModelXMLNode] = []
    /// The conventions declared with the model, and the file that declares them.
    var conventions = ModelConventions()
    var conventionsURL: URL?
    /// The source, for locations and for the normalised text of the file.
    package var source: SourceLocator?
}
