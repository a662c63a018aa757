import Foundation

/// A relationship as the model stores it (read through ``RelationshipDescription``).
package struct RelationshipRecord: Sendable {
    package var name: String
    var destinationEntityName: String
    package var destinationEntity: Int
    var inverseName: String?
    var inverseEntityName: String?
    package var inverse: PropertyReference?
    package var isInverseReciprocal: Bool
    package var isToMany: Bool
    var isOrdered: Bool
    var minCount: Int
    var maxCount: Int
    var deletionRule: DeletionRule
    package var isOptional: Bool
    package var isTransient: Bool
    var isIndexed: Bool
    package var userInfo: [String: String]
    /// Whether the to-many's JSON is an object keyed by its destination objects' identities
    /// (`jsonForm` `map`), the loader having checked that the destination has one identity
    /// attribute a key can spell.
    package var isKeyedByIdentity = false
    /// Whether the map's values leave their identity to their key (`jsonForm`
    /// `mapOmittingIdentity`) rather than repeat it.
    package var omitsIdentityInValues = false
    /// The `jsonKeyPath` in userInfo (or an alias), nil when none is given.
    var declaredJSONKeyPath: JSONKeyPath?
    /// The declared key path, else the property's name.
    var jsonKeyPath: JSONKeyPath { declaredJSONKeyPath ?? JSONKeyPath(key: name) }
    var xmlAttributes: XMLAttributes
    var position: SourcePosition
    /// Whether the element holds a `<userInfo>`, even an empty one (Xcode writes `<userInfo/>`
    /// where entries were removed), so that writing the model gives it back.
    var hasUserInfoElement = false
    var location: SourceLocation { position.location }
}
