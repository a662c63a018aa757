import Foundation

extension ModelBuilder {
    /// Reads the `<attribute>`, `<relationship>` and `<fetchedProperty>` children of an entity.
    mutating func readProperties(of entity: XMLElementNode, into record: inout EntityRecord, compositeNames: Set<String>) {
        var firstLine: [String: Int] = [:]
        for element in entity.children where ["attribute", "relationship", "fetchedProperty"].contains(element.name) {
            let location = source.location(of: element)
            guard let name = element[attribute: "name"], !name.isEmpty else {
                let article = element.name == "attribute" ? "an" : "a"
                error("\(article) <\(element.name)> of entity '\(record.name)' has no name", at: location)
                continue
            }
            if let line = firstLine[name] {
                error("entity '\(record.name)' declares property '\(name)' twice (first at line \(line))", at: location)
                continue
            }
            firstLine[name] = location.line
            switch element.name {
            case "attribute":
                if let attribute = readAttribute(element, name: name, entityName: record.name, compositeNames: compositeNames) {
                    record.ownProperties.append(PropertyReference(entity: -1, index: record.ownAttributes.count, name: name, isRelationship: false))
                    record.ownAttributes.append(attribute)
                }
            case "relationship":
                if let relationship = readRelationship(element, name: name, entityName: record.name) {
                    record.ownProperties.append(PropertyReference(entity: -1, index: record.ownRelationships.count, name: name, isRelationship: true))
                    record.ownRelationships.append(relationship)
                }
            default:
                record.fetchedProperties.append(readFetchedProperty(element, name: name))
            }
        }
    }

    /// The attribute's type; nil (with an error) for a type Xcode does not have.
    mutating func attributeType(of element: XMLElementNode, owner: String) -> AttributeType? {
        guard let text = element[attribute: "attributeType"] else { return .undefined }
        guard let type = AttributeType(rawValue: text) else {
            let known = AttributeType.allCases.map(\.rawValue).joined(separator: ", ")
            error("attribute '\(owner)' has unknown attribute type '\(text)' (known types: \(known))",
                  at: source.location(ofAttribute: "attributeType", in: element))
            return nil
        }
        return type
    }

    private mutating func readAttribute(_ element: XMLElementNode, name: String, entityName: String, compositeNames: Set<String>) -> AttributeRecord? {
        let owner = "\(entityName).\(name)"
        guard let type = attributeType(of: element, owner: owner) else { return nil }
        let (userInfo, userInfoLocations) = readUserInfo(element)

        var defaultValue: (any Sendable)?
        if let text = element[attribute: "defaultValueString"] {
            defaultValue = literal(text, type: type, what: "default value", owner: owner, attribute: "defaultValueString", in: element)
        } else if type == .date, let interval = element[attribute: "defaultDateTimeInterval"] {
            defaultValue = dateInterval(interval, owner: owner, attribute: "defaultDateTimeInterval", in: element)
        }

        var minValue: (any Sendable)?
        var maxValue: (any Sendable)?
        var minLength: Int?
        var maxLength: Int?
        switch type {
        case .string, .binaryData:
            minLength = element[attribute: "minValueString"].flatMap { length($0, owner: owner, attribute: "minValueString", in: element) }
            maxLength = element[attribute: "maxValueString"].flatMap { length($0, owner: owner, attribute: "maxValueString", in: element) }
        case .date:
            minValue = element[attribute: "minDateTimeInterval"].flatMap { dateInterval($0, owner: owner, attribute: "minDateTimeInterval", in: element) }
            maxValue = element[attribute: "maxDateTimeInterval"].flatMap { dateInterval($0, owner: owner, attribute: "maxDateTimeInterval", in: element) }
        default:
            if type.isNumeric {
                minValue = element[attribute: "minValueString"].flatMap { literal($0, type: type, what: "minimum", owner: owner, attribute: "minValueString", in: element) }
                maxValue = element[attribute: "maxValueString"].flatMap { literal($0, type: type, what: "maximum", owner: owner, attribute: "maxValueString", in: element) }
            }
        }

        let compositeName = element[attribute: "composite"]
        if type == .composite {
            if let compositeName, !compositeNames.contains(compositeName) {
                error("attribute '\(owner)' names composite '\(compositeName)', which does not exist",
                      at: source.location(ofAttribute: "composite", in: element))
            }
        }

        let transformerName: String? = {
            if let name = element[attribute: "valueTransformerName"], !name.isEmpty { return name }
            return MappingKeys.firstEntry(of: MappingKeys.valueTransformer, in: userInfo)?.value
        }()
        let isFlaggedIdentity = MappingKeys.attributeIsIdentity.contains { userInfo[$0].map(MappingKeys.isYes) ?? false }

        return AttributeRecord(
            name: name, attributeType: type,
            isOptional: Self.flag(element[attribute: "optional"]),
            isTransient: Self.flag(element[attribute: "transient"]),
            isDerived: Self.flag(element[attribute: "derived"]),
            derivationExpression: element[attribute: "derivationExpression"],
            isIndexed: Self.flag(element[attribute: "indexed"]),
            defaultValueString: element[attribute: "defaultValueString"],
            defaultValue: defaultValue,
            minValueString: element[attribute: "minValueString"],
            maxValueString: element[attribute: "maxValueString"],
            minValue: minValue, maxValue: maxValue, minLength: minLength, maxLength: maxLength,
            regularExpressionString: element[attribute: "regularExpressionString"],
            valueTransformerName: transformerName,
            customClassName: element[attribute: "customClassName"],
            compositeName: compositeName,
            usesScalarValueType: Self.flag(element[attribute: "usesScalarValueType"]),
            allowsExternalBinaryDataStorage: Self.flag(element[attribute: "allowsExternalBinaryDataStorage"]),
            isIdentity: isFlaggedIdentity,
            userInfo: userInfo,
            jsonKeyPath: keyPath(name: name, owner: owner, userInfo: userInfo, locations: userInfoLocations),
            xmlAttributes: element.attributes,
            location: source.location(of: element)
        )
    }

    private mutating func readRelationship(_ element: XMLElementNode, name: String, entityName: String) -> RelationshipRecord? {
        let owner = "\(entityName).\(name)"
        guard let destination = element[attribute: "destinationEntity"], !destination.isEmpty else {
            error("relationship '\(owner)' has no destination entity", at: source.location(of: element))
            return nil
        }
        let deletionRule: DeletionRule
        if let text = element[attribute: "deletionRule"] {
            guard let rule = DeletionRule(rawValue: text) else {
                error("relationship '\(owner)' has unknown deletion rule '\(text)' (known rules: \(DeletionRule.allCases.map(\.rawValue).joined(separator: ", ")))",
                      at: source.location(ofAttribute: "deletionRule", in: element))
                return nil
            }
            deletionRule = rule
        } else {
            deletionRule = .nullify
        }
        let minCount = element[attribute: "minCount"].flatMap { count($0, owner: owner, attribute: "minCount", in: element) } ?? 0
        let maxCount = element[attribute: "maxCount"].flatMap { count($0, owner: owner, attribute: "maxCount", in: element) } ?? 0
        let (userInfo, userInfoLocations) = readUserInfo(element)
        return RelationshipRecord(
            name: name,
            destinationEntityName: destination, destinationEntity: -1,
            inverseName: element[attribute: "inverseName"].flatMap { $0.isEmpty ? nil : $0 },
            inverseEntityName: element[attribute: "inverseEntity"].flatMap { $0.isEmpty ? nil : $0 },
            inverse: nil, isInverseReciprocal: false,
            isToMany: Self.flag(element[attribute: "toMany"]),
            isOrdered: Self.flag(element[attribute: "ordered"]),
            minCount: minCount, maxCount: maxCount,
            deletionRule: deletionRule,
            isOptional: Self.flag(element[attribute: "optional"]),
            isTransient: Self.flag(element[attribute: "transient"]),
            isIndexed: Self.flag(element[attribute: "indexed"]),
            userInfo: userInfo,
            jsonKeyPath: keyPath(name: name, owner: owner, userInfo: userInfo, locations: userInfoLocations),
            xmlAttributes: element.attributes,
            location: source.location(of: element)
        )
    }

    private mutating func readFetchedProperty(_ element: XMLElementNode, name: String) -> FetchedPropertyDescription {
        let request = element.firstChild(named: "fetchRequest")
        return FetchedPropertyDescription(
            name: name,
            isOptional: Self.flag(element[attribute: "optional"]),
            entityName: request?[attribute: "entity"],
            predicateString: request?[attribute: "predicateString"],
            userInfo: readUserInfo(element).0,
            location: source.location(of: element)
        )
    }

    // MARK: Values

    /// The JSON key path from userInfo (first alias present), else the property's name.
    private mutating func keyPath(name: String, owner: String, userInfo: [String: String], locations: [String: SourceLocation]) -> JSONKeyPath {
        guard let (key, text) = MappingKeys.firstEntry(of: MappingKeys.jsonKeyPath, in: userInfo) else {
            return JSONKeyPath(key: name)
        }
        do {
            return try JSONKeyPath(parsing: text)
        } catch {
            self.error("property '\(owner)': userInfo '\(key)': \(error)", at: locations[key] ?? SourceLocation(file: source.fileName))
            return JSONKeyPath(key: name)
        }
    }

    private mutating func literal(_ text: String, type: AttributeType, what: String, owner: String, attribute: String, in element: XMLElementNode) -> (any Sendable)? {
        do {
            return try type.parseLiteral(text)
        } catch {
            self.error("\(what) of attribute '\(owner)' (\(type.rawValue)): \(error.message)", at: source.location(ofAttribute: attribute, in: element))
            return nil
        }
    }

    private mutating func dateInterval(_ text: String, owner: String, attribute: String, in element: XMLElementNode) -> Date? {
        guard let seconds = Double(text), seconds.isFinite else {
            error("\(attribute) of attribute '\(owner)' is '\(text)', not a number of seconds", at: source.location(ofAttribute: attribute, in: element))
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private mutating func length(_ text: String, owner: String, attribute: String, in element: XMLElementNode) -> Int? {
        guard let value = Int(text.trimmingSpaces()), value >= 0 else {
            error("\(attribute) of attribute '\(owner)' is '\(text)', not a length (a whole number, 0 or more)", at: source.location(ofAttribute: attribute, in: element))
            return nil
        }
        return value
    }

    private mutating func count(_ text: String, owner: String, attribute: String, in element: XMLElementNode) -> Int? {
        guard let value = Int(text.trimmingSpaces()), value >= 0 else {
            error("\(attribute) of relationship '\(owner)' is '\(text)', not a count (a whole number, 0 or more)", at: source.location(ofAttribute: attribute, in: element))
            return nil
        }
        return value
    }
}
