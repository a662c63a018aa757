import Foundation

/// An entity as the model stores it (read through ``EntityDescription``).
package struct EntityRecord: Sendable {
    package func location(of property: PropertyReference) -> SourceLocation {
        property.isRelationship ? ownRelationships[property.index].location : ownAttributes[property.index].location
    }

    package var name: String
    var representedClassName: String?
    package var superentity: Int?
    package var subentities: [Int]
    package var isAbstract: Bool
    var codeGenerationType: String?
    package var userInfo: [String: String]
    var uniquenessConstraints: [[String]]
    package var identityAttributeNames: [String]
    /// The attributes this entity declares itself, in file order.
    package var ownAttributes: [AttributeRecord]
    /// The values the JSON of some of `ownAttributes` may hold (``MappingKeys/jsonValues``), by
    /// index; those of a list the loader reported are left out. Kept apart, as few attributes
    /// list values: a field of every attribute cost loading a model 1.6% more instructions.
    package var listedValues: [Int: DeclaredValues] = [:]
    /// The relationships this entity declares itself, in file order.
    package var ownRelationships: [RelationshipRecord]
    /// The properties this entity declares itself, in file order.
    var ownProperties: [PropertyReference]
    /// Inherited properties first (from the root superentity down), then its own.
    package var properties: [PropertyReference]
    package var propertyIndexByName: [String: Int]
    var attributeIndexes: [Int]
    var relationshipIndexes: [Int]
    var fetchedProperties: [FetchedPropertyDescription]
    /// The JSON key naming an object's entity, own or inherited (`jsonTypeKey`).
    package var typeKey: String?
    /// The value of `typeKey` that means this entity (`jsonTypeValue`, else the name).
    package var typeValue: String
    /// Whether the entity's objects are what a document holds at its top level
    /// (`jsonRootKeyPath`), and where: ``rootKeyPath``, nil for the document itself.
    package var isDeclaredRoot = false
    package var rootKeyPath: JSONKeyPath?
    var xmlAttributes: XMLAttributes
    /// The children of `<entity>` the loader does not read (indexes, a newer Xcode's elements).
    var otherElements: [ModelXMLNode] = []
    var position: SourcePosition
    /// Whether the element holds a `<userInfo>`, even an empty one (see `AttributeRecord`).
    var hasUserInfoElement = false
    package var location: SourceLocation { position.location }
}
