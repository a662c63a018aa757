/// An entity, given as its ``EntityDescription`` or by its name: what each entry point that
/// reads, merges or finds objects of one entity takes, so that each has one form.
///
/// For example:
///
/// ```swift
/// let authors = try decoder.decodeObjects(of: "Author", from: data, at: "authors")
/// let author = try model.checkedEntity(named: "Author")
/// let same = try decoder.decodeObjects(of: author, from: data, at: "authors")
/// ```
///
/// `String` and `EntityDescription` conform. A name the model does not have is the entry
/// point's error for an unknown entity (`MappingError.unknownEntity`, with the closest name
/// the model has), or no objects where the entry point finds rather than reads. A description
/// of another model's entity stands for the entity of the same name. A type of your own that
/// conforms (an enumeration of your entity names, say) stands for the entity named by its
/// `description`.
public protocol EntitySpecifier: Sendable {}

extension String: EntitySpecifier {}

extension EntityDescription: EntitySpecifier {}

extension EntitySpecifier {
    /// The name of the entity this specifies.
    package var specifiedEntityName: String {
        // The two kinds told by their types, without a dynamic cast (each cast cost a decode
        // call of a small document about a hundred instructions).
        if Self.self == String.self { return unsafeBitCast(self, to: String.self) }
        if Self.self == EntityDescription.self { return unsafeBitCast(self, to: EntityDescription.self).name }
        return String(describing: self)
    }
}
