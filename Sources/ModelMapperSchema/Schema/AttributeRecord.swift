import Foundation

/// An attribute as the model stores it (read through ``AttributeDescription``).
package struct AttributeRecord: Sendable {
    package var name: String
    package var attributeType: AttributeType
    package var isOptional: Bool
    package var isTransient: Bool
    var isDerived: Bool
    package var derivationExpression: String?
    var isIndexed: Bool
    var defaultValueString: String?
    package var defaultValue: (any Sendable)?
    var minValueString: String?
    var maxValueString: String?
    package var minValue: (any Sendable)?
    package var maxValue: (any Sendable)?
    package var minLength: Int?
    package var maxLength: Int?
    var regularExpressionString: String?
    package var valueTransformerName: String?
    /// Which way the transformer's forward transformation goes: from the model for the XML's
    /// own field, from JSON for one named in userInfo.
    package var valueTransformerDirection: ValueTransformer.Direction {
        if let name = xmlAttributes[.valueTransformerName], !name.isEmpty { return .modelToJSON }
        return valueTransformerName == nil ? .modelToJSON : .jsonToModel
    }
    var customClassName: String?
    package var compositeName: String?
    var usesScalarValueType: Bool
    var allowsExternalBinaryDataStorage: Bool
    var isIdentity: Bool
    package var userInfo: [String: String]
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
