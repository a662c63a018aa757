/// Splits a predicate format string into tokens, in one pass over its UTF-8 bytes.
struct PredicateLexer {
    struct Token: Equatable {
        enum Kind: Equatable {
            /// A name: a key, a function. `#name` makes a reserved word a name.
            case name(String)
            /// A reserved word, upper-cased (`AND`, `BEGINSWITH`, `NIL`, …).
            case keyword(String)
            /// A number literal's text (decimal, or `0x` hexadecimal converted to decimal).
            case number(String)
            case string(String)
            /// `$NAME`.
            case variable(String)
            /// `@count`, `@sum`, …: a collection operator in a key path.
            case collectionOperator(String)
            /// `%@`, `%K`, `%d`, …: the specifier without its `%` and length modifiers (`@`, `K`, `d`, `f`).
            case formatSpecifier(Character)
            /// An operator or punctuation: `==`, `(`, `,`, …
            case symbol(String)
            case end
        }

        let kind: Kind
        /// Where the token starts, in bytes of the format string.
        let offset: Int
    }

    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "ANY", "ALL", "NONE", "SOME", "IN", "BETWEEN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE",
        "MATCHES", "TRUEPREDICATE", "FALSEPREDICATE", "TRUE", "FALSE", "YES", "NO", "NIL", "NULL", "SELF", "SUBQUERY",
    ]

    /// Longest first, so that `<=` is not read as `<` then `=`.
    private static let symbols = [
        "**", "==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||", "=", "<", ">", "!", "(", ")", "{", "}", "[", "]",
        ",",
        ".", "+", "-", "*", "/",
    ]

    /// The symbols by their first byte, longest first: a symbol is found with a look at one or
    /// two bytes, not a search of the list (a format of 50,000 `-` is lexed in linear time
    /// with a small constant, even in a debug build).
    private static let symbolsByFirstByte: [[(bytes: [UInt8], text: String)]] = {
        var table = Array(repeating: [(bytes: [UInt8], text: String)](), count: 128)
        for symbol in symbols {
            let bytes = Array(symbol.utf8)
            table[Int(bytes[0])].append((bytes, symbol))
        }
        return table
    }()

    /// The tokens of `format`, ending with `.end`.
    ///
    /// - Throws: ``PredicateSyntaxError`` for a character that starts no token, an unterminated
    ///   string, an unknown escape, or a malformed number.
    static func tokens(of format: String) throws(PredicateSyntaxError) -> [Token] {
        let bytes = Array(format.utf8)
        var tokens: [Token] = []
        var index = 0
        func fail(_ expected: String, at offset: Int) -> PredicateSyntaxError {
            PredicateSyntaxError(
                column: column(of: offset, in: bytes),
                expected: expected,
                found: describe(bytes, at: offset),
                format: format
            )
        }
        while true {
            while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
            let start = index
            guard index < bytes.count else {
                tokens.append(Token(kind: .end, offset: index))
                return tokens
            }
            let byte = bytes[index]
            if isNameStart(byte) || byte == UInt8(ascii: "#") {
                let escaped = byte == UInt8(ascii: "#")
                if escaped { index += 1 }
                let nameStart = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                guard index > nameStart, isNameStart(bytes[nameStart]) else {
                    throw fail("a name after '#'", at: nameStart)
                }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                let upper = name.uppercased()
                tokens.append(
                    Token(kind: !escaped && keywords.contains(upper) ? .keyword(upper) : .name(name), offset: start)
                )
            } else if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "@") {
                index += 1
                let nameStart = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                guard index > nameStart, isNameStart(bytes[nameStart]) else {
                    throw fail(
                        byte == UInt8(ascii: "$") ? "a variable name after '$'" : "a collection operator after '@'",
                        at: nameStart
                    )
                }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                tokens.append(
                    Token(kind: byte == UInt8(ascii: "$") ? .variable(name) : .collectionOperator(name), offset: start)
                )
            } else if isDigit(byte)
                || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && isDigit(bytes[index + 1]))
            {
                tokens.append(Token(kind: .number(try number(bytes, &index, fail: fail)), offset: start))
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                tokens.append(Token(kind: .string(try string(bytes, &index, fail: fail)), offset: start))
            } else if byte == UInt8(ascii: "%") {
                index += 1
                while index < bytes.count, bytes[index] == UInt8(ascii: "l") { index += 1 }
                guard index < bytes.count, index - start <= 3 else {
                    throw fail("a format specifier after '%'", at: index)
                }
                let specifier = Character(Unicode.Scalar(bytes[index]))
                guard "@Kdiuf".contains(specifier), specifier != "@" && specifier != "K" || index == start + 1 else {
                    throw fail(
                        "a format specifier (%@, %K, %d, %i, %u, %f, with l or ll before d, i, u, f)",
                        at: start + 1
                    )
                }
                index += 1
                tokens.append(Token(kind: .formatSpecifier(specifier), offset: start))
            } else if let symbol = symbol(in: bytes, at: index) {
                index += symbol.bytes.count
                tokens.append(Token(kind: .symbol(symbol.text), offset: start))
            } else {
                throw fail("a key path, a literal, an operator or a format argument", at: index)
            }
        }
    }

    /// A decimal number (`12`, `1.5`, `.5`, `2e-3`) or a hexadecimal one (`0x1F`), as decimal text.
    private static func number(
        _ bytes: [UInt8],
        _ index: inout Int,
        fail: (String, Int) -> PredicateSyntaxError
    ) throws(PredicateSyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "x") {
            index += 2
            var value: UInt64 = 0
            let digitsStart = index
            while index < bytes.count, let digit = hexDigit(bytes[index]) {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
                guard !overflow else { throw fail("a hexadecimal number below 2^64", start) }
                value = shifted + UInt64(digit)
                index += 1
            }
            guard index > digitsStart else { throw fail("hexadecimal digits after '0x'", index) }
            return String(value)
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { throw fail("the digits of an exponent", index) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // A number no type can hold is refused here, where its column is known.
        guard let value = Double(text), value.isFinite else { throw fail("a number within Double's range", start) }
        return text.hasPrefix(".") ? "0" + text : text
    }

    /// A quoted string, escapes resolved (`\"`, `\'`, `\\`, `\n`, `\t`, `\r`, `\0`).
    private static func string(
        _ bytes: [UInt8],
        _ index: inout Int,
        fail: (String, Int) -> PredicateSyntaxError
    ) throws(PredicateSyntaxError) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { break }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): text.append(bytes[index + 1])
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "0"): text.append(0)
                default: throw fail("an escape (\\\", \\', \\\\, \\n, \\t, \\r or \\0)", index)
                }
                index += 2
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        guard index < bytes.count else { throw fail("the closing quote of the string that starts here", start) }
        index += 1
        return String(decoding: text, as: UTF8.self)
    }

    /// The column (from 1, in characters) of a byte offset.
    static func column(of offset: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count + 1
    }

    /// What is at a byte offset, for an error: the character, or "the end".
    static func describe(_ bytes: [UInt8], at offset: Int) -> String {
        guard offset < bytes.count else { return "the end" }
        let rest = String(decoding: bytes[offset...].prefix(4), as: UTF8.self)
        return rest.first.map { "'\($0)'" } ?? "the end"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The symbol starting at `index`, if one does.
    private static func symbol(in bytes: [UInt8], at index: Int) -> (bytes: [UInt8], text: String)? {
        let first = bytes[index]
        guard first < 128 else { return nil }
        for candidate in symbolsByFirstByte[Int(first)] {
            if candidate.bytes.count == 1 { return candidate }
            if index + 1 < bytes.count, bytes[index + 1] == candidate.bytes[1] { return candidate }
        }
        return nil
    }
    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    private static func isNameByte(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        if isDigit(byte) { return byte - UInt8(ascii: "0") }
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f") ? lower - UInt8(ascii: "a") + 10 : nil
    }
}
