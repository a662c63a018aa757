import ModelMapper

/// The conventions a model is mapped with, each with where it comes from: the command line,
/// the model's conventions file, or the entry point's default where neither says. What
/// `modelgen inspect` shows.
///
/// For example, for a model whose `Shop.conventions.json` says `"keyCasing": "snakeCase"`:
///
/// ```swift
/// let conventions = ConventionsInEffect(model: model)
/// conventions.rows[0]   // key casing: snakeCase, from Models/Shop.conventions.json
/// ```
package struct ConventionsInEffect: Sendable {
    /// One convention: its name, its value, and where the value comes from.
    package struct Row: Sendable, Hashable {
        /// What the convention is (`key casing`).
        package let name: String
        /// Its name in a conventions file (`keyCasing`).
        package let key: String
        /// The value for a decoder, an encoder and every `modelgen` command.
        package let value: String
        /// Where that value comes from.
        package let source: String
    }

    /// The conventions, in a fixed order.
    package let rows: [Row]

    /// The conventions of `model`, with `overrides` (from the command line) over the model's:
    /// resolved by the rule every entry point uses (`ModelConventions`), with the library's one
    /// default where neither says.
    package init(model: ObjectModel, overrides: ModelConventions = ModelConventions()) {
        let file = model.conventionsURL.map { $0.relativePath } ?? "the model's conventions file"
        let (coding, sources) = model.conventions.resolvedWithSources(options: overrides, defaults: .defaults)
        func row<Value: Equatable>(
            _ name: String,
            key: String,
            _ path: KeyPath<ModelConventions.Resolved, Value>,
            _ source: ModelConventions.Source,
            text: (Value) -> String
        ) -> Row {
            let value = text(coding[keyPath: path])
            switch source {
            case .options: return Row(name: name, key: key, value: value, source: "the command line")
            case .optionsWithModelNames:
                return Row(
                    name: name,
                    key: key,
                    value: value,
                    source: "the command line, with \(file)'s names"
                )
            case .model: return Row(name: name, key: key, value: value, source: file)
            case .defaults:
                return Row(name: name, key: key, value: value, source: Self.defaultSource)
            }
        }
        func names(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
        rows = [
            row("key casing", key: "keyCasing", \.keyCasing, sources.keyCasing) {
                ModelConventions.name(of: $0) ?? $0.description
            },
            row(
                "identity attributes by name",
                key: "identityAttributes",
                \.identityAttributes,
                sources.identityAttributes
            ) {
                names($0)
            },
            row("identity key", key: "identityKey", \.identityKey, sources.identityKey) { $0 ?? "none" },
            row("reserved names", key: "reservedNames", \.reservedNames, sources.reservedNames) {
                $0.map(names) ?? "description, with snakeCase or kebabCase"
            },
            row("model names accepted", key: "acceptsModelNames", \.acceptsModelNames, sources.acceptsModelNames) {
                $0 ? "yes" : "no"
            },
            row("foreign key suffixes", key: "foreignKeySuffixes", \.foreignKeySuffixes, sources.foreignKeySuffixes) {
                $0.map { "\($0.toOne) (to-one), \($0.toMany) (to-many)" } ?? "none"
            },
            row(
                "Value Transformer field reads JSON",
                key: "transformerFieldReadsJSON",
                \.transformerFieldReadsJSON,
                sources.transformerFieldReadsJSON
            ) {
                $0 ? "yes (as Sync)" : "no (as Core Data)"
            },
            row(
                "Transformables without a transformer",
                key: "ignoresTransformablesWithoutTransformer",
                \.ignoresTransformablesWithoutTransformer,
                sources.ignoresTransformablesWithoutTransformer
            ) {
                $0 ? "left out" : "kept as JSON"
            },
        ]
    }

    /// The ``Row/source`` of a convention that neither the command line nor the model sets.
    package static let defaultSource = "the default"

    /// The rows as outline lines: `key casing: snakeCase (from Shop.conventions.json)`.
    package var lines: [String] {
        rows.map { row in
            guard row.source == Self.defaultSource else { return "  \(row.name): \(row.value) (from \(row.source))" }
            return "  \(row.name): \(row.value) (the default)"
        }
    }
}
