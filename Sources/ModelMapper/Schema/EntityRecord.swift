import Foundation

/// An entity as the model stores it (read through ``EntityDescription``).
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
