/// The catalogue of model diagnostics, the JSON mapping: userInfo keys, key paths, conventions (MM5xx): each diagnostic's code, severity and text
/// in one declaration. The loader, the bundle reader, the conventions reader and class binding
/// report these and nothing else, so that a message is worded in one place and each kind keeps
/// its code (*Errors and validation* lists the codes).
extension ModelDiagnostic.Message {
    static func misspelledUserInfoKey(_ key: String, suggestion: String) -> Self {
        Self(
            "MM527",
            .warning,
            "userInfo key '\(key)' is not one ModelMapper reads, so the entry does nothing; did you mean "
                + "'\(suggestion)'?"
        )
    }

    static func invalidIdentityMap(relationship: String, problem: String) -> Self {
        Self("MM528", .error, "relationship '\(relationship)': jsonForm: \(problem); it is read as an array")
    }

    static func invalidRootKeyPath(entity: String, key: String, problem: String) -> Self {
        Self("MM529", .error, "entity '\(entity)': userInfo '\(key)': \(problem)")
    }

    static func invalidDeclaredValues(attribute: String, key: String, problem: String) -> Self {
        Self("MM530", .error, "attribute '\(attribute)': userInfo '\(key)': \(problem)")
    }

    static var userInfoEntryWithoutKey: Self {
        Self("MM501", .warning, "a userInfo <entry> has no key; it is ignored")
    }

    static func emptyKeyPath(property: String, key: String) -> Self {
        Self(
            "MM502",
            .warning,
            "property '\(property)': userInfo '\(key)' is empty; the property maps to its own name"
        )
    }

    static func invalidKeyPath(property: String, key: String, problem: String) -> Self {
        Self("MM503", .error, "property '\(property)': userInfo '\(key)': \(problem)")
    }

    static func unknownTimeZone(attribute: String, key: String, zone: String, suggestion: String?) -> Self {
        Self(
            "MM504",
            .error,
            "attribute '\(attribute)': userInfo '\(key)' names time zone '\(zone)', which this system does not know"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        )
    }

    static func duplicateKeyPath(first: String, second: String, entity: String, keyPath: String) -> Self {
        Self(
            "MM505",
            .error,
            "properties '\(first)' and '\(second)' of entity " + "'\(entity)' both map to JSON key path "
                + "'\(keyPath)'"
        )
    }

    static func keyPathInsideNonObject(property: String, entity: String, keyPath: String, owner: String) -> Self {
        Self(
            "MM506",
            .error,
            "property '\(property)' of entity '\(entity)' maps to "
                + "'\(keyPath)', inside the JSON value of '\(owner)', " + "which is not an object"
        )
    }

    static func conventionAliasTaken(property: String, alias: String, other: String, otherName: String) -> Self {
        Self(
            "MM507",
            .warning,
            "\(property): the conventions also read it at '\(alias)', which is "
                + "the key of \(other); that key stays \(otherName)'s"
        )
    }

    static func reservedNameKept(property: String, reserved: String, entity: String, name: String, keyPath: String)
        -> Self
    {
        Self(
            "MM508",
            .warning,
            "\(property): '\(reserved)' is a reserved name, but \(entity) has "
                + "a property named '\(reserved)': \(name) keeps the key '\(keyPath)'"
        )
    }

    static func conventionsNotJSON(_ problem: String) -> Self {
        Self("MM520", .error, "not valid JSON: \(problem)")
    }

    static func conventionsNotAnObject(found: String) -> Self {
        Self("MM521", .error, "a conventions file holds a JSON object, not \(found)")
    }

    static func conventionsInvalidValue(key: String, expected: String, found: String) -> Self {
        Self("MM522", .error, "'\(key)' is \(expected), not \(found)")
    }

    static func conventionsGivenTwice(key: String) -> Self {
        Self("MM523", .error, "'\(key)' is given twice")
    }

    static var conventionsSaidTwice: Self {
        Self(
            "MM524",
            .error,
            "'identifiesByID' and 'identityAttributes' say the same thing twice: give one"
        )
    }

    static func conventionsUnknownKey(key: String, keys: String, suggestion: String) -> Self {
        Self("MM525", .error, "unknown key \(key) (a conventions file has \(keys))" + suggestion)
    }

    static func conventionsNameTwice(key: String, name: String) -> Self {
        Self("MM526", .error, "'\(key)' names \(name) twice")
    }

    static func conventionsNotNames(key: String, found: String) -> Self {
        Self("MM522", .error, "'\(key)' holds names (non-empty strings), not \(found)")
    }
}
