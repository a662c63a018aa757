import Foundation

// The plain data an `ObjectModel` stores. Public description types are small handles
// (the model plus indexes) that read these records, so the model holds no references to
// itself: it is immutable, `Sendable` without locks, and freed when its last user lets go.

/// Where a property is declared: `entities[entity].ownAttributes[index]` or
/// `.ownRelationships[index]`. It also carries the property's name, so lookups by name
/// need not touch the record.
struct PropertyReference: Sendable, Hashable {
    var entity: Int
    var index: Int
    var name: String
    var isRelationship: Bool

    static func == (lhs: PropertyReference, rhs: PropertyReference) -> Bool {
        lhs.entity == rhs.entity && lhs.index == rhs.index
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(index)
    }
}

struct AttributeRecord: Sendable {
    var name: String
    var attributeType: AttributeType
    var isOptional: Bool
    var isTransient: Bool
    var isDerived: Bool
    var derivationExpression: String?
    var isIndexed: Bool
    var defaultValueString: String?
    var defaultValue: (any Sendable)?
    var minValueString: String?
    var maxValueString: String?
    var minValue: (any Sendable)?
    var maxValue: (any Sendable)?
    var minLength: Int?
    var maxLength: Int?
    var regularExpressionString: String?
    var valueTransformerName: String?
    var customClassName: String?
    var compositeName: String?
    var usesScalarValueType: Bool
    var allowsExternalBinaryDataStorage: Bool
    var isIdentity: Bool
    var userInfo: [String: String]
    /// The `jsonKeyPath` in userInfo (or an alias), nil when none is given.
    var declaredJSONKeyPath: JSONKeyPath?
    /// The declared key path, else the property's name.
    var jsonKeyPath: JSONKeyPath { declaredJSONKeyPath ?? JSONKeyPath(key: name) }
    var xmlAttributes: XMLAttributes
    var position: SourcePosition
    var location: SourceLocation { position.location }
}

struct RelationshipRecord: Sendable {
    var name: String
    var destinationEntityName: String
    var destinationEntity: Int
    var inverseName: String?
    var inverseEntityName: String?
    var inverse: PropertyReference?
    var isInverseReciprocal: Bool
    var isToMany: Bool
    var isOrdered: Bool
    var minCount: Int
    var maxCount: Int
    var deletionRule: DeletionRule
    var isOptional: Bool
    var isTransient: Bool
    var isIndexed: Bool
    var userInfo: [String: String]
    /// The `jsonKeyPath` in userInfo (or an alias), nil when none is given.
    var declaredJSONKeyPath: JSONKeyPath?
    /// The declared key path, else the property's name.
    var jsonKeyPath: JSONKeyPath { declaredJSONKeyPath ?? JSONKeyPath(key: name) }
    var xmlAttributes: XMLAttributes
    var position: SourcePosition
    var location: SourceLocation { position.location }
}

struct EntityRecord: Sendable {
    func location(of property: PropertyReference) -> SourceLocation {
        property.isRelationship ? ownRelationships[property.index].location : ownAttributes[property.index].location
    }

    var name: String
    var representedClassName: String?
    var superentity: Int?
    var subentities: [Int]
    var isAbstract: Bool
    var codeGenerationType: String?
    var userInfo: [String: String]
    var uniquenessConstraints: [[String]]
    var identityAttributeNames: [String]
    /// The attributes this entity declares itself, in file order.
    var ownAttributes: [AttributeRecord]
    /// The relationships this entity declares itself, in file order.
    var ownRelationships: [RelationshipRecord]
    /// The properties this entity declares itself, in file order.
    var ownProperties: [PropertyReference]
    /// Inherited properties first (from the root superentity down), then its own.
    var properties: [PropertyReference]
    var propertyIndexByName: [String: Int]
    var attributeIndexes: [Int]
    var relationshipIndexes: [Int]
    var fetchedProperties: [FetchedPropertyDescription]
    /// The JSON key naming an object's entity, own or inherited (`jsonTypeKey`).
    var typeKey: String?
    /// The value of `typeKey` that means this entity (`jsonTypeValue`, else the name).
    var typeValue: String
    var xmlAttributes: XMLAttributes
    var position: SourcePosition
    var location: SourceLocation { position.location }
}

/// Everything an `ObjectModel` is made of, as the loader produces it.
struct ModelContents: Sendable {
    var sourceURL: URL?
    var versionName: String?
    var modelAttributes: [String: String]
    var entityRecords: [EntityRecord]
    var configurations: [ModelConfiguration]
    var fetchRequestTemplates: [FetchRequestTemplate]
    var composites: [CompositeDescription]
    var warnings: [ModelDiagnostic]
    /// The source, for locations and for the normalised text of the file.
    var source: SourceLocator?
}
