import Foundation

extension ModelBuilder {
    /// Reads the `<attribute>`, `<relationship>` and `<fetchedProperty>` children of an entity.
    mutating func readProperties(
        of entity: XMLElementNode,
        into record: inout EntityRecord,
        compositeNames: Set<String>
    ) {
        // Two properties of one name are found when the entity's name index is built
        // (`resolveProperties`), with inherited ones: no dictionary is needed here.
        let children = entity.children
        record.ownProperties.reserveCapacity(children.count)
        record.ownAttributes.reserveCapacity(children.count)
        for element in children {
            let kind: PropertyKind
            if element.isNamed(.attribute) {
                kind = .attribute
            } else if element.isNamed(.relationship) {
                kind = .relationship
            } else if element.isNamed(.fetchedProperty) {
                kind = .fetchedProperty
            } else {
                continue
            }
            let position = source.position(of: element)
            guard let name = element[attribute: .name], !name.isEmpty else {
                report(
                    .propertyWithoutName(
                        article: kind == .attribute ? "an" : "a",
                        element: element.name,
                        entity: record.name
                    ),
                    at: position.location
                )
                continue
            }
            let owner = PropertyOwner(entity: record.name, property: name)
            switch kind {
            case .attribute:
                var listed: DeclaredValues?
                let attribute = readAttribute(
                    element,
                    owner: owner,
                    position: position,
                    compositeNames: compositeNames,
                    listedValues: &listed
                )
                if let listed { record.listedValues[record.ownAttributes.count] = listed }
                record.ownProperties.append(
                    PropertyReference(entity: -1, index: record.ownAttributes.count, name: name, isRelationship: false)
                )
                record.ownAttributes.append(attribute)
            case .relationship:
                if let relationship = readRelationship(element, owner: owner, position: position) {
                    record.ownProperties.append(
                        PropertyReference(
                            entity: -1,
                            index: record.ownRelationships.count,
                            name: name,
                            isRelationship: true
                        )
                    )
                    record.ownRelationships.append(relationship)
                }
            case .fetchedProperty:
                record.fetchedProperties.append(readFetchedProperty(element, name: name, position: position))
            }
        }
    }

    private enum PropertyKind {
        case attribute, relationship, fetchedProperty
    }

    /// `Entity.property`, written out only for a diagnostic.
    struct PropertyOwner: CustomStringConvertible {
        var entity: String
        var property: String
        var description: String { "\(entity).\(property)" }
    }

    /// The attribute's type. A type Xcode does not have (a newer Xcode's, or a typo) is read
    /// as Undefined with a warning that suggests the nearest known type: the value is kept as
    /// the JSON has it.
    mutating func attributeType(_ text: String?, of element: XMLElementNode, owner: @autoclosure () -> String)
        -> AttributeType
    {
        guard let text else {
            report(.missingAttributeType(attribute: owner()), at: source.location(of: element))
            return .undefined
        }
        guard let type = AttributeType.byName[text] else {
            let known = AttributeType.allCases.map(\.rawValue)
            report(
                .unknownAttributeType(attribute: owner(), type: text, known: known),
                at: source.location(ofAttribute: "attributeType", in: element)
            )
            return .undefined
        }
        return type
    }

    /// `listedValues`: set to the values the attribute lists, when it lists some that can be read.
    private mutating func readAttribute(
        _ element: XMLElementNode,
        owner: PropertyOwner,
        position: SourcePosition,
        compositeNames: Set<String>,
        listedValues: inout DeclaredValues?
    ) -> AttributeRecord {
        let xmlAttributes = element.attributes
        let type = attributeType(xmlAttributes[.attributeType], of: element, owner: owner.description)
        let (userInfo, userInfoLocations, hasUserInfo) = readUserInfo(element)
        if type == .date { checkDateFormats(owner: owner, userInfo: userInfo, locations: userInfoLocations) }

        var defaultValue: (any Sendable)?
        readDefaultValue(xmlAttributes, of: element, type: type, owner: owner, into: &defaultValue)
        var minValue: (any Sendable)?
        var maxValue: (any Sendable)?
        var minLength: Int?
        var maxLength: Int?
        readBounds(
            xmlAttributes,
            of: element,
            type: type,
            owner: owner,
            minValue: &minValue,
            maxValue: &maxValue,
            minLength: &minLength,
            maxLength: &maxLength
        )

        let regularExpression = readRegularExpression(xmlAttributes, of: element, owner: owner)
        let compositeName = readCompositeName(
            xmlAttributes,
            of: element,
            type: type,
            owner: owner,
            compositeNames: compositeNames
        )
        let transformerName = Self.transformerName(xmlAttributes, userInfo: userInfo)
        let isFlaggedIdentity = Self.isFlaggedIdentity(userInfo)
        listedValues = declaredValues(
            userInfo: userInfo,
            type: type,
            isTransformed: transformerName != nil,
            defaultValue: defaultValue,
            owner: owner,
            locations: userInfoLocations
        )

        return AttributeRecord(
            name: owner.property,
            attributeType: type,
            isOptional: Self.flag(xmlAttributes[.optional]),
            isTransient: Self.flag(xmlAttributes[.transient]),
            isDerived: Self.flag(xmlAttributes[.derived]),
            derivationExpression: xmlAttributes[.derivationExpression],
            isIndexed: Self.flag(xmlAttributes[.indexed]),
            defaultValueString: xmlAttributes[.defaultValueString],
            defaultValue: defaultValue,
            minValueString: xmlAttributes[.minValueString],
            maxValueString: xmlAttributes[.maxValueString],
            minValue: minValue,
            maxValue: maxValue,
            minLength: minLength,
            maxLength: maxLength,
            regularExpressionString: regularExpression,
            valueTransformerName: transformerName,
            customClassName: xmlAttributes[.customClassName],
            compositeName: compositeName,
            usesScalarValueType: Self.flag(xmlAttributes[.usesScalarValueType]),
            allowsExternalBinaryDataStorage: Self.flag(xmlAttributes[.allowsExternalBinaryDataStorage]),
            isIdentity: isFlaggedIdentity,
            userInfo: userInfo,
            declaredJSONKeyPath: keyPath(owner: owner, userInfo: userInfo, locations: userInfoLocations),
            xmlAttributes: xmlAttributes,
            position: position,
            hasUserInfoElement: hasUserInfo
        )
    }

    /// An attribute's default: its `defaultValueString`, or a date's `defaultDateTimeInterval`
    /// (through `inout`, as the bounds are: see `readBounds`).
    private mutating func readDefaultValue(
        _ xmlAttributes: XMLAttributes,
        of element: XMLElementNode,
        type: AttributeType,
        owner: PropertyOwner,
        into defaultValue: inout (any Sendable)?
    ) {
        if let text = xmlAttributes[.defaultValueString] {
            defaultValue = literal(
                text,
                type: type,
                what: "default value",
                owner: owner,
                attribute: "defaultValueString",
                in: element
            )
        } else if type == .date, let interval = xmlAttributes[.defaultDateTimeInterval] {
            defaultValue = dateInterval(interval, owner: owner, attribute: "defaultDateTimeInterval", in: element)
        }
    }

    /// An attribute's bounds: lengths for strings and binary data, values for dates and numbers.
    /// Written through `inout`: returned, the optional existentials would be copied (3% more
    /// instructions loading a model of 20,000 properties, by callgrind). The helpers of
    /// `readAttribute` take its `xmlAttributes`, which `element.attributes` would copy each time.
    private mutating func readBounds(
        _ xmlAttributes: XMLAttributes,
        of element: XMLElementNode,
        type: AttributeType,
        owner: PropertyOwner,
        minValue: inout (any Sendable)?,
        maxValue: inout (any Sendable)?,
        minLength: inout Int?,
        maxLength: inout Int?
    ) {
        switch type {
        case .string, .binaryData:
            minLength = xmlAttributes[.minValueString]
                .flatMap { length($0, owner: owner, attribute: "minValueString", in: element) }
            maxLength = xmlAttributes[.maxValueString]
                .flatMap { length($0, owner: owner, attribute: "maxValueString", in: element) }
        case .date:
            minValue = xmlAttributes[.minDateTimeInterval]
                .flatMap { dateInterval($0, owner: owner, attribute: "minDateTimeInterval", in: element) }
            maxValue = xmlAttributes[.maxDateTimeInterval]
                .flatMap { dateInterval($0, owner: owner, attribute: "maxDateTimeInterval", in: element) }
        default:
            if type.isNumeric {
                minValue = xmlAttributes[.minValueString]
                    .flatMap {
                        literal($0, type: type, what: "minimum", owner: owner, attribute: "minValueString", in: element)
                    }
                maxValue = xmlAttributes[.maxValueString]
                    .flatMap {
                        literal($0, type: type, what: "maximum", owner: owner, attribute: "maxValueString", in: element)
                    }
            }
        }
    }

    /// An attribute's regular expression, nil (with a warning) when it does not compile.
    private mutating func readRegularExpression(
        _ xmlAttributes: XMLAttributes,
        of element: XMLElementNode,
        owner: PropertyOwner
    ) -> String? {
        guard let pattern = xmlAttributes[.regularExpressionString] else { return nil }
        guard (try? NSRegularExpression(pattern: pattern)) != nil else {
            report(
                .invalidRegularExpression(attribute: "\(owner)", pattern: pattern),
                at: source.location(ofAttribute: "regularExpressionString", in: element)
            )
            return nil
        }
        return pattern
    }

    /// An attribute's composite, checked to exist when the attribute is of type Composite.
    private mutating func readCompositeName(
        _ xmlAttributes: XMLAttributes,
        of element: XMLElementNode,
        type: AttributeType,
        owner: PropertyOwner,
        compositeNames: Set<String>
    ) -> String? {
        let compositeName = xmlAttributes[.composite]
        if type == .composite, let compositeName, !compositeNames.contains(compositeName) {
            report(
                .unknownComposite(attribute: "\(owner)", composite: compositeName),
                at: source.location(ofAttribute: "composite", in: element)
            )
        }
        return compositeName
    }

    /// Whether an attribute's userInfo makes it an identity attribute.
    private static func isFlaggedIdentity(_ userInfo: [String: String]) -> Bool {
        !userInfo.isEmpty && MappingKeys.attributeIsIdentity.contains { userInfo[$0].map(MappingKeys.isYes) ?? false }
    }

    /// An attribute's value transformer: the one Xcode's inspector names, else the one userInfo names.
    private static func transformerName(_ xmlAttributes: XMLAttributes, userInfo: [String: String]) -> String? {
        if let name = xmlAttributes[.valueTransformerName], !name.isEmpty { return name }
        return MappingKeys.firstEntry(of: MappingKeys.valueTransformer, in: userInfo)?.value
    }

    private mutating func readRelationship(_ element: XMLElementNode, owner: PropertyOwner, position: SourcePosition)
        -> RelationshipRecord?
    {
        let xmlAttributes = element.attributes
        guard let destination = xmlAttributes[.destinationEntity], !destination.isEmpty else {
            report(.relationshipWithoutDestination(relationship: "\(owner)"), at: position.location)
            return nil
        }
        var deletionRule = DeletionRule.nullify
        if let text = xmlAttributes[.deletionRule] {
            if let rule = DeletionRule.byName[text] {
                deletionRule = rule
            } else {
                report(
                    .unknownDeletionRule(
                        relationship: "\(owner)",
                        rule: text,
                        known: DeletionRule.allCases.map(\.rawValue).joined(separator: ", ")
                    ),
                    at: source.location(ofAttribute: "deletionRule", in: element)
                )
            }
        }
        let minCount =
            xmlAttributes[.minCount].flatMap { count($0, owner: owner, attribute: "minCount", in: element) } ?? 0
        let maxCount =
            xmlAttributes[.maxCount].flatMap { count($0, owner: owner, attribute: "maxCount", in: element) } ?? 0
        let (userInfo, userInfoLocations, hasUserInfo) = readUserInfo(element)
        return RelationshipRecord(
            name: owner.property,
            destinationEntityName: destination,
            destinationEntity: -1,
            inverseName: xmlAttributes[.inverseName].flatMap { $0.isEmpty ? nil : $0 },
            inverseEntityName: xmlAttributes[.inverseEntity].flatMap { $0.isEmpty ? nil : $0 },
            inverse: nil,
            isInverseReciprocal: false,
            isToMany: Self.flag(xmlAttributes[.toMany]),
            isOrdered: Self.flag(xmlAttributes[.ordered]),
            minCount: minCount,
            maxCount: maxCount,
            deletionRule: deletionRule,
            isOptional: Self.flag(xmlAttributes[.optional]),
            isTransient: Self.flag(xmlAttributes[.transient]),
            isIndexed: Self.flag(xmlAttributes[.indexed]),
            userInfo: userInfo,
            declaredJSONKeyPath: keyPath(owner: owner, userInfo: userInfo, locations: userInfoLocations),
            xmlAttributes: xmlAttributes,
            position: position,
            hasUserInfoElement: hasUserInfo
        )
    }

    private mutating func readFetchedProperty(_ element: XMLElementNode, name: String, position: SourcePosition)
        -> FetchedPropertyDescription
    {
        let request = element.firstChild(named: .fetchRequest)
        let predicateString = request?[attribute: .predicateString]
        checkPredicate(
            predicateString,
            of: "fetched property '\(name)'",
            at: request.map { source.location(ofAttribute: "predicateString", in: $0) } ?? position.location
        )
        let (userInfo, _, hasUserInfo) = readUserInfo(element)
        return FetchedPropertyDescription(
            name: name,
            isOptional: Self.flag(element[attribute: .optional]),
            entityName: request?[attribute: .entity],
            predicateString: predicateString,
            userInfo: userInfo,
            xmlAttributes: element.attributes,
            requestXMLAttributes: request?.attributes,
            hasUserInfoElement: hasUserInfo,
            position: position
        )
    }

    // MARK: Values

    /// The JSON key path from userInfo (first alias present); nil when none is given, and the
    /// property maps to its own name (or the name a key casing makes of it).
    private mutating func keyPath(owner: PropertyOwner, userInfo: [String: String], locations: [String: SourcePosition])
        -> JSONKeyPath?
    {
        guard !userInfo.isEmpty, let (key, text) = MappingKeys.firstEntry(of: MappingKeys.jsonKeyPath, in: userInfo)
        else {
            return nil
        }
        // Left empty in the editor: it says nothing, and Core Data never reads it.
        if text.isEmpty {
            report(
                .emptyKeyPath(property: "\(owner)", key: key),
                at: locations[key]?.location ?? SourceLocation(file: source.fileName)
            )
            return nil
        }
        do {
            return try JSONKeyPath(parsing: text)
        } catch {
            report(
                .invalidKeyPath(property: "\(owner)", key: key, problem: "\(error)"),
                at: locations[key]?.location ?? SourceLocation(file: source.fileName)
            )
            return nil
        }
    }

    /// The values an attribute's `jsonValues` lists (``MappingKeys/jsonValues``); nil, with the
    /// problem reported, for a list that cannot be read or that leaves out the default value.
    private mutating func declaredValues(
        userInfo: [String: String],
        type: AttributeType,
        isTransformed: Bool,
        defaultValue: (any Sendable)?,
        owner: PropertyOwner,
        locations: [String: SourcePosition]
    ) -> DeclaredValues? {
        guard !userInfo.isEmpty, let (key, text) = MappingKeys.firstEntry(of: MappingKeys.jsonValues, in: userInfo)
        else { return nil }
        let location = locations[key]?.location ?? SourceLocation(file: source.fileName)
        do {
            let values = try DeclaredValues.parse(text, type: type, isTransformed: isTransformed)
            let defaultText: String? =
                switch defaultValue {
                case let text as String: text
                case let number as any BinaryInteger: String(describing: number)
                default: nil
                }
            if let defaultText, !values.texts.contains(defaultText) {
                report(
                    .invalidDeclaredValues(
                        attribute: "\(owner)",
                        key: key,
                        problem: "its default value '\(defaultText)' is not one of them"
                    ),
                    at: location
                )
                return nil
            }
            return values
        } catch {
            report(.invalidDeclaredValues(attribute: "\(owner)", key: key, problem: error.description), at: location)
            return nil
        }
    }

    /// A `dateFormats` entry naming local times in a zone (`iso8601 Europe/Oslo`) must name a
    /// zone this system knows, or an offset (`iso8601 +02:00`): otherwise the entry would be read as a `DateFormatter` pattern
    /// that no date matches.
    private mutating func checkDateFormats(
        owner: PropertyOwner,
        userInfo: [String: String],
        locations: [String: SourcePosition]
    ) {
        guard let (key, text) = MappingKeys.firstEntry(of: MappingKeys.dateFormats, in: userInfo) else { return }
        for piece in text.split(separator: "|") {
            let words = piece.split(separator: " ")
            guard words.count == 2, words[0] == "iso8601" || words[0] == "ISO8601" else { continue }
            // DateFormat.list is the rule: a zone or an offset (`+02:00`) it reads, else a pattern.
            guard case .pattern? = DateFormat.list(String(piece)).first else { continue }
            let zone = String(words[1])
            let suggestion = ClosestName.to(zone, among: TimeZone.knownTimeZoneIdentifiers)
            report(
                .unknownTimeZone(attribute: "\(owner)", key: key, zone: zone, suggestion: suggestion),
                at: locations[key]?.location ?? SourceLocation(file: source.fileName)
            )
        }
    }

    /// A default or a bound: what Core Data reads from the text, with a warning when the text
    /// is not written the way the type is (see `AttributeType.readLiteral`).
    private mutating func literal(
        _ text: String,
        type: AttributeType,
        what: String,
        owner: PropertyOwner,
        attribute: String,
        in element: XMLElementNode
    ) -> (any Sendable)? {
        switch type.readLiteral(text) {
        case .exact(let value):
            return value
        case .tolerated(let value, let reading):
            report(
                .literalReadAs(
                    what: what,
                    attribute: "\(owner)",
                    type: type.rawValue,
                    text: text,
                    reading: "\(reading)"
                ),
                at: source.location(ofAttribute: attribute, in: element)
            )
            return value
        case .unusable(let reason):
            report(
                .literalUnusable(
                    what: what,
                    attribute: "\(owner)",
                    type: type.rawValue,
                    text: text,
                    reason: "\(reason)"
                ),
                at: source.location(ofAttribute: attribute, in: element)
            )
            return nil
        }
    }

    /// A date as seconds since 2001-01-01 (`defaultDateTimeInterval` and date bounds).
    private mutating func dateInterval(
        _ text: String,
        owner: PropertyOwner,
        attribute: String,
        in element: XMLElementNode
    ) -> Date? {
        let trimmed = text.trimmingSpaces()
        guard DecimalLiteral(trimmed) != nil, let seconds = Double(trimmed), seconds.isFinite else {
            report(
                .notSeconds(setting: attribute, attribute: "\(owner)", text: text),
                at: source.location(ofAttribute: attribute, in: element)
            )
            return nil
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private mutating func length(_ text: String, owner: PropertyOwner, attribute: String, in element: XMLElementNode)
        -> Int?
    {
        wholeNumber(text, what: "length", owner: "attribute '\(owner)'", attribute: attribute, in: element)
    }

    private mutating func count(_ text: String, owner: PropertyOwner, attribute: String, in element: XMLElementNode)
        -> Int?
    {
        wholeNumber(text, what: "count", owner: "relationship '\(owner)'", attribute: attribute, in: element)
    }

    /// A length or count bound; anything else is a warning and no bound.
    private mutating func wholeNumber(
        _ text: String,
        what: String,
        owner: @autoclosure () -> String,
        attribute: String,
        in element: XMLElementNode
    ) -> Int? {
        guard let value = Int(text.trimmingSpaces()), value >= 0 else {
            report(
                .invalidCountBound(setting: attribute, owner: owner(), text: text, what: what),
                at: source.location(ofAttribute: attribute, in: element)
            )
            return nil
        }
        return value
    }
}
