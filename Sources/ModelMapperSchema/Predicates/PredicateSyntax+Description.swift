import Foundation

// A predicate written back as a format string. What the parser reads it writes so that reading
// it again gives the same tree: parentheses where nesting needs them, reserved words used as
// keys escaped with `#`, strings quoted with escapes. Constants no literal can spell (dates,
// UUIDs, URLs, data, objects) are written for people to read.
extension PredicateSyntax: CustomStringConvertible {
    /// This `PredicateSyntax` as text, as `print` and string interpolation show it.
    package var description: String {
        switch self {
        case .alwaysTrue: return "TRUEPREDICATE"
        case .alwaysFalse: return "FALSEPREDICATE"
        case .comparison(let comparison): return comparison.description
        case .not(let inner):
            switch inner {
            case .and, .or: return "NOT (\(inner))"
            default: return "NOT \(inner)"
            }
        case .and(let terms):
            return
                terms.map { term in
                    switch term {
                    case .and, .or: "(\(term))"
                    default: term.description
                    }
                }
                .joined(separator: " AND ")
        case .or(let terms):
            return
                terms.map { term in
                    if case .or = term { return "(\(term))" }
                    return term.description
                }
                .joined(separator: " OR ")
        }
    }
}

extension PredicateSyntax.Comparison: CustomStringConvertible {
    /// This `Comparison` as text, as `print` and string interpolation show it.
    package var description: String {
        var text = quantifier == .direct ? "" : quantifier.rawValue + " "
        text += "\(left) \(self.operator.rawValue)"
        if !options.isEmpty {
            text +=
                "[" + (options.contains(.caseInsensitive) ? "c" : "")
                + (options.contains(.diacriticInsensitive) ? "d" : "") + "]"
        }
        return text + " \(right)"
    }
}

extension PredicateSyntax.Expression: CustomStringConvertible {
    /// This `Expression` as text, as `print` and string interpolation show it.
    package var description: String {
        switch self {
        case .evaluatedObject: return "SELF"
        case .keyPath(let base, let components):
            let path = components.map(Self.key).joined(separator: ".")
            if case .evaluatedObject = base { return path }
            return "\(Self.postfixBase(base)).\(path)"
        case .constant(let value): return value.description
        case .variable(let name): return "$" + name
        case .aggregate(let elements): return "{" + elements.map(\.description).joined(separator: ", ") + "}"
        case .index(let base, let index):
            let inside: String
            switch index {
            case .first: inside = "FIRST"
            case .last: inside = "LAST"
            case .size: inside = "SIZE"
            case .position(let position): inside = position.description
            }
            return "\(Self.postfixBase(base))[\(inside)]"
        case .arithmetic(let left, let operation, let right):
            // Parentheses only where the grouping needs them (the operators group to the
            // left), so that printing nests no deeper than the parse did.
            let level = Self.level(operation)
            let leftText = Self.level(of: left) < level ? "(\(left))" : left.description
            let rightText = Self.level(of: right) <= level ? "(\(right))" : right.description
            return "\(leftText) \(operation.rawValue) \(rightText)"
        case .negated(let operand):
            if case .arithmetic = operand { return "-(\(operand))" }
            return "-" + operand.description
        case .function(let name, let arguments):
            return Self.key(name) + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .subquery(let collection, let variable, let predicate):
            return "SUBQUERY(\(collection), $\(variable), \(predicate))"
        }
    }

    /// An expression that a key or an index follows: operators in parentheses.
    private static func postfixBase(_ expression: Self) -> String {
        switch expression {
        case .arithmetic, .negated: "(\(expression))"
        default: expression.description
        }
    }

    /// How tightly an operator binds: `+ -`, then `* /`, then `**`.
    private static func level(_ operation: ArithmeticOperator) -> Int {
        switch operation {
        case .add, .subtract: 1
        case .multiply, .divide: 2
        case .power: 3
        }
    }

    /// How tightly an expression holds together as an operand: an operation as its operator,
    /// anything else (a negation included: `-` binds tighter than any operator) fully.
    private static func level(of expression: Self) -> Int {
        if case .arithmetic(_, let operation, _) = expression { return level(operation) }
        return 4
    }

    /// A key as written: reserved words escaped with `#`.
    private static func key(_ component: String) -> String {
        PredicateLexer.keywords.contains(component.uppercased()) ? "#" + component : component
    }
}

extension PredicateSyntax.Value: CustomStringConvertible {
    /// This `Value` as text, as `print` and string interpolation show it.
    package var description: String {
        switch self {
        case .null: return "NIL"
        case .boolean(let value): return value ? "TRUE" : "FALSE"
        case .number(let text): return text
        case .string(let text): return Self.quoted(text)
        case .date(let date): return "CAST(\(date.timeIntervalSinceReferenceDate), \"NSDate\")"
        case .uuid(let uuid): return Self.quoted(uuid.uuidString)
        case .url(let url): return Self.quoted(url.absoluteString)
        case .data(let data): return "<\(data.count) bytes>"
        case .object(let reference): return reference.referent.predicateDescription
        case .array(let values): return "{" + values.map(\.description).joined(separator: ", ") + "}"
        }
    }

    /// A string literal, double-quoted, with the escapes the lexer reads.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }
}
