import Foundation

/// An attribute as the model stores it (read through ``AttributeDescription``).
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
    /// Which way the transformer's forward transformation goes: from the model for the XML's
    /// own field, from JSON for one named in userInfo.
    var valueTransformerDirection: ValueTransformer.Direction {
        if let name = xmlAttributes[.valueTransformerName], !name.isEmpty { return .modelToJSON }
        return valueTransformerName == nil ? .modelToJSON : .jsonToModel
    }
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
