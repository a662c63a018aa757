/// Names for what inference finds, made from JSON keys: Swift identifiers that are neither
/// keywords nor names `ModelObject` or the generated code already use, properties starting
/// with a lowercase letter and entities with an uppercase one, as Xcode requires.
enum InferredNames {
    /// The lowercased words of a key: split at every character that is not a letter or digit,
    /// and where a lowercase letter or digit meets an uppercase one (`userID` -> `user`, `id`;
    /// `URLString` -> `url`, `string`).
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var current: [Unicode.Scalar] = []
        let scalars = Array(key.unicodeScalars)
        func flush() {
            if !current.isEmpty { words.append(String(String.UnicodeScalarView(current)).lowercased()) }
            current.removeAll()
        }
        for (index, scalar) in scalars.enumerated() {
            let isLetter = scalar.properties.isAlphabetic
            let isDigit = ("0"..."9").contains(scalar)
            guard isLetter || isDigit else {
                flush()
                continue
            }
            if scalar.properties.isUppercase, let previous = current.last {
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                // A hump (`userId`), or the last capital of an acronym before a word (`URLString`).
                if !previous.properties.isUppercase || next?.properties.isLowercase == true {
                    flush()
                }
            }
            current.append(scalar)
        }
        flush()
        return words
    }

    /// `["first", "name"]` -> `firstName`; a name starting with a digit gets `n` before it.
    static func propertyName(_ words: [String]) -> String {
        guard let first = words.first else { return "value" }
        let name = first + words.dropFirst().map(SwiftNaming.capitalized).joined()
        return SwiftNaming.sanitized(startsWithLetter(name) ? name : "n" + name)
    }

    /// `["line", "items"]` -> `LineItems`, or `LineItem` when `singular`.
    static func entityName(_ words: [String], singular: Bool) -> String {
        var words = words.isEmpty ? ["item"] : words
        if singular, let last = words.last { words[words.count - 1] = self.singular(last) }
        let name = words.map(SwiftNaming.capitalized).joined()
        return SwiftNaming.sanitized(startsWithLetter(name) ? name : "E" + name)
    }

    /// Whether a key is named like a date an API sends as a number: `date`, `timestamp`,
    /// `created`, and keys ending in `_at`, `At`, `_date` or `Date` (`created_at`, `updatedAt`).
    static func isDateName(_ key: String) -> Bool {
        let lower = key.lowercased()
        if ["date", "timestamp", "created", "updated", "time"].contains(lower) { return true }
        return key.hasSuffix("_at") || key.hasSuffix("At") || key.hasSuffix("_date") || key.hasSuffix("Date")
    }

    /// Whether `name` can be a property's name as it is.
    static func isUsableProperty(_ name: String) -> Bool {
        SwiftNaming.isIdentifier(name) && startsWithLowercase(name) && !SwiftNaming.keywords.contains(name)
            && !SwiftNaming.reservedMembers.contains(name)
    }

    /// Whether `name` can be an entity's name as it is.
    static func isUsableEntity(_ name: String) -> Bool {
        SwiftNaming.isIdentifier(name) && !SwiftNaming.keywords.contains(name)
            && !ShadowedTypeNames.isTaken(name) && name.unicodeScalars.first?.properties.isUppercase == true
    }

    /// The singular of an English plural, by the common rules (`categories` -> `category`,
    /// `boxes` -> `box`, `people` -> `person`); other words as they are.
    static func singular(_ word: String) -> String {
        let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman", "data": "data"]
        if let found = irregular[word] { return found }
        guard word.count > 3 else { return word.hasSuffix("s") && word.count == 3 ? String(word.dropLast()) : word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for suffix in ["sses", "shes", "ches", "xes", "zes"] where word.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        for suffix in ["ss", "us", "is", "os"] where word.hasSuffix(suffix) { return word }
        return word.hasSuffix("s") ? String(word.dropLast()) : word
    }

    private static func startsWithLetter(_ name: String) -> Bool {
        name.unicodeScalars.first?.properties.isAlphabetic == true
    }

    private static func startsWithLowercase(_ name: String) -> Bool {
        name.unicodeScalars.first?.properties.isLowercase == true
    }
}
