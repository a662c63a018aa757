/// The catalogue of model diagnostics, relationships and their inverses (MM4xx): each diagnostic's code, severity and text
/// in one declaration. The loader, the bundle reader, the conventions reader and class binding
/// report these and nothing else, so that a message is worded in one place and each kind keeps
/// its code (*Errors and validation* lists the codes).
extension ModelDiagnostic.Message {
    static func relationshipWithoutDestination(relationship: String) -> Self {
        Self("MM401", .error, "relationship '\(relationship)' has no destination entity")
    }

    static func unknownDestination(relationship: String, destination: String, suggestion: String) -> Self {
        Self(
            "MM402",
            .error,
            "relationship '\(relationship)' names destination entity " + "'\(destination)', which does not exist"
                + suggestion
        )
    }

    static func unknownDeletionRule(relationship: String, rule: String, known: String) -> Self {
        Self(
            "MM403",
            .warning,
            "relationship '\(relationship)' has unknown deletion rule '\(rule)', read as Nullify (known rules: "
                + "\(known))"
        )
    }

    static func unknownInverse(relationship: String, inverse: String, entity: String) -> Self {
        Self(
            "MM404",
            .error,
            "relationship '\(relationship)' names inverse '\(inverse)', but entity "
                + "'\(entity)' has no property of that name"
        )
    }

    static func inverseIsAttribute(relationship: String, inverse: String) -> Self {
        Self(
            "MM405",
            .error,
            "relationship '\(relationship)' names inverse '\(inverse)', which is " + "an attribute, not a relationship"
        )
    }

    static func inverseToSubentity(relationship: String, destination: String, entity: String) -> Self {
        Self(
            "MM406",
            .warning,
            "the inverse of relationship '\(relationship)' leads to '\(destination)', a subentity of "
                + "'\(entity)'; this inverse is not maintained automatically"
        )
    }

    static func inverseDoesNotPointBack(relationship: String, inverse: String, leadsTo: String, entity: String) -> Self
    {
        Self(
            "MM407",
            .error,
            "the inverse of relationship '\(relationship)' does not point back: " + "'\(inverse)' leads to "
                + "'\(leadsTo)', not to '\(entity)'"
        )
    }

    static func inverseNotMaintained(relationship: String, inverse: String, pairing: String) -> Self {
        Self(
            "MM408",
            .warning,
            "relationship '\(relationship)' names inverse '\(inverse)', "
                + "\(pairing); this inverse is not maintained automatically"
        )
    }

    static func unknownInverseEntity(relationship: String, entity: String, suggestion: String) -> Self {
        Self(
            "MM409",
            .error,
            "relationship '\(relationship)' names inverse entity '\(entity)', which does not exist" + suggestion
        )
    }

    static func inverseEntityMismatch(relationship: String, inverseEntity: String, destination: String) -> Self {
        Self(
            "MM410",
            .error,
            "relationship '\(relationship)' has inverse entity '\(inverseEntity)' but destination entity "
                + "'\(destination)'; they must be the same"
        )
    }
}
