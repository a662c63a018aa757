import Foundation

/// A property of an entity: an attribute or a relationship.
///
/// ```swift
/// for property in entity.properties {
///     switch property {
///     case .attribute(let attribute): print(attribute.name, attribute.attributeType)
///     case .relationship(let relationship): print(relationship.name, "->", relationship.destinationEntity.name)
///     }
/// }
/// ```
public enum PropertyDescription: Sendable, Hashable {
    /// An attribute: a value.
    case attribute(AttributeDescription)
    /// A relationship: objects of another entity.
    case relationship(RelationshipDescription)

    init(model: ObjectModel, reference: PropertyReference) {
        if reference.isRelationship {
            self = .relationship(RelationshipDescription(model: model, reference: reference))
        } else {
            self = .attribute(AttributeDescription(model: model, reference: reference))
        }
    }

    /// The property's name in the model.
    public var name: String {
        switch self {
        case .attribute(let attribute): attribute.name
        case .relationship(let relationship): relationship.name
        }
    }

    /// The entity that declares the property.
    public var entity: EntityDescription {
        switch self {
        case .attribute(let attribute): attribute.entity
        case .relationship(let relationship): relationship.entity
        }
    }

    /// Whether the property may have no value.
    public var isOptional: Bool {
        switch self {
        case .attribute(let attribute): attribute.isOptional
        case .relationship(let relationship): relationship.isOptional
        }
    }

    /// Whether Core Data would not store it.
    public var isTransient: Bool {
        switch self {
        case .attribute(let attribute): attribute.isTransient
        case .relationship(let relationship): relationship.isTransient
        }
    }

    /// The property's user info, as written in the model.
    public var userInfo: [String: String] {
        switch self {
        case .attribute(let attribute): attribute.userInfo
        case .relationship(let relationship): relationship.userInfo
        }
    }

    /// Where the property is in JSON.
    public var jsonKeyPath: JSONKeyPath {
        switch self {
        case .attribute(let attribute): attribute.jsonKeyPath
        case .relationship(let relationship): relationship.jsonKeyPath
        }
    }

    /// The key path the model's userInfo gives, nil when it gives none.
    public var declaredJSONKeyPath: JSONKeyPath? {
        switch self {
        case .attribute(let attribute): attribute.declaredJSONKeyPath
        case .relationship(let relationship): relationship.declaredJSONKeyPath
        }
    }

    /// Where the property is declared.
    public var location: SourceLocation {
        switch self {
        case .attribute(let attribute): attribute.location
        case .relationship(let relationship): relationship.location
        }
    }

    /// The attribute, if the property is one.
    public var attribute: AttributeDescription? {
        if case .attribute(let attribute) = self { attribute } else { nil }
    }

    /// The relationship, if the property is one.
    public var relationship: RelationshipDescription? {
        if case .relationship(let relationship) = self { relationship } else { nil }
    }
}
