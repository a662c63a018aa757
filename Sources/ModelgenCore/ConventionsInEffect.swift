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
public struct ConventionsInEffect: Sendable {
    /// One convention: its name, its value, and where the value comes from.
    public struct Row: Sendable, Hashable {
        /// What the convention is (`key casing`).
        public let name: String
        /// Its name in a conventions file (`keyCasing`).
        public let key: String
        /// The value for a decoder, an encoder and every `modelgen` command.
        public let value: String
        /// Where that value comes from.
        public let source: String
        /// The value in an `ObjectGraph` made without decoding options, where it differs.
        public let graphValue: String?
    }

    /// The conventions, in a fixed order.
    public let rows: [Row]

    /// The conventions of `model`, with `overrides` (from the command line) over the model's.
    public init(model: ObjectModel, overrides: ModelConventions = ModelConventions()) {
        let file = model.conventionsURL.map { $0.relativePath } ?? "the model's conventions file"
        func row<Value: Equatable>(
            _ name: String,
            key: String,
            _ path: KeyPath<ModelConventions, Value?>,
            whenNone: String = "none",
            text: (Value) -> String
        ) -> Row {
            let coding = ModelConventions.codingDefaults[keyPath: path]
            let graph = ModelConventions.graphDefaults[keyPath: path]
            if let value = overrides[keyPath: path] {
                return Row(name: name, key: key, value: text(value), source: "the command line", graphValue: nil)
            }
            if let value = model.conventions[keyPath: path] {
                return Row(name: name, key: key, value: text(value), source: file, graphValue: nil)
            }
            let graphValue = graph != coding ? graph.map(text) : nil
            return Row(
                name: name,
                key: key,
                value: coding.map(text) ?? whenNone,
                source: Self.defaultSource,
                graphValue: graphValue
            )
        }
        func names(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }
        var identities = row(
            "identity attributes by name",
            key: "identityAttributes",
            \.identityAttributeNames,
            text: names
        )
        // An option's yes turns on the model's names, else `id`, as the coders resolve it.
        if overrides.identityAttributes == nil, overrides.identifiesByID == true,
            let declared = model.conventions.identityAttributeNames, !declared.isEmpty
        {
            identities = Row(
                name: identities.name,
                key: identities.key,
                value: names(declared),
                source: "the command line, with \(file)'s names",
                graphValue: nil
            )
        }
        rows = [
            row("key casing", key: "keyCasing", \.keyCasing) { ModelConventions.name(of: $0) ?? $0.description },
            identities,
            row("identity key", key: "identityKey", \.identityKey) { $0 },
            row(
                "reserved names",
                key: "reservedNames",
                \.reservedNames,
                whenNone: "description, with snakeCase or kebabCase",
                text: names
            ),
        ]
    }

    /// The ``Row/source`` of a convention that neither the command line nor the model sets.
    public static let defaultSource = "the default"

    /// The rows as outline lines: `key casing: snakeCase (from Shop.conventions.json)`.
    public var lines: [String] {
        rows.map { row in
            guard row.source == Self.defaultSource else { return "  \(row.name): \(row.value) (from \(row.source))" }
            let graph = row.graphValue.map { "; \($0) in an ObjectGraph made without options" } ?? ""
            return "  \(row.name): \(row.value) (the default\(graph))"
        }
    }
}
