import Foundation
import ModelMapper
import Mustache

/// Properties: each attribute and relationship as the templates see it, with its Swift type
/// (an enum of raw values where the model names one).
extension GenerationRun {
    mutating func attributeContext(_ attribute: AttributeDescription, swiftName: String) -> PropertyTemplateContext {
        let (baseType, zero) = swiftType(of: attribute)
        let isOptional = attribute.isOptional || zero == nil
        let swiftType = isOptional ? Self.optional(baseType) : baseType
        let read = "value(forKey: Keys.\(swiftName))"
        if let enumType = rawValueTypeName(of: attribute) {
            return rawValueAttributeContext(attribute, swiftName: swiftName, typeName: enumType)
        }
        let getter: String
        if baseType == "Any" {
            getter = read
        } else if isOptional {
            getter = "\(read) as? \(Self.unwrapped(baseType))"
        } else {
            getter = "\(read) as? \(baseType) ?? \(zero ?? "nil")"
        }
        var docLines = [
            "`\(attribute.name)`: \(attribute.attributeType.rawValue)" + (attribute.isOptional ? ", optional" : "")
                + (attribute.isTransient ? ", transient" : "") + "."
        ]
        if !attribute.isOptional, zero == nil {
            docLines.append("Non-optional in the model; nil until it has a value, as \(baseType) has no zero value.")
        }
        var mapping = "JSON: `\(attribute.jsonKeyPath)`"
        if let transformer = attribute.valueTransformerName {
            mapping += ", through value transformer `\(transformer)`"
        }
        if let defaultValue = attribute.defaultValueString { mapping += "; default `\(defaultValue)`" }
        docLines.append(mapping + ".")
        docLines.append("Model: entity `\(attribute.entity.name)`, line \(attribute.location.line).")
        return PropertyTemplateContext(
            name: attribute.name,
            swiftName: swiftName,
            capitalizedName: SwiftNaming.capitalized(swiftName),
            swiftType: swiftType,
            getter: getter,
            setter: "setPrimitiveValue(newValue, forKey: Keys.\(swiftName))",
            rawValueType: "",
            isToMany: false,
            isOptional: isOptional,
            destinationClassName: "",
            jsonKeyPath: attribute.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    /// The Swift type an attribute's userInfo names for its raw values (``MappingKeys/swiftType``),
    /// when it can hold them: a String or integer attribute, and a type name (`Status`,
    /// `Order.Status`). Otherwise nil, with a warning: the attribute is generated with its own type.
    mutating func rawValueTypeName(of attribute: AttributeDescription) -> String? {
        guard let name = attribute.swiftTypeName else { return nil }
        let typeName = name.trimmingCharacters(in: .whitespaces)
        let components = typeName.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.allSatisfy({ SwiftNaming.isIdentifier($0) && !SwiftNaming.keywords.contains($0) }) else {
            warn(
                "attribute '\(attribute.entity.name).\(attribute.name)': swiftType '\(name)' is not a Swift type name; "
                    + "generated as \(swiftType(of: attribute).0)",
                at: attribute.location
            )
            return nil
        }
        switch attribute.attributeType {
        case .string, .integer16, .integer32, .integer64:
            return typeName
        default:
            warn(
                "attribute '\(attribute.entity.name).\(attribute.name)': swiftType '\(name)' needs a String or Integer "
                    + "attribute to hold its raw values, and this one is \(attribute.attributeType.rawValue); "
                    + "generated as \(swiftType(of: attribute).0)",
                at: attribute.location
            )
            return nil
        }
    }

    /// An attribute typed with the Swift type of its raw values: optional (an enum has no
    /// zero value, and a stored value may be none of its raw values), read and written through
    /// the raw value, and named in the class's `rawValueTypes` so that decoding checks it.
    func rawValueAttributeContext(_ attribute: AttributeDescription, swiftName: String, typeName: String)
        -> PropertyTemplateContext
    {
        var docLines = [
            "`\(attribute.name)`: \(attribute.attributeType.rawValue) holding raw values of `\(typeName)`"
                + (attribute.isOptional ? ", optional" : "") + (attribute.isTransient ? ", transient" : "") + "."
        ]
        docLines.append(
            "Nil when unset, null, or none of its raw values; decoding refuses a value that is none of them."
        )
        var mapping = "JSON: `\(attribute.jsonKeyPath)`"
        if let defaultValue = attribute.defaultValueString { mapping += "; default `\(defaultValue)`" }
        docLines.append(mapping + ".")
        docLines.append("Model: entity `\(attribute.entity.name)`, line \(attribute.location.line).")
        return PropertyTemplateContext(
            name: attribute.name,
            swiftName: swiftName,
            capitalizedName: SwiftNaming.capitalized(swiftName),
            swiftType: typeName + "?",
            getter: "rawRepresentableValue(forKey: Keys.\(swiftName), as: \(typeName).self)",
            setter: "setRawRepresentableValue(newValue, forKey: Keys.\(swiftName))",
            rawValueType: typeName,
            isToMany: false,
            isOptional: true,
            destinationClassName: "",
            jsonKeyPath: attribute.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    func relationshipContext(_ relationship: RelationshipDescription, swiftName: String) -> PropertyTemplateContext {
        let destination = classNames[relationship.destinationEntity.index] ?? "ModelMapper.ModelObject"
        let read = "value(forKey: Keys.\(swiftName))"
        let swiftType = relationship.isToMany ? "[\(destination)]" : "\(destination)?"
        let getter =
            relationship.isToMany
            ? "(\(read) as? [ModelMapper.ModelObject] ?? []).compactMap { $0 as? \(destination) }"
            : "\(read) as? \(destination)"
        var summary =
            "`\(relationship.name)`: "
            + (relationship.isToMany ? "to-many\(relationship.isOrdered ? ", ordered" : "")" : "to-one")
        summary += " \(relationship.destinationEntity.name)"
        if let inverse = relationship.inverseRelationship { summary += ", inverse `\(inverse.name)`" }
        let docLines = [
            summary + ".",
            "JSON: `\(relationship.jsonKeyPath)`.",
            "Model: entity `\(relationship.entity.name)`, line \(relationship.location.line).",
        ]
        return PropertyTemplateContext(
            name: relationship.name,
            swiftName: swiftName,
            capitalizedName: SwiftNaming.capitalized(swiftName),
            swiftType: swiftType,
            getter: getter,
            setter: "setPrimitiveValue(newValue, forKey: Keys.\(swiftName))",
            rawValueType: "",
            isToMany: relationship.isToMany,
            isOptional: !relationship.isToMany,
            destinationClassName: destination,
            jsonKeyPath: relationship.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    /// The Swift type of an attribute and the value a non-optional one reads before it has one
    /// (nil when the type has none, which makes the property optional).
    mutating func swiftType(of attribute: AttributeDescription) -> (String, String?) {
        switch attribute.attributeType {
        case .integer16: return ("Int16", "0")
        case .integer32: return ("Int32", "0")
        case .integer64: return ("Int64", "0")
        case .decimal: return ("Decimal", "0")
        case .double: return ("Double", "0")
        case .float: return ("Float", "0")
        case .string: return ("String", "\"\"")
        case .boolean: return ("Bool", "false")
        case .date: return ("Date", nil)
        case .binaryData: return ("Data", "Data()")
        case .uuid: return ("UUID", nil)
        case .uri: return ("URL", nil)
        case .composite: return ("[String: Any]", nil)
        case .objectID, .undefined: return ("Any", nil)
        case .transformable:
            guard let custom = attribute.customClassName else { return ("Any", nil) }
            if options.trustsCustomClassNames { return (custom, nil) }
            guard let type = CustomTypeName.swiftType(for: custom) else {
                warn(
                    "attribute '\(attribute.entity.name).\(attribute.name)': custom class '\(custom)' is not a "
                        + "standard Swift or Foundation type; generated as Any (modelgen generate "
                        + "--trust-custom-class-names uses it as written)",
                    at: attribute.location
                )
                return ("Any", nil)
            }
            return (type, nil)
        }
    }

    static func optional(_ type: String) -> String {
        if type == "Any" { return "Any?" }
        return type.hasSuffix("?") ? type : type + "?"
    }

    static func unwrapped(_ type: String) -> String {
        var result = type
        while result.hasSuffix("?") { result.removeLast() }
        return result
    }
}
