/// The catalogue of model diagnostics, entities and properties (MM2xx), attributes and composites (MM3xx): each diagnostic's code, severity and text
/// in one declaration. The loader, the bundle reader, the conventions reader and class binding
/// report these and nothing else, so that a message is worded in one place and each kind keeps
/// its code (*Errors and validation* lists the codes).
extension ModelDiagnostic.Message {
    static var entityWithoutName: Self {
        Self("MM201", .error, "an <entity> has no name")
    }

    static func entityDeclaredTwice(_ name: String, firstLine: Int) -> Self {
        Self("MM202", .error, "entity '\(name)' is declared twice (first at line \(firstLine))")
    }

    static func unknownParentEntity(entity: String, parent: String, suggestion: String) -> Self {
        Self(
            "MM203",
            .error,
            "entity '\(entity)' names parent entity '\(parent)', which does not exist" + suggestion
        )
    }

    static func inheritanceCycle(entity: String, chain: String) -> Self {
        Self("MM204", .error, "entity '\(entity)' inherits from itself through parentEntity (\(chain))")
    }

    static func propertyDeclaredTwice(entity: String, property: String, firstLine: Int) -> Self {
        Self(
            "MM205",
            .error,
            "entity '\(entity)' declares property '\(property)' twice (first at line " + "\(firstLine))"
        )
    }

    static func fetchedPropertyDeclaredTwice(entity: String, property: String) -> Self {
        Self("MM205", .error, "entity '\(entity)' declares property '\(property)' twice")
    }

    static func propertyDeclaredBySuperentity(property: String, entity: String, superentity: String, line: Int) -> Self
    {
        Self(
            "MM206",
            .error,
            "property '\(property)' of entity '\(entity)' is already declared by its "
                + "superentity '\(superentity)' (line \(line))"
        )
    }

    static func propertyWithoutName(article: String, element: String, entity: String) -> Self {
        Self("MM207", .error, "\(article) <\(element)> of entity '\(entity)' has no name")
    }

    static func identityNotAnAttribute(key: String, entity: String, name: String) -> Self {
        Self(
            "MM208",
            .error,
            "userInfo '\(key)' of entity '\(entity)' names '\(name)', which is not an attribute of " + "the entity"
        )
    }

    static func uniquenessUnknownProperty(entity: String, name: String) -> Self {
        Self(
            "MM209",
            .warning,
            "a uniqueness constraint of entity '\(entity)' names '\(name)', which is not a " + "property of the entity"
        )
    }

    static func duplicateTypeValue(first: String, second: String, value: String) -> Self {
        Self(
            "MM210",
            .error,
            "entities '\(first)' and '\(second)' both have JSON type "
                + "value '\(value)'; give one of them another jsonTypeValue"
        )
    }

    static var compositeWithoutName: Self {
        Self("MM301", .error, "a <composite> has no name")
    }

    static func compositeAttributeWithoutName(composite: String) -> Self {
        Self("MM302", .error, "an attribute of composite '\(composite)' has no name")
    }

    static func unknownComposite(attribute: String, composite: String) -> Self {
        Self("MM303", .error, "attribute '\(attribute)' names composite '\(composite)', which does not exist")
    }

    static func compositeAttributeUnknownComposite(attribute: String, composite: String) -> Self {
        Self(
            "MM303",
            .error,
            "composite attribute '\(attribute)' names composite '\(composite)', " + "which does not exist"
        )
    }

    static func missingAttributeType(attribute: String) -> Self {
        Self(
            "MM310",
            .warning,
            "attribute '\(attribute)' has no attributeType, read as Undefined (Xcode always writes one; Core Data "
                + "allows Undefined on transient attributes only)"
        )
    }

    static func unknownAttributeType(attribute: String, type: String, known: [String]) -> Self {
        Self(
            "MM304",
            .warning,
            "attribute '\(attribute)' has unknown attribute type '\(type)', read as Undefined (known types: "
                + "\(known.joined(separator: ", ")))\(ClosestName.suggestion(for: type, among: known))"
        )
    }

    static func invalidRegularExpression(attribute: String, pattern: String) -> Self {
        Self(
            "MM305",
            .warning,
            "regular expression of attribute '\(attribute)' is '\(pattern)', which does not compile; no pattern is "
                + "used"
        )
    }

    static func literalReadAs(what: String, attribute: String, type: String, text: String, reading: String) -> Self {
        Self("MM306", .warning, "\(what) of attribute '\(attribute)' (\(type)) is '\(text)', read as \(reading)")
    }

    static func literalUnusable(what: String, attribute: String, type: String, text: String, reason: String) -> Self {
        Self(
            "MM307",
            .warning,
            "\(what) of attribute '\(attribute)' (\(type)) is '\(text)': \(reason); no \(what) is used"
        )
    }

    static func notSeconds(setting: String, attribute: String, text: String) -> Self {
        Self(
            "MM308",
            .warning,
            "\(setting) of attribute '\(attribute)' is '\(text)', not a number of seconds; it is ignored"
        )
    }

    static func invalidCountBound(setting: String, owner: String, text: String, what: String) -> Self {
        Self(
            "MM309",
            .warning,
            "\(setting) of \(owner) is '\(text)', not a \(what) (a whole number, 0 or more); no bound is used"
        )
    }
}
