import ModelMapper

extension DateFormat {
    /// The JSON Schema of the values this format reads: numbers for the forms since 1970 (and,
    /// read leniently, numeric strings), strings of the form's pattern for the others.
    ///
    /// A pattern checks the form, not the calendar: `2001-02-29` matches the ISO 8601 pattern,
    /// and the decoder refuses it. A `DateFormatter` pattern is translated field by field; one
    /// with fields the translation does not know gives a plain string.
    func jsonSchema(strict: Bool) -> JSONValue {
        switch self {
        case .secondsSince1970, .millisecondsSince1970, .microsecondsSince1970:
            let number = SchemaValue.object([("type", .string("number"))])
            guard !strict else { return number }
            return SchemaValue.anyOf([
                number, SchemaValue.object([("type", .string("string")), ("pattern", .string(Self.numberText))]),
            ])
        case .iso8601:
            return Self.string(format: "date-time", pattern: "^" + Self.dateTime(zone: .required) + "$")
        case .localISO8601, .offsetISO8601:
            // A local time (or a bare date) at the declared zone, or any time with its zone.
            let date = "(" + Self.extendedDate + "|" + Self.basicDate + ")"
            return Self.string(
                format: nil,
                pattern: "^(" + Self.dateTime(zone: .optional) + "|" + date + ")$"
            )
        case .yearMonthDay:
            return Self.string(format: "date", pattern: "^" + Self.extendedDate + "$")
        case .pattern(let pattern):
            return Self.string(format: nil, pattern: Self.regularExpression(forDateFormatterPattern: pattern))
        }
    }

    /// A number as a string, spaces around it allowed (the lenient reading trims them).
    private static let numberText = #"^ *-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? *$"#

    private static let extendedDate = #"[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"#
    private static let basicDate = #"[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])"#

    private enum Zone { case required, optional }

    /// ISO 8601 date-times as ``ISO8601Text`` reads them: the extended or the basic form, `T`,
    /// `t` or a space, fractional seconds after `.` or `,`, and `Z` or an offset.
    private static func dateTime(zone: Zone) -> String {
        let offset = #"([Zz]|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)"# + (zone == .optional ? "?" : "")
        let fraction = #"([.,][0-9]+)?"#
        let extended = extendedDate + #"[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"# + fraction + offset
        let basic = basicDate + #"[Tt ]([01][0-9]|2[0-3])[0-5][0-9][0-5][0-9]"# + fraction + offset
        return "(" + extended + "|" + basic + ")"
    }

    private static func string(format: String?, pattern: String?) -> JSONValue {
        SchemaValue.object([
            ("type", .string("string")), ("format", format.map(JSONValue.string)),
            ("pattern", pattern.map(JSONValue.string)),
        ])
    }

    /// An ECMA-262 regular expression for the text a `DateFormatter` pattern writes, field by
    /// field (`yyyy` four digits, `MMM` a month's name, `'T'` a literal); nil when the pattern
    /// has a field this does not know.
    static func regularExpression(forDateFormatterPattern pattern: String) -> String? {
        var result = "^"
        var characters = Array(pattern)[...]
        while let first = characters.first {
            if first == "'" {
                characters = characters.dropFirst()
                let literal = characters.prefix { $0 != "'" }
                result += literal.isEmpty ? "'" : escaped(String(literal))
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            guard first.isLetter, first.isASCII else {
                result += escaped(String(first))
                characters = characters.dropFirst()
                continue
            }
            let run = characters.prefix { $0 == first }.count
            characters = characters.dropFirst(run)
            guard let field = field(first, count: run) else { return nil }
            result += field
        }
        return result + "$"
    }

    private static func field(_ letter: Character, count: Int) -> String? {
        switch letter {
        case "y", "u": count == 2 ? "[0-9]{2}" : count == 1 ? "-?[0-9]+" : "[0-9]{\(count)}"
        case "M", "L": count >= 3 ? "[A-Za-z.]+" : count == 2 ? "[0-9]{2}" : "[0-9]{1,2}"
        case "d", "H", "h", "k", "K", "m", "s": count == 2 ? "[0-9]{2}" : "[0-9]{1,2}"
        case "S": "[0-9]{\(count)}"
        case "D": "[0-9]{1,3}"
        case "a": "[A-Za-z.]+"
        case "E", "e", "c": count >= 3 ? "[A-Za-z.]+" : "[0-9]{1,2}"
        case "z", "Z", "X", "x", "O", "v", "V": "[A-Za-z0-9:+_/-]+"
        default: nil
        }
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
