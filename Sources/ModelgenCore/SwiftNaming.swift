/// Turns model names into Swift identifiers: keeps valid ones, escapes keywords with
/// backticks, and renames what cannot be used (saying so in a warning).
enum SwiftNaming {
    /// Keywords that can be used as identifiers only between backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
        "false",
        "is", "nil", "super", "throws", "true", "try", "any", "some", "await", "async", "consume", "copy", "borrowing",
        "consuming", "discard", "each", "macro", "package", "actor", "nonisolated", "isolated",
    ]

    /// Member names that backticks do not make usable, or that `ModelObject` (and the generated
    /// class itself) already uses: a property of that name is renamed.
    static let reservedMembers: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript",
        "description", "entity", "entityName", "unknownJSON", "dictionaryRepresentation", "Keys",
    ]

    /// Type names a generated class must not take: they would hide the types the generated
    /// code and the user's code rely on.
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Self", "Type", "Protocol", "Never", "Optional", "Array", "Dictionary", "Set",
        "String", "Int", "Int16", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "Data", "UUID", "URL",
        "Error", "Foundation", "ModelMapper", "ModelObject", "ObjectModel", "EntityDescription", "ValueTransformer",
        "JSONValue",
    ]

    /// A valid identifier made from `name`: letters, digits and `_`, not starting with a digit.
    static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "_"
            }
        }
        if result.isEmpty { return "_" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }

    /// Whether `name` is a valid identifier as it is (before any keyword escaping).
    static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && sanitized(name) == name
    }

    /// The name as written in declarations and uses: keywords in backticks.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `books` -> `Books`, for `addToBooks`; backticks of an escaped keyword are dropped.
    static func capitalized(_ name: String) -> String {
        let bare = name.replacingOccurrences(of: "`", with: "")
        guard let first = bare.first else { return bare }
        return first.uppercased() + bare.dropFirst()
    }

    /// A string literal for `text`, escaped for Swift.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Text for a doc comment line: no line breaks.
    static func commentText(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }
}

import Foundation
