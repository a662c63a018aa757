import Foundation

// The plain data an `ObjectModel` stores. Public description types are small handles
// (the model plus indexes) that read these records, so the model holds no references to
// itself: it is immutable, `Sendable` without locks, and freed when its last user lets go.

/// Where a property is declared: `entities[entity].ownProperties[index]`.
struct PropertyReference: Sendable, Hashable {
    var entity: Int
    var index: Int
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
    var jsonKeyPath: JSONKeyPath
    var xmlAttributes: [String: String]
    var location: SourceLocation
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
    var jsonKeyPath: JSONKeyPath
    var xmlAttributes: [String: String]
    var location: SourceLocation
}

enum PropertyRecord: Sendable {
    case attribute(AttributeRecord)
    case relationship(RelationshipRecord)

    var name: String {
        switch self {
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    var location: SourceLocation {
        switch self {
        case .attribute(let attribute): attribute.location
        case .relationship(let relationship): relationship.location
        }
    }
}

struct EntityRecord: Sendable {
    var name: String
    var representedClassName: String?
    var superentity: Int?
    var subentities: [Int]
    var isAbstract: Bool
    var codeGenerationType: String?
    var userInfo: [String: String]
    var uniquenessConstraints: [[String]]
    var identityAttributeNames: [String]
    /// The properties this entity declares itself, in file order.
    var ownProperties: [PropertyRecord]
    /// Inherited properties first (from the root superentity down), then its own.
    var properties: [PropertyReference]
    var propertyIndexByName: [String: Int]
    var attributeIndexes: [Int]
    var relationshipIndexes: [Int]
    var fetchedProperties: [FetchedPropertyDescription]
    var xmlAttributes: [String: String]
    var location: SourceLocation
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
}
