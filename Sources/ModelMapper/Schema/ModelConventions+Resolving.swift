extension ModelConventions {
    /// What a decoder and an encoder use where neither their options nor the model say: the
    /// model's names, no `id` identities.
    package static let codingDefaults = ModelConventions(keyCasing: .modelNames, identifiesByID: false)
    /// What an ``ObjectGraph`` made without decoding options uses where the model says
    /// nothing: snake_case keys, `id` identities.
    package static let graphDefaults = ModelConventions(keyCasing: .snakeCase, identifiesByID: true)

    /// The conventions in effect: each of `options`' that is set, else the model's (these),
    /// else the entry point's `defaults`. An option's `identifiesByID` turns the identities by
    /// name on (the model's names, else `id`) or off.
    func resolved(options: ModelConventions, defaults: ModelConventions) -> Resolved {
        let identityNames: [String]
        if let names = options.identityAttributes {
            identityNames = names
        } else if let flag = options.identifiesByID {
            identityNames = flag ? (identityAttributeNames.flatMap { $0.isEmpty ? nil : $0 } ?? ["id"]) : []
        } else {
            identityNames = identityAttributeNames ?? defaults.identityAttributeNames ?? []
        }
        return Resolved(
            keyCasing: options.keyCasing ?? keyCasing ?? defaults.keyCasing ?? .modelNames,
            identityAttributes: identityNames,
            identityKey: options.identityKey ?? identityKey ?? defaults.identityKey,
            reservedNames: options.reservedNames ?? reservedNames ?? defaults.reservedNames,
            acceptsModelNames: options.acceptsModelNames ?? acceptsModelNames ?? defaults.acceptsModelNames ?? false,
            foreignKeySuffixes: options.foreignKeySuffixes ?? foreignKeySuffixes ?? defaults.foreignKeySuffixes
        )
    }

    /// Conventions with every value decided, as a run maps with them; the mappings are
    /// compiled and cached per value.
    struct Resolved: Hashable {
        var keyCasing: JSONKeyCasing
        var identityAttributes: [String]
        var identityKey: String?
        /// Nil: the casing's own rule for `description` (``JSONKeyCasing/mapsEntityDescription``).
        var reservedNames: [String]?
        var acceptsModelNames: Bool
        var foreignKeySuffixes: ForeignKeySuffixes?

        /// The base: the model's names, identities as declared. The mappings objects hold.
        static let base = Resolved(
            keyCasing: .modelNames,
            identityAttributes: [],
            identityKey: nil,
            reservedNames: nil,
            acceptsModelNames: false,
            foreignKeySuffixes: nil
        )

        /// Whether keys are the model's names, identities only those declared, and no key read
        /// but a property's own.
        var isBase: Bool {
            keyCasing.isModelNames && identityAttributes.isEmpty && (reservedNames ?? []).isEmpty
                && foreignKeySuffixes == nil
        }
    }
}
