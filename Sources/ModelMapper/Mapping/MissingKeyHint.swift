/// What an error about a missing required value adds when the object holds the value under
/// another key: another casing of the key the model reads (`dateString` where the model reads
/// `date_string`), or a near spelling (`titel`). One rule for the decoder and the graph, so
/// that both say the same of the same object.
///
/// For example, with a model that reads snake_case and `{"dateString": "2025-04-28"}`:
///
/// ```text
/// $[0].date_string: Entry.dateString: a value (Date) is required, but the JSON has none and the model
/// gives no default: the object has 'dateString' (camelCase); this model reads snake_case
/// (conventions: keyCasing)
/// ```
package enum MissingKeyHint {
    /// The hint for `property`, missing from an object whose members' keys are `keys` (in
    /// order), read with `casing`; nil when no key is near. `readKeys`: the keys the entity
    /// reads at that level, which are not suggested (they hold values of their own).
    static func hint(
        for property: PropertyMapping,
        keys: [String],
        readKeys: Set<String>,
        casing: JSONKeyCasing
    ) -> String? {
        // A key path (`a.b`) is looked for where its first key should be only.
        guard property.keyPath.count == 1, let expected = property.keyPath.first else { return nil }
        let candidates = keys.filter { $0 != expected && !readKeys.contains($0) }
        let folded = fold(expected)
        if let other = candidates.first(where: { fold($0) == folded }) {
            return "the object has '\(other)' (\(casingName(ofKey: other))); this model reads "
                + "\(readingName(of: casing)) (conventions: keyCasing)"
        }
        // Near: at most two edits (a typo, a letter left out), not a word of its own.
        if let near = ClosestName.to(expected, among: candidates, maximumDistance: 2) {
            return "the object has '\(near)', which no property reads; did you mean it?"
        }
        return nil
    }

    /// A key without case or word separators: `date_string`, `dateString` and `date-string`
    /// are one.
    package static func fold(_ key: String) -> String {
        String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }

    /// The casing a key is written in, as a person names it.
    static func casingName(ofKey key: String) -> String {
        if key.contains("_") { return "snake_case" }
        if key.contains("-") { return "kebab-case" }
        if key.unicodeScalars.first?.properties.isUppercase == true { return "PascalCase" }
        return key.unicodeScalars.contains { $0.properties.isUppercase } ? "camelCase" : "lowercase"
    }

    /// The keys a casing reads, as a person names them.
    static func readingName(of casing: JSONKeyCasing) -> String {
        switch casing {
        case .modelNames: return "the property names as they are"
        case .snakeCase: return "snake_case"
        case .kebabCase: return "kebab-case"
        default: return "keys cased by '\(casing)'"
        }
    }
}
