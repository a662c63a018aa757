import Foundation

/// The byte level of ModelMapper's JSON reading, shared by the tree reader (``JSONReader``)
/// and the decoder that reads straight into objects: whitespace, strings, numbers and
/// literals, RFC 8259 exactly, and errors located by line and column.
///
/// It never recurses: ``skipValue()`` checks a whole value of any depth with a counter and a
/// bit stack, so hostile nesting costs memory proportional to its depth and no thread stack.
///
/// The bytes must outlive the scanner (it is used inside `withUnsafeBytes`).
@_spi(Engine) public struct JSONScanner<Failure: JSONFailure> {
    /// The first byte of the text.
    public let base: UnsafePointer<UInt8>
    /// How many bytes the text is.
    public let count: Int
    /// Where reading is: the offset of the next byte.
    public var index: Int
    /// How deeply arrays and objects may nest in a skipped or parsed value.
    public let maximumDepth: Int
    /// How many bytes a string (or key) may have, escapes decoded.
    public let maximumStringLength: Int
    /// How many elements an array, or members an object, may have.
    public let maximumElementCount: Int
    /// Where strings with escapes are decoded; shared, so decoding one allocates nothing.
    public let scratch: ScratchBuffer
    /// The line and column of the first byte in the whole document, for bytes that are a part
    /// of one (an element of a streamed array).
    public var origin = (line: 1, column: 1)

    /// A scanner at the start of `bytes`, with the limits the reader enforces.
    @inlinable public init(
        bytes: UnsafeRawBufferPointer,
        maximumDepth: Int,
        maximumStringLength: Int = .max,
        maximumElementCount: Int = .max,
        scratch: ScratchBuffer = ScratchBuffer()
    ) {
        self.maximumStringLength = maximumStringLength
        self.maximumElementCount = maximumElementCount
        // An empty buffer may have no base address; any valid pointer will do for zero bytes.
        self.base = bytes.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? ScratchBuffer.empty
        self.count = bytes.count
        self.maximumDepth = maximumDepth
        self.scratch = scratch
        // A UTF-8 byte-order mark may start the text (RFC 8259 lets parsers ignore it).
        index = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
    }

    /// The bytes of a string's contents (see ``JSONStringBytes``).
    public typealias StringBytes = JSONStringBytes

    // MARK: Bytes

    /// The byte at the reading position; 0 at the end (a 0 byte is never valid there either).
    @inline(__always)
    @inlinable public func peek() -> UInt8 { index < count ? base[index] : 0 }

    /// Whether the value at the reading position is a string or a number: what may stand
    /// for an object by its identity.
    @inlinable public var peekIsScalarIdentity: Bool {
        let first = peek()
        return first == UInt8(ascii: "\"") || first == UInt8(ascii: "-") || JSONBytes.isDigit(first)
    }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { index >= count }

    /// Skips spaces, tabs, line feeds and carriage returns.
    @inline(__always)
    @inlinable public mutating func skipWhitespace() {
        // Most calls find none: one comparison, with the loop out of line.
        guard index < count, base[index] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    /// ``skipWhitespace()`` from a byte that may be whitespace. A pretty-printed document is
    /// mostly indentation (citm_catalog.json is 71% spaces), so the spaces after a line feed
    /// go eight at a time: the run's length is where the first byte that is not a space is in
    /// the word. A lone space (after a colon) costs what it did.
    @inline(never)
    @inlinable mutating func skipWhitespaceRun() {
        var position = index
        while position < count {
            let byte = base[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                position &+= 1
            } else if byte == 0x0A {
                position &+= 1
                while count &- position >= 8 {
                    // Little-endian, so that the document's first byte is the word's lowest.
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    let notSpaces = word ^ 0x2020_2020_2020_2020
                    guard notSpaces == 0 else {
                        position &+= notSpaces.trailingZeroBitCount &>> 3
                        break
                    }
                    position &+= 8
                }
            } else {
                break
            }
        }
        index = position
    }

    /// Skips whitespace, then reads `byte` if it is next.
    @inline(__always)
    @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < count, base[index] == byte else { return false }
        index += 1
        return true
    }

    // MARK: Tokens

    /// A string from its opening quote (the byte at `index`): escapes decoded, UTF-8 checked.
    @inlinable public mutating func readString() throws(Failure) -> StringBytes {
        try readString(validating: true)
    }

    /// A string value as a `String`, from its opening quote: escapes decoded, UTF-8 checked
    /// once (by ``UTF8Validation``, unless the scan found them all ASCII), and the `String` made
    /// without checking them again (see ``UTF8Validation/string(ofValid:isASCII:)``).
    @inlinable public mutating func readStringValue() throws(Failure) -> String {
        let start = index
        let text = try readString(validating: false)
        if text.isASCII { return UTF8Validation.string(ofValid: text.buffer, isASCII: true) }
        guard UTF8Validation.isValid(text.buffer) else {
            throw failure("a string holds bytes that are not valid UTF-8", at: start)
        }
        return UTF8Validation.string(ofValid: text.buffer, isASCII: false)
    }

    /// Advances to the next byte a string's plain run ends at (a quote, a backslash, a control
    /// character) or to the end: eight bytes at a time while none is one. Returns whether the
    /// bytes passed include one above 0x7F.
    @inline(__always)
    @inlinable public mutating func skipPlainBytes() -> Bool {
        var isASCII = true
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let highs = StringWord.highs
            let special = StringWord.special(word, slash: false)
            if special != 0 {
                // The lowest flagged byte is a true match: go straight to it.
                let offset = special.trailingZeroBitCount >> 3
                let before = offset == 0 ? 0 : UInt64.max >> UInt64(64 - 8 * offset)
                if word & highs & before != 0 { isASCII = false }
                index += offset
                return isASCII
            }
            if word & highs != 0 { isASCII = false }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return isASCII }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        return isASCII
    }

    /// A string from its opening quote, escapes decoded; its UTF-8 checked when `validating`
    /// (otherwise the caller checks it).
    @inline(__always)
    @inlinable public mutating func readString(validating: Bool) throws(Failure) -> StringBytes {
        index += 1
        let start = index
        let isASCII = skipPlainBytes()
        guard index < count else { throw failure("the text ends inside a string") }
        let byte = base[index]
        if byte == UInt8(ascii: "\"") {
            let text = StringBytes(start: base + start, count: index - start, isASCII: isASCII)
            guard text.count <= maximumStringLength else { throw tooLong(at: start - 1) }
            index += 1
            if validating, !isASCII, !UTF8Validation.isValid(text.buffer) {
                throw failure("a string holds bytes that are not valid UTF-8", at: start - 1)
            }
            return text
        }
        if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start, validating: validating) }
        throw controlCharacter(byte)
    }

    /// The rest of a string that has escapes (the reading position at the first backslash),
    /// decoded into the scratch buffer: plain runs copied whole.
    @inlinable public mutating func readEscapedString(from start: Int, validating: Bool) throws(Failure) -> StringBytes
    {
        scratch.removeAll()
        scratch.append(UnsafeBufferPointer(start: base + start, count: index - start))
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                let text = StringBytes(start: UnsafePointer(scratch.start), count: scratch.count)
                guard text.count <= maximumStringLength else { throw tooLong(at: start - 1) }
                if validating, !UTF8Validation.isValid(text.buffer) {
                    throw failure("a string holds bytes that are not valid UTF-8", at: start - 1)
                }
                return text
            }
            if byte < 0x20 { throw controlCharacter(byte) }
            guard byte == UInt8(ascii: "\\") else {
                // A plain run, up to the next quote, backslash or control character.
                let runStart = index
                _ = skipPlainBytes()
                scratch.append(UnsafeBufferPointer(start: base + runStart, count: index - runStart))
                continue
            }
            index += 1
            guard index < count else { break }
            let escaped = base[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"): scratch.append(scalar: try unicodeEscape())
            default:
                index -= 1
                throw failure(
                    "'\\\(JSONBytes.describe(escaped).dropFirst().dropLast())' is not an escape; use \\\", \\\\, \\/, \\b, "
                        + "\\f, \\n, \\r, \\t or \\uXXXX"
                )
            }
        }
        throw failure("the text ends inside a string")
    }

    /// The error for a control character inside a string.
    @inlinable public func controlCharacter(_ byte: UInt8) -> Failure {
        failure("a control character (U+\(JSONBytes.hex(UInt32(byte)))) must be escaped in a string")
    }

    /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair.
    @inlinable public mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try hexQuad()
        if (0xDC00...0xDFFF).contains(first) {
            throw failure("\\u\(JSONBytes.hex(first)) is a lone low surrogate")
        }
        guard (0xD800...0xDBFF).contains(first) else {
            guard let scalar = Unicode.Scalar(first) else {
                throw failure("\\u\(JSONBytes.hex(first)) is not a Unicode scalar")
            }
            return scalar
        }
        guard index + 1 < count, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
            throw failure(
                "\\u\(JSONBytes.hex(first)) is a high surrogate without the low surrogate that must follow it"
            )
        }
        index += 2
        let second = try hexQuad()
        guard (0xDC00...0xDFFF).contains(second) else {
            throw failure(
                "\\u\(JSONBytes.hex(first)) is a high surrogate followed by \\u\(JSONBytes.hex(second)), not by a low surrogate"
            )
        }
        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else {
            throw failure("\\u\(JSONBytes.hex(first))\\u\(JSONBytes.hex(second)) is not a Unicode scalar")
        }
        return scalar
    }

    /// The four hex digits of a `\\u` escape, as a value.
    @inlinable public mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { throw failure("the text ends inside a \\u escape") }
            let byte = base[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("expected four hexadecimal digits after \\u, found \(JSONBytes.describe(byte))")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, from its first byte, as written.
    @inlinable public mutating func readNumber() throws(Failure) -> UnsafeBufferPointer<UInt8> {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        let first = peek()
        guard JSONBytes.isDigit(first) else { throw failure("expected a digit in a number, found \(describeNext())") }
        index += 1
        if first == UInt8(ascii: "0"), JSONBytes.isDigit(peek()) {
            throw failure("a number cannot start with 0 followed by digits")
        }
        skipDigits()
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard JSONBytes.isDigit(peek()) else {
                throw failure("expected a digit after the decimal point, found \(describeNext())")
            }
            skipDigits()
        }
        if peek() | 0x20 == UInt8(ascii: "e") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard JSONBytes.isDigit(peek()) else {
                throw failure("expected a digit in the exponent, found \(describeNext())")
            }
            skipDigits()
        }
        return UnsafeBufferPointer(start: base + start, count: index - start)
    }

    /// An integer number (no fraction or exponent, at most 18 digits: within any Int64
    /// without an overflow check) that lies in `range`, read and converted in one pass; nil,
    /// having read nothing, for anything else (which `readNumber` then reads or reports).
    @inline(__always)
    @inlinable public mutating func readPlainInteger(in range: ClosedRange<Int64>) -> Int64? {
        var position = index
        let isNegative = position < count && base[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        let digitsStart = position
        var magnitude: Int64 = 0
        while position < count {
            let digit = base[position] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            position += 1
        }
        let digitCount = position - digitsStart
        // No digit, too many, or a leading zero: the careful path says what it is.
        guard digitCount > 0, digitCount <= 18, digitCount == 1 || base[digitsStart] != UInt8(ascii: "0") else {
            return nil
        }
        if position < count {
            let next = base[position]
            if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") { return nil }
        }
        let value = isNegative ? -magnitude : magnitude
        guard range.contains(value) else { return nil }
        index = position
        return value
    }

    /// An integer sent as a string (`"505874924095815681"`, as APIs quote ids) in the form
    /// ``readPlainInteger(in:)`` reads unquoted, and not `-0`: a numeric string whose number is
    /// written back the same. Nil, having read nothing, for anything else.
    @inlinable public mutating func readQuotedPlainInteger(in range: ClosedRange<Int64>) -> Int64? {
        guard index < count, base[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        index += 1
        guard let value = readPlainInteger(in: range), index < count, base[index] == UInt8(ascii: "\""),
            value != 0 || base[start + 1] != UInt8(ascii: "-")
        else {
            index = start
            return nil
        }
        index += 1
        return value
    }

    /// Skips ASCII digits.
    @inline(__always)
    @inlinable public mutating func skipDigits() {
        while index < count, JSONBytes.isDigit(base[index]) { index += 1 }
    }

    /// `true`, `false` or `null`, from its first byte.
    /// `true` or `false` at the reading position, read; nil, having read nothing, for
    /// anything else (which ``readScalar()`` then reads, or reports).
    @inline(__always)
    @inlinable public mutating func readPlainBoolean() -> Bool? {
        guard index + 4 <= count else { return nil }
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)
        if word == Self.trueWord {
            index += 4
            return true
        }
        guard word == Self.falsePrefix, index + 5 <= count, base[index + 4] == UInt8(ascii: "e") else { return nil }
        index += 5
        return false
    }

    /// `true` and `fals` as loaded from memory.
    @inlinable public static var trueWord: UInt32 { UInt32(littleEndian: 0x6575_7274) }
    /// The bytes `fals` as one little-endian word, for comparing four bytes at once.
    @inlinable public static var falsePrefix: UInt32 { UInt32(littleEndian: 0x736C_6166) }

    /// Reads `word` (`true`, `false` or `null`), or fails at the first byte that differs.
    @inlinable public mutating func readLiteral(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= count, memcmp(base + index, word.utf8Start, length) == 0 else {
            throw failure("expected a value, found \(describeNext())")
        }
        index += length
    }

    /// A scalar value (string, number, `true`, `false`, `null`) at the reading position,
    /// whitespace before it skipped; nil, reading nothing, at the start of an array or
    /// object. A string token's bytes are valid until the next string is read.
    @inline(__always)
    @inlinable public mutating func readScalar() throws(Failure) -> JSONToken? {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return nil
        case UInt8(ascii: "\""): return .string(try readString().buffer)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return .null
        default: throw failure("expected a value, found \(describeNext())")
        }
    }

    // MARK: Skipping

    /// Reads one whole value of any kind and depth, checking it completely, without building
    /// anything. Whitespace before it is skipped.
    @inlinable public mutating func skipValue() throws(Failure) {
        // The open containers: whether each is an object, and how many elements it has so far.
        var open: [(isObject: Bool, count: Int)] = []
        while true {
            // A value.
            if try readScalar() == nil {
                guard open.count < maximumDepth else { throw tooDeep() }
                let isObject = peek() == UInt8(ascii: "{")
                index += 1
                if !consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    open.append((isObject, 1))
                    if isObject { _ = try readKey(after: "{") }
                    continue
                }
            }
            // After a value: close containers until one continues.
            while let last = open.last {
                if try readSeparator(inObject: last.isObject) {
                    open[open.count - 1].count += 1
                    guard open[open.count - 1].count <= maximumElementCount else { throw tooManyElements() }
                    if last.isObject { _ = try readKey(after: ",") }
                    break
                }
                open.removeLast()
            }
            if open.isEmpty { return }
        }
    }

    /// After a member or element: true for `,` (another follows), false for the closing
    /// bracket (read).
    @inlinable public mutating func readSeparator(inObject: Bool) throws(Failure) -> Bool {
        skipWhitespace()
        let byte = peek()
        if byte == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            index += 1
            return false
        }
        if isAtEnd {
            throw failure(
                "the text ends inside \(inObject ? "an object: expected ',' or '}'" : "an array: expected ',' or ']'")"
            )
        }
        throw failure(
            "expected ',' or '\(inObject ? "}" : "]")' after \(inObject ? "an object member" : "an array element"), "
                + "found \(describeNext())"
        )
    }

    /// A member's name and its colon (whitespace before both skipped).
    @_spi(Engine) @inlinable public mutating func readKey(after opening: StaticString) throws(Failure) -> StringBytes {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else {
            throw failure("expected a member name in double quotes after '\(opening)', found \(describeNext())")
        }
        let key = try readString()
        guard consume(UInt8(ascii: ":")) else {
            throw failure("expected ':' after the member name, found \(describeNext())")
        }
        return key
    }

    /// Reads the member name `key` and its colon if they are next (after whitespace): the
    /// bytes, in quotes, compared at once, without scanning the string. `key` has no byte that
    /// would be escaped. False, having read nothing, for anything else (which `readKey` then
    /// reads or reports).
    @inline(__always)
    @_spi(Engine) @inlinable public mutating func consumeKey(
        _ key: UnsafeBufferPointer<UInt8>,
        pattern: QuotedKeyPattern
    ) -> Bool {
        let start = index
        guard key.count <= maximumStringLength else { return false }
        if pattern.length > 0, start + 16 <= count {
            // Little-endian words: the first byte of text is the lowest of the first word.
            let raw = UnsafeRawPointer(base + start)
            let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            guard (first ^ pattern.words.0) & pattern.masks.0 == 0, (second ^ pattern.words.1) & pattern.masks.1 == 0
            else {
                return false
            }
        } else {
            let end = start + key.count + 1
            guard end < count, base[start] == UInt8(ascii: "\""), base[end] == UInt8(ascii: "\""),
                key.isEmpty || memcmp(base + start + 1, key.baseAddress.unsafelyUnwrapped, key.count) == 0
            else { return false }
        }
        index = start + key.count + 2
        guard consume(UInt8(ascii: ":")) else {
            index = start
            return false
        }
        return true
    }

    /// Checks that only whitespace follows the document's value.
    @_spi(Engine) @inlinable public mutating func finish() throws(Failure) {
        skipWhitespace()
        guard isAtEnd else {
            throw failure("expected the end of the text after the document's value, found \(describeNext())")
        }
    }

    /// The error for nesting deeper than the reader allows.
    @_spi(Engine) @inlinable public func tooDeep() -> Failure {
        failure("the document nests deeper than \(maximumDepth) levels")
    }

    /// A string over the length limit: not malformed JSON, but more than the reader takes.
    @_spi(Engine) @inlinable public func tooLong(at offset: Int) -> Failure {
        limitExceeded("a string longer than \(maximumStringLength) bytes", option: "maximumStringLength", at: offset)
    }

    /// A container over the element limit.
    @_spi(Engine) @inlinable public func tooManyElements() -> Failure {
        limitExceeded(
            "an array or object of more than \(maximumElementCount) elements",
            option: "maximumElementCount",
            at: index
        )
    }

    /// The error for `what` going over the limit the option `option` sets, at `offset`.
    @_spi(Engine) @inlinable public func limitExceeded(_ what: String, option: String, at offset: Int) -> Failure {
        let (line, column) = position(of: offset)
        return Failure(JSONError(.limitExceeded(option: option), what, offset: offset, line: line, column: column))
    }

    // MARK: Errors

    /// A syntax error at `offset` (the reading position by default), with its line and column
    /// (counted in Unicode scalars) and the path the caller knows.
    @_spi(Engine) @inlinable public func failure(_ message: String, at offset: Int? = nil, path: JSONPath = .root)
        -> Failure
    {
        let offset = offset ?? index
        let (line, column) = position(of: offset)
        return Failure(JSONError(.syntax, message, offset: offset, line: line, column: column, path: path))
    }

    /// The line and column of a byte offset; columns count Unicode scalars.
    @_spi(Engine) @inlinable public func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, count)
        for position in 0..<end where base[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        var column = line == 1 ? origin.column : 1
        for position in lineStart..<end where base[position] & 0xC0 != 0x80 { column += 1 }
        return (line + origin.line - 1, column)
    }

    /// The next byte for messages: `'x'`, `byte 0x01` or `the end of the text`.
    @_spi(Engine) @inlinable public func describeNext() -> String {
        isAtEnd ? "the end of the text" : JSONBytes.describe(base[index])
    }
}
