import Foundation
import ModelMapper
import Mustache

/// Properties: each attribute and relationship as the templates see it, with its Swift type
/// (an enum of raw values where the model names one).
extension GenerationRun {
    mutating func attributeContext(_ attribute: AttributeDescription, swiftName: String) -> PropertyTemplateContext {
        let baseType = swiftType(of: attribute)
        let isRequired = Self.isRequired(attribute)
        let swiftType = isRequired ? baseType : Self.optional(baseType)
        let read = "value(forKey: Keys.\(swiftName))"
        if let enumType = rawValueTypeName(of: attribute) {
            return rawValueAttributeContext(attribute, swiftName: swiftName, typeName: enumType)
        }
        let getter: String
        if isRequired {
            getter = "requiredValue(forKey: Keys.\(swiftName))"
        } else if baseType == "Any" {
            getter = read
        } else {
            getter = "\(read) as? \(Self.unwrapped(baseType))"
        }
        var docLines = [
            "`\(attribute.name)`: \(attribute.attributeType.rawValue)" + (attribute.isOptional ? ", optional" : "")
                + (attribute.isTransient ? ", transient" : "") + (attribute.isDerived ? ", derived" : "") + "."
        ]
        if let note = Self.requiredNote(attribute) { docLines.append(note) }
        var mapping = "JSON: `\(attribute.jsonKeyPath)`"
        if let transformer = attribute.valueTransformerName {
            mapping += ", through value transformer `\(transformer)`"
        }
        if let defaultValue = attribute.defaultValueString { mapping += "; default `\(defaultValue)`" }
        docLines.append(mapping + ".")
        if let note = Self.listedValuesNote(attribute) { docLines.append(note) }
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
            isOptional: !isRequired,
            isInitializerParameter: isRequired && attribute.defaultValue == nil,
            destinationClassName: "",
            jsonKeyPath: attribute.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    /// Whether an attribute is non-optional in Swift: the model requires it (neither optional
    /// nor transient), and it is stored rather than derived. Decoding refuses an object that
    /// lacks one of these unless the attribute has a default, which the object then reads.
    static func isRequired(_ attribute: AttributeDescription) -> Bool {
        !attribute.isOptional && !attribute.isTransient && !attribute.isDerived
    }

    /// What an attribute's documentation says of the values its model lists (`jsonValues`),
    /// which decoding holds it to; nil when it lists none.
    static func listedValuesNote(_ attribute: AttributeDescription) -> String? {
        attribute.listedValues.map { "Values: \($0.listDescription) (jsonValues); decoding refuses any other." }
    }

    /// What a required attribute's documentation says of reading it before it has a value.
    static func requiredNote(_ attribute: AttributeDescription) -> String? {
        guard isRequired(attribute), attribute.defaultValue == nil else { return nil }
        return "Required: reading it on a placeholder that lacks it stops the program (see `isPlaceholder`)."
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
                GeneratorCode.swiftTypeNotAName,
                "attribute '\(attribute.entity.name).\(attribute.name)': swiftType '\(name)' is not a Swift type name; "
                    + "generated as \(swiftType(of: attribute))",
                at: attribute.location
            )
            return nil
        }
        switch attribute.attributeType {
        case .string, .integer16, .integer32, .integer64:
            return typeName
        default:
            warn(
                GeneratorCode.swiftTypeWrongAttribute,
                "attribute '\(attribute.entity.name).\(attribute.name)': swiftType '\(name)' needs a String or Integer "
                    + "attribute to hold its raw values, and this one is \(attribute.attributeType.rawValue); "
                    + "generated as \(swiftType(of: attribute))",
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
        let isRequired = Self.isRequired(attribute)
        if isRequired, let note = Self.requiredNote(attribute) {
            docLines.append(note)
        } else if !isRequired {
            docLines.append(
                "Nil when unset, null, or none of its raw values; decoding refuses a value that is none of them."
            )
        }
        var mapping = "JSON: `\(attribute.jsonKeyPath)`"
        if let defaultValue = attribute.defaultValueString { mapping += "; default `\(defaultValue)`" }
        docLines.append(mapping + ".")
        if let note = Self.listedValuesNote(attribute) { docLines.append(note) }
        docLines.append("Model: entity `\(attribute.entity.name)`, line \(attribute.location.line).")
        return PropertyTemplateContext(
            name: attribute.name,
            swiftName: swiftName,
            capitalizedName: SwiftNaming.capitalized(swiftName),
            swiftType: isRequired ? typeName : typeName + "?",
            getter: isRequired
                ? "requiredRawRepresentableValue(forKey: Keys.\(swiftName), as: \(typeName).self)"
                : "rawRepresentableValue(forKey: Keys.\(swiftName), as: \(typeName).self)",
            setter: "setRawRepresentableValue(newValue, forKey: Keys.\(swiftName))",
            rawValueType: typeName,
            isToMany: false,
            isOptional: !isRequired,
            isInitializerParameter: isRequired && attribute.defaultValue == nil,
            destinationClassName: "",
            jsonKeyPath: attribute.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    /// A relationship: a to-many as an array of its destination's class, a to-one as an
    /// object of it, non-optional when the model requires it (decoding does too).
    func relationshipContext(_ relationship: RelationshipDescription, swiftName: String) -> PropertyTemplateContext {
        let destination = classNames[relationship.destinationEntity.index] ?? "ModelMapper.ModelObject"
        let read = "value(forKey: Keys.\(swiftName))"
        let isRequired = InitializerRelationships.isRequired(relationship)
        let swiftType = relationship.isToMany ? "[\(destination)]" : isRequired ? destination : "\(destination)?"
        let getter =
            relationship.isToMany
            ? "(\(read) as? [ModelMapper.ModelObject] ?? []).compactMap { $0 as? \(destination) }"
            : isRequired
                ? "requiredValue(forKey: Keys.\(swiftName), as: \(destination).self)" : "\(read) as? \(destination)"
        var summary =
            "`\(relationship.name)`: "
            + (relationship.isToMany ? "to-many\(relationship.isOrdered ? ", ordered" : "")" : "to-one")
        summary += " \(relationship.destinationEntity.name)"
        if let inverse = relationship.inverseRelationship { summary += ", inverse `\(inverse.name)`" }
        var docLines = [summary + (relationship.isTransient ? ", transient." : ".")]
        if isRequired {
            docLines.append("Required: decoding refuses an object without it, unless the object is nested in it.")
            docLines.append("Reading it on a placeholder that lacks it stops the program (see `isPlaceholder`).")
            if let reason = initializerRelationships.reason(relationship) { docLines.append(reason) }
        }
        docLines += [
            "JSON: `\(relationship.jsonKeyPath)`"
                + (relationship.isKeyedByIdentity ? ", an object keyed by the objects' identities." : "."),
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
            isOptional: !relationship.isToMany && !isRequired,
            isInitializerParameter: isRequired && initializerRelationships.takes(relationship),
            destinationClassName: destination,
            jsonKeyPath: relationship.jsonKeyPath.description,
            docLines: docLines.map(SwiftNaming.commentText)
        )
    }

    /// The Swift type of an attribute's values.
    mutating func swiftType(of attribute: AttributeDescription) -> String {
        switch attribute.attributeType {
        case .integer16: return "Int16"
        case .integer32: return "Int32"
        case .integer64: return "Int64"
        case .decimal: return "Decimal"
        case .double: return "Double"
        case .float: return "Float"
        case .string: return "String"
        case .boolean: return "Bool"
        case .date: return "Date"
        case .binaryData: return "Data"
        case .uuid: return "UUID"
        case .uri: return "URL"
        case .composite: return "[String: Any]"
        case .objectID, .undefined: return "Any"
        case .transformable:
            guard let custom = attribute.customClassName else { return "Any" }
            if options.trustsCustomClassNames { return custom }
            guard let type = CustomTypeName.swiftType(for: custom) else {
                warn(
                    GeneratorCode.customClassUntrusted,
                    "attribute '\(attribute.entity.name).\(attribute.name)': custom class '\(custom)' is not a "
                        + "standard Swift or Foundation type; generated as Any (modelgen generate "
                        + "--trust-custom-class-names uses it as written)",
                    at: attribute.location
                )
                return "Any"
            }
            return type
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
