import Foundation

/// ModelMapper's own JSON parser: RFC 8259 exactly, over bytes, into a `JSONValue`.
///
/// - Numbers are checked against the grammar and kept as written (`49.90` stays `49.90`), so
///   Int64 and Decimal values convert exactly later.
/// - Objects keep their keys in document order; a key written twice keeps its first place and
///   its last value.
/// - Strings must be valid UTF-8 without unescaped control characters; `\u` escapes are
///   decoded, surrogate pairs joined, and a lone surrogate is an error.
/// - No recursion: nesting is an explicit stack, bounded by `maximumDepth`, so hostile input
///   cannot exhaust a thread's stack.
/// - A UTF-8 byte-order mark is ignored (RFC 8259 allows it); UTF-16 and UTF-32 text is an error.
///
/// Every error is a ``MappingError/invalidJSON(_:)`` whose context gives the line and column
/// (counted in Unicode scalars) and the JSON path of the value being read. For example:
///
/// ```swift
/// try JSONReader.parse(Data(#"{"a": [1, 2,]}"#.utf8))
/// // $.a[2]: the data is not valid JSON: line 1, column 13: expected a value, found ']'
/// ```
enum JSONReader {
    /// Parses a whole document.
    ///
    /// - Throws: ``MappingError`` `.invalidJSON` with line, column and path.
    static func parse(_ data: Data, maximumDepth: Int = 10_000) throws(MappingError) -> JSONValue {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, MappingError> in
            var parser = Parser(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            do throws(MappingError) {
                return .success(try parser.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// A container being read.
    private enum Frame {
        /// Just opened: its first member is not known yet.
        case opening
        case array([JSONValue])
        case object(JSONObject, key: String)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maximumDepth: Int
        var index = 0
        var stack: [Frame] = []

        init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
            // A UTF-8 byte-order mark may start the text.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        mutating func document() throws(MappingError) -> JSONValue {
            var value = try self.value()
            // Close containers as their values complete, without recursion.
            while true {
                skipWhitespace()
                guard let frame = stack.popLast() else { break }
                switch frame {
                case .opening:
                    break  // never left on the stack when a value completes
                case .array(var elements):
                    elements.append(value)
                    guard let byte = peek() else { throw failure("the text ends inside an array: expected ',' or ']'") }
                    if byte == UInt8(ascii: "]") {
                        index += 1
                        value = .array(elements)
                    } else if byte == UInt8(ascii: ",") {
                        index += 1
                        stack.append(.array(elements))
                        value = try self.value()
                    } else {
                        throw failure("expected ',' or ']' after an array element, found \(describe(byte))")
                    }
                case .object(var object, let member):
                    object[member] = value
                    guard let byte = peek() else { throw failure("the text ends inside an object: expected ',' or '}'") }
                    if byte == UInt8(ascii: "}") {
                        index += 1
                        value = .object(object)
                    } else if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        let next = try key(after: ",")
                        stack.append(.object(object, key: next))
                        value = try self.value()
                    } else {
                        throw failure("expected ',' or '}' after an object member, found \(describe(byte))")
                    }
                }
            }
            guard index == bytes.count else {
                throw failure("expected the end of the text after the document's value, found \(describe(bytes[index]))")
            }
            return value
        }

        /// A value; for a non-empty container, pushes it and returns its first member's value.
        mutating func value() throws(MappingError) -> JSONValue {
            while true {
                skipWhitespace()
                guard let byte = peek() else { throw failure("the text ends where a value was expected") }
                switch byte {
                case UInt8(ascii: "{"):
                    if try openContainer(closedBy: UInt8(ascii: "}")) { return .object(JSONObject()) }
                    let key = try key(after: "{")
                    stack[stack.count - 1] = .object(JSONObject(), key: key)
                case UInt8(ascii: "["):
                    if try openContainer(closedBy: UInt8(ascii: "]")) { return .array([]) }
                    stack[stack.count - 1] = .array([])
                case UInt8(ascii: "\""):
                    return .string(try string())
                case UInt8(ascii: "t"):
                    try literal("true")
                    return .bool(true)
                case UInt8(ascii: "f"):
                    try literal("false")
                    return .bool(false)
                case UInt8(ascii: "n"):
                    try literal("null")
                    return .null
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return .number(try number())
                default:
                    throw failure("expected a value, found \(describe(byte))")
                }
            }
        }

        /// Reads a container's opening bracket, checking the depth first. Returns true when the
        /// container is empty (its closing bracket read too); else leaves an `.opening` frame
        /// for the caller to fill in.
        mutating func openContainer(closedBy closing: UInt8) throws(MappingError) -> Bool {
            guard stack.count < maximumDepth else {
                throw failure("the document nests deeper than \(maximumDepth) levels")
            }
            index += 1
            skipWhitespace()
            if peek() == closing {
                index += 1
                return true
            }
            stack.append(.opening)
            return false
        }

        /// A member's key and its colon.
        mutating func key(after opening: StaticString) throws(MappingError) -> String {
            guard peek() == UInt8(ascii: "\"") else {
                throw failure("expected a member name in double quotes after '\(opening)', found \(describe(peek()))")
            }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the member name, found \(describe(peek()))") }
            index += 1
            return key
        }

        mutating func literal(_ word: StaticString) throws(MappingError) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count)) else {
                throw failure("expected a value, found \(describe(peek()))")
            }
            index += count
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
        mutating func number() throws(MappingError) -> String {
            let start = index
            if peek() == UInt8(ascii: "-") { index += 1 }
            guard let first = peek(), isDigit(first) else { throw failure("expected a digit in a number, found \(describe(peek()))") }
            index += 1
            if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
                throw failure("a number cannot start with 0 followed by digits")
            }
            skipDigits()
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard let digit = peek(), isDigit(digit) else { throw failure("expected a digit after the decimal point, found \(describe(peek()))") }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                index += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
                guard let digit = peek(), isDigit(digit) else { throw failure("expected a digit in the exponent, found \(describe(peek()))") }
                skipDigits()
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// A string, from its opening quote; escapes decoded, UTF-8 validated.
        mutating func string() throws(MappingError) -> String {
            index += 1  // the opening quote
            let start = index
            // Fast path: no escapes, all ASCII printable; validated as we go.
            var needsSlowPath = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    index += 1
                    if !needsSlowPath { return String(decoding: text, as: UTF8.self) }
                    return try validatedUTF8(text)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw failure("a control character (U+\(hex(UInt32(byte)))) must be escaped in a string") }
                if byte >= 0x80 { needsSlowPath = true }
                index += 1
            }
            guard index < bytes.count else { throw failure("the text ends inside a string") }
            // Escapes: decode into a buffer of bytes.
            var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return try validatedUTF8(buffer)
                }
                if byte < 0x20 { throw failure("a control character (U+\(hex(UInt32(byte)))) must be escaped in a string") }
                guard byte == UInt8(ascii: "\\") else {
                    buffer.append(byte)
                    index += 1
                    continue
                }
                index += 1
                guard let escaped = peek() else { break }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escaped)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try unicodeEscape()
                    buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index -= 1
                    throw failure("'\\\(describe(escaped).dropFirst().dropLast())' is not an escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX")
                }
            }
            throw failure("the text ends inside a string")
        }

        /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
        mutating func unicodeEscape() throws(MappingError) -> Unicode.Scalar {
            let first = try hexQuad()
            if (0xDC00...0xDFFF).contains(first) {
                throw failure("\\u\(hex(first)) is a lone low surrogate")
            }
            guard (0xD800...0xDBFF).contains(first) else {
                guard let scalar = Unicode.Scalar(first) else { throw failure("\\u\(hex(first)) is not a Unicode scalar") }
                return scalar
            }
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("\\u\(hex(first)) is a high surrogate without the low surrogate that must follow it")
            }
            index += 2
            let second = try hexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("\\u\(hex(first)) is a high surrogate followed by \\u\(hex(second)), not by a low surrogate")
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw failure("\\u\(hex(first))\\u\(hex(second)) is not a Unicode scalar") }
            return scalar
        }

        mutating func hexQuad() throws(MappingError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek() else { throw failure("the text ends inside a \\u escape") }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure("expected four hexadecimal digits after \\u, found \(describe(byte))")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        /// The text as a String when it is valid UTF-8, else an error at the first bad byte.
        func validatedUTF8(_ text: some Collection<UInt8>) throws(MappingError) -> String {
            if let string = String(validating: text, as: UTF8.self) { return string }
            throw failure("a string holds bytes that are not valid UTF-8")
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func skipDigits() {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        func describe(_ byte: UInt8?) -> String {
            guard let byte else { return "the end of the text" }
            if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(hex(UInt32(byte)))"
        }

        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        /// An `.invalidJSON` error at the current position: line, column (in scalars) and the
        /// path of the containers open there.
        func failure(_ message: String) -> MappingError {
            var line = 1
            var lineStart = 0
            let end = min(index, bytes.count)
            for position in 0..<end where bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            var column = 1
            for position in lineStart..<end where bytes[position] & 0xC0 != 0x80 { column += 1 }
            var path = JSONPath.root
            for frame in stack {
                switch frame {
                case .opening: break
                case .array(let elements): path = path.appending(index: elements.count)
                case .object(_, let key): path = path.appending(key: key)
                }
            }
            var context = MappingError.Context(path: path, detail: "line \(line), column \(column): \(message)")
            context.line = line
            context.column = column
            return .invalidJSON(context)
        }
    }
}
