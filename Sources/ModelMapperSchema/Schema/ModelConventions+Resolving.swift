extension ModelConventions {
    /// The library's one default, for every entry point (decoder, encoder, graph, generated
    /// types, testing, every `modelgen` command) where neither its options nor the model say:
    /// keys are the model's own names, and an entity that declares no identity is identified
    /// by an attribute named `id` when it has one.
    package static let defaults = ModelConventions(keyCasing: .modelNames, identifiesByID: true)

    /// The conventions in effect: each of `options`' that is set, else the model's (these),
    /// else the entry point's `defaults`. An option's `identifiesByID` turns the identities by
    /// name on (the model's names, else `id`) or off.
    package func resolved(options: ModelConventions, defaults: ModelConventions) -> Resolved {
        resolvedWithSources(options: options, defaults: defaults).conventions
    }

    /// Where a convention in effect comes from.
    package enum Source: Sendable, Hashable {
        /// An option given in code or on the command line.
        case options
        /// An option's `identifiesByID` turning on the identity names the model declares.
        case optionsWithModelNames
        /// The model's conventions.
        case model
        /// The entry point's default, as neither the options nor the model say.
        case defaults
    }

    /// Where each convention of a ``Resolved`` comes from.
    package struct Sources: Sendable, Hashable {
        package var keyCasing: Source
        package var identityAttributes: Source
        package var identityKey: Source
        package var reservedNames: Source
        package var acceptsModelNames: Source
        package var foreignKeySuffixes: Source
        package var transformerFieldReadsJSON: Source
        package var ignoresTransformablesWithoutTransformer: Source
    }

    /// ``resolved(options:defaults:)``, with where each convention comes from: one rule for
    /// what the coders map with and what `modelgen inspect` shows.
    package func resolvedWithSources(
        options: ModelConventions,
        defaults: ModelConventions
    ) -> (conventions: Resolved, sources: Sources) {
        func pick<Value>(_ path: KeyPath<ModelConventions, Value?>) -> (Value?, Source) {
            if let value = options[keyPath: path] { return (value, .options) }
            if let value = self[keyPath: path] { return (value, .model) }
            return (defaults[keyPath: path], .defaults)
        }
        var identities: ([String]?, Source)
        if let names = options.identityAttributes {
            identities = (names, .options)
        } else if let flag = options.identifiesByID {
            let declared = identityAttributeNames.flatMap { $0.isEmpty ? nil : $0 }
            identities =
                flag ? (declared ?? ["id"], declared == nil ? .options : .optionsWithModelNames) : ([], .options)
        } else {
            identities = pick(\.identityAttributeNames)
        }
        let keyCasing = pick(\.keyCasing)
        let identityKey = pick(\.identityKey)
        let reservedNames = pick(\.reservedNames)
        let acceptsModelNames = pick(\.acceptsModelNames)
        let foreignKeySuffixes = pick(\.foreignKeySuffixes)
        let transformerFieldReadsJSON = pick(\.transformerFieldReadsJSON)
        let ignoresTransformables = pick(\.ignoresTransformablesWithoutTransformer)
        let conventions = Resolved(
            keyCasing: keyCasing.0 ?? .modelNames,
            identityAttributes: identities.0 ?? [],
            identityKey: identityKey.0,
            reservedNames: reservedNames.0,
            acceptsModelNames: acceptsModelNames.0 ?? false,
            foreignKeySuffixes: foreignKeySuffixes.0,
            transformerFieldReadsJSON: transformerFieldReadsJSON.0 ?? false,
            ignoresTransformablesWithoutTransformer: ignoresTransformables.0 ?? false
        )
        let sources = Sources(
            keyCasing: keyCasing.1,
            identityAttributes: identities.1,
            identityKey: identityKey.1,
            reservedNames: reservedNames.1,
            acceptsModelNames: acceptsModelNames.1,
            foreignKeySuffixes: foreignKeySuffixes.1,
            transformerFieldReadsJSON: transformerFieldReadsJSON.1,
            ignoresTransformablesWithoutTransformer: ignoresTransformables.1
        )
        return (conventions, sources)
    }

    /// Conventions with every value decided, as a run maps with them; the mappings are
    /// compiled and cached per value.
    package struct Resolved: Hashable, Sendable {
        package var keyCasing: JSONKeyCasing
        package var identityAttributes: [String]
        package var identityKey: String?
        /// Nil: the casing's own rule for `description` (``JSONKeyCasing/mapsEntityDescription``).
        package var reservedNames: [String]?
        package var acceptsModelNames: Bool
        package var foreignKeySuffixes: ForeignKeySuffixes?
        package var transformerFieldReadsJSON: Bool
        package var ignoresTransformablesWithoutTransformer: Bool

        /// The base: the library's defaults (``ModelConventions/defaults``): the model's
        /// names, identities as declared, else `id`. The mappings objects hold.
        static package let base = Resolved(
            keyCasing: .modelNames,
            identityAttributes: ["id"],
            identityKey: nil,
            reservedNames: nil,
            acceptsModelNames: false,
            foreignKeySuffixes: nil,
            transformerFieldReadsJSON: false,
            ignoresTransformablesWithoutTransformer: false
        )

        /// Whether keys are the model's names, identities those declared else `id` at its own
        /// name, and no key read but a property's own.
        package var isBase: Bool {
            keyCasing.isModelNames && identityAttributes == ["id"] && identityKey == nil
                && (reservedNames ?? []).isEmpty && foreignKeySuffixes == nil && !transformerFieldReadsJSON
                && !ignoresTransformablesWithoutTransformer
        }
    }
}
