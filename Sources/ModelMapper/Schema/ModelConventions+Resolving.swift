extension ModelConventions {
    /// What a decoder and an encoder use where neither their options nor the model say: the
    /// model's names, no `id` identities.
    package static let codingDefaults = ModelConventions(keyCasing: .modelNames, identifiesByID: false)
    /// What an ``ObjectGraph`` made without decoding options uses where the model says
    /// nothing: snake_case keys, `id` identities.
    package static let graphDefaults = ModelConventions(keyCasing: .snakeCase, identifiesByID: true)

    /// The conventions in effect: each of `options`' that is set, else the model's (these),
    /// else the entry point's `defaults`.
    func resolved(options: ModelConventions, defaults: ModelConventions) -> Resolved {
        Resolved(
            keyCasing: options.keyCasing ?? keyCasing ?? defaults.keyCasing ?? .modelNames,
            identifiesByID: options.identifiesByID ?? identifiesByID ?? defaults.identifiesByID ?? false
        )
    }

    /// Conventions with every value decided, as a run maps with them.
    struct Resolved: Hashable {
        var keyCasing: JSONKeyCasing
        var identifiesByID: Bool

        /// Whether keys are the model's names and identities only those declared: the mappings
        /// objects hold.
        var isBase: Bool { keyCasing.isModelNames && !identifiesByID }
    }
}

extension ObjectModel {
    /// The mappings of the resolved conventions (the base ones when they are the base).
    func mappings(for conventions: ModelConventions.Resolved) -> [EntityMapping] {
        mappings(for: conventions.keyCasing, identifiesByID: conventions.identifiesByID)
    }
}
