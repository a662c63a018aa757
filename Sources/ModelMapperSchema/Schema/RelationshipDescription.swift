import Foundation

/// A relationship of an entity: its destination, cardinality, inverse and JSON mapping.
///
/// ```swift
/// if let books = model.entitiesByName["Author"]?.relationshipsByName["books"] {
///     books.isToMany                         // true
///     books.destinationEntity.name           // "Book"
///     books.inverseRelationship?.name        // "author"
/// }
/// ```
public struct RelationshipDescription: Sendable, Hashable, CustomStringConvertible {
    /// The model the relationship belongs to.
    public let model: ObjectModel
    let reference: PropertyReference

    init(model: ObjectModel, reference: PropertyReference) {
        self.model = model
        self.reference = reference
    }

    var record: RelationshipRecord { model.relationshipRecord(reference) }

    /// The relationship's name in the model.
    public var name: String { reference.name }

    /// The entity that declares the relationship (a superentity, for an inherited one).
    public var entity: EntityDescription { EntityDescription(model: model, index: reference.entity) }

    /// The entity at the other end. Loading fails when it does not exist, so there always is one.
    public var destinationEntity: EntityDescription {
        EntityDescription(model: model, index: record.destinationEntity)
    }

    /// The relationship that leads back, as the model declares it (`inverseName`), if any.
    public var inverseRelationship: RelationshipDescription? {
        record.inverse.map { RelationshipDescription(model: model, reference: $0) }
    }

    /// Whether the inverse names this relationship as its own inverse. A model may pair
    /// relationships one-sidedly (old Xcode versions did); then only the declared
    /// direction is known, and ModelMapper does not maintain the inverse automatically.
    public var isInverseReciprocal: Bool { record.isInverseReciprocal }

    /// Whether the relationship holds many objects (`toMany="YES"`).
    public var isToMany: Bool { record.isToMany }

    /// Whether the to-many's JSON is an object keyed by its objects' identities (`jsonForm`
    /// `map` or `mapOmittingIdentity`, ``MappingKeys/jsonForm``).
    package var isKeyedByIdentity: Bool { record.isKeyedByIdentity }
    /// Whether a to-many relationship keeps its order (`ordered="YES"`).
    public var isOrdered: Bool { record.isOrdered }
    /// The minimum number of objects (0 when not set).
    public var minCount: Int { record.minCount }
    /// The maximum number of objects (0 means no limit).
    public var maxCount: Int { record.maxCount }
    /// What a store would do with the destination on deletion (informational).
    public var deletionRule: DeletionRule { record.deletionRule }
    /// Whether the relationship may be empty (not enforced by the decoder).
    public var isOptional: Bool { record.isOptional }
    /// Whether Core Data would not store it (`transient="YES"`).
    public var isTransient: Bool { record.isTransient }
    /// Whether the store indexes it (informational).
    public var isIndexed: Bool { record.isIndexed }
    /// The relationship's user info, as written in the model.
    public var userInfo: [String: String] { record.userInfo }

    /// Where the related object(s) are in JSON: `userInfo` `jsonKeyPath` (or an alias,
    /// see ``MappingKeys``), else the relationship's own name.
    public var jsonKeyPath: JSONKeyPath { record.jsonKeyPath }

    /// The key path the model's userInfo gives, nil when it gives none. A declared key path
    /// is used as written whatever the coder's ``JSONKeyCasing``.
    public var declaredJSONKeyPath: JSONKeyPath? { record.declaredJSONKeyPath }

    /// Every XML attribute of the `<relationship>` element as written, unknown ones included.
    public var xmlAttributes: [String: String] { record.xmlAttributes.dictionary }

    /// Where the relationship is declared.
    public var location: SourceLocation { record.location }

    /// Whether both describe the same relationship of the same loaded model.
    public static func == (lhs: RelationshipDescription, rhs: RelationshipDescription) -> Bool {
        lhs.model === rhs.model && lhs.reference == rhs.reference
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(model))
        hasher.combine(reference)
    }

    /// This `RelationshipDescription` as text, as `print` and string interpolation show it.
    public var description: String {
        "RelationshipDescription(\(entity.name).\(name) -> "
            + "\(isToMany ? "[\(record.destinationEntityName)]" : record.destinationEntityName))"
    }
}
