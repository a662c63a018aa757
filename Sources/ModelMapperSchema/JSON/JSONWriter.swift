import Foundation

/// ModelMapper's JSON output: one growing byte buffer that keys, strings, numbers and
/// punctuation are appended to, shared by the encoder and by ``JSONValue``'s text.
///
/// Strings are copied in one piece when nothing in them needs escaping (the usual case);
/// otherwise `"`, `\`, control characters (as `\n`, `\t`, … or `\u00XX`) and, unless
/// `.withoutEscapingSlashes` is set, `/` are escaped, and everything else is written as is
/// (non-ASCII text stays UTF-8). Numbers are written as JSON numbers.
@_spi(Engine) public struct JSONWriter {
    /// Where the bytes go: one buffer, shared by copies of the writer.
    public let buffer: ByteBuffer
    /// How the text is written: sorted keys, pretty, slashes escaped.
    public let options: JSONValue.WritingOptions
    /// Whether the text is pretty: indented, a space after each colon.
    public let isPretty: Bool
    /// Whether a slash is written `\\/`.
    public let escapesSlashes: Bool
    /// The indentation of the current line, in levels, when pretty printing.
    public var indent = 0
    /// ``DecimalText/layout``, read once per writer.
    public let decimalLayout: DecimalText.Layout?

    /// A writer with nothing written, with room for `capacity` bytes.
    @inlinable public init(options: JSONValue.WritingOptions = [], capacity: Int = 1024) {
        self.init(options: options, capacity: capacity, decimalLayout: DecimalText.layout)
    }

    /// A writer writing Decimals with `decimalLayout` (nil: through `description`).
    @inlinable public init(options: JSONValue.WritingOptions, capacity: Int, decimalLayout: DecimalText.Layout?) {
        self.options = options
        isPretty = options.contains(.prettyPrinted)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
        buffer = ByteBuffer(capacity: capacity)
        self.decimalLayout = decimalLayout
    }

    /// How many bytes have been written.
    @inlinable public var count: Int { buffer.count }

    /// The bytes written.
    @inlinable public var bytes: [UInt8] { buffer.bytes }

    /// The bytes written from `start` on.
    @inlinable public func bytes(from start: Int) -> [UInt8] { buffer.bytes(from: start) }

    /// The bytes written, as data (a copy: the writer can go on writing).
    @inlinable public var data: Data { buffer.data }

    /// The bytes written, handed over as data without copying them; the writer is empty
    /// afterwards. For the end of a write, where a copy of a large document would cost as
    /// much as a tenth of writing it.
    @inlinable public mutating func takeData() -> Data { buffer.takeData() }

    /// Drops what was written after `count` bytes (an object that turned out empty).
    @inlinable public mutating func truncate(to count: Int) {
        buffer.truncate(to: count)
    }

    /// Appends one byte as it is.
    @inline(__always)
    @inlinable public mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// Appends `text` as it is.
    @inlinable public mutating func append(_ text: StaticString) {
        buffer.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends bytes as they are.
    @inlinable public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(bytes) }

    /// Appends bytes as they are.
    @inlinable public mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { buffer.append($0) } }

    /// Makes the buffer hold at least `capacity` bytes without growing again; a hint, which
    /// is dropped when the memory cannot be had.
    @inlinable public mutating func reserveCapacity(_ capacity: Int) { buffer.reserveCapacity(capacity) }

    /// Room for `length` more bytes, written by `body`, which returns how many it wrote.
    @inline(__always)
    @inlinable public mutating func append(reserving length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        buffer.append(reserving: length, body)
    }

    // MARK: Structure

    /// A newline and the current indentation, when pretty printing.
    @inline(__always)
    @inlinable public mutating func newline() {
        guard isPretty else { return }
        buffer.append(0x0A)
        for _ in 0..<indent {
            buffer.append(0x20)
            buffer.append(0x20)
        }
    }

    /// `{` or `[`, indenting what follows.
    @inlinable public mutating func open(_ bracket: UInt8) {
        buffer.append(bracket)
        indent += 1
    }

    /// `}` or `]`; `isEmpty` when nothing was written since the opening bracket.
    @inlinable public mutating func close(_ bracket: UInt8, isEmpty: Bool) {
        indent -= 1
        if !isEmpty { newline() }
        buffer.append(bracket)
    }

    /// Closes an object opened (with `open`) after `mark`, where its member started; when
    /// nothing was written in it, takes the whole member back instead. Returns whether the
    /// member stays.
    @inlinable public mutating func closeNested(from mark: Int, isEmpty: Bool) -> Bool {
        guard isEmpty else {
            close(UInt8(ascii: "}"), isEmpty: false)
            return true
        }
        truncate(to: mark)
        indent -= 1
        return false
    }

    /// The separator before a member or element: `,` unless it is the first, then a newline.
    @inline(__always)
    @inlinable public mutating func separator(first: Bool) {
        if !first { buffer.append(UInt8(ascii: ",")) }
        newline()
    }

    /// `"key":` (with a space after the colon when pretty printing).
    @inlinable public mutating func key(_ key: String) {
        string(key)
        colon()
    }

    /// A key whose quoted form, colon included, was prepared once (see ``quotedKey(_:options:)``).
    @inlinable public mutating func key(quoted: [UInt8]) {
        quoted.withUnsafeBufferPointer { key(quoted: $0) }
    }

    /// Writes a member's key, already quoted, and its colon.
    @inline(__always)
    @inlinable public mutating func key(quoted: UnsafeBufferPointer<UInt8>) {
        buffer.append(quoted)
        if isPretty { buffer.append(0x20) }
    }

    /// A member's separator and quoted key; `isEmpty` says whether it is the level's first.
    @inline(__always)
    @inlinable public mutating func member(quoted key: UnsafeBufferPointer<UInt8>, isEmpty: inout Bool) {
        guard !isPretty, let source = key.baseAddress else {
            separator(first: isEmpty)
            isEmpty = false
            self.key(quoted: key)
            return
        }
        let first = isEmpty
        isEmpty = false
        let length = key.count
        buffer.append(reserving: length + 1) { text in
            var target = text
            if !first {
                text[0] = UInt8(ascii: ",")
                target += 1
            }
            ByteBuffer.copy(source, count: length, to: target)
            return first ? length : length + 1
        }
    }

    /// Writes the colon after a key.
    @inline(__always)
    @inlinable public mutating func colon() {
        buffer.append(UInt8(ascii: ":"))
        if isPretty { buffer.append(0x20) }
    }

    /// The bytes of `"key":` for a key, as ``string(_:)`` writes it.
    @inlinable public static func quotedKey(_ key: String, options: JSONValue.WritingOptions) -> [UInt8] {
        var writer = JSONWriter(options: options.subtracting(.prettyPrinted), capacity: key.utf8.count + 3)
        writer.string(key)
        writer.append(UInt8(ascii: ":"))
        return writer.bytes
    }

    // MARK: Strings

    /// Writes `text` as a JSON string: quoted, escaped where JSON needs it.
    @inlinable public mutating func string(_ text: String) {
        // A native string lends its bytes as it is: `withUTF8` would need a copy to mutate,
        // a reference counted per string.
        if text.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) != nil { return }
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// One string of several joined by an ASCII separator, without building it first.
    @inlinable public mutating func joinedString(_ parts: [String], separator: UInt8) {
        buffer.append(UInt8(ascii: "\""))
        for index in parts.indices {
            if index > 0 { buffer.append(separator) }
            var part = parts[index]
            part.withUTF8 { contents(utf8: $0) }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Writes UTF-8 bytes as a JSON string: quoted, escaped where JSON needs it.
    @inlinable public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        contents(utf8: utf8)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A string's contents, without the quotes: copied and checked eight bytes at a time into
    /// room made for them at once, up to the first byte to escape (usually none), then
    /// escaped from there. (The same scan as ``nextEscaped(_:from:count:)`` with the copy
    /// fused in: 2-3% of an encode over finding first and copying after.)
    @inline(__always)
    @inlinable public mutating func contents(utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        let slash = escapesSlashes
        // How many bytes went in unescaped; `count` when the whole string did.
        var copied = 0
        buffer.append(reserving: count) { text in
            let target = UnsafeMutableRawPointer(text)
            var index = 0
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let special = StringWord.special(word, slash: slash)
                // The word is stored whole: only its bytes before the first to escape are kept.
                (target + index).storeBytes(of: word, as: UInt64.self)
                if special != 0 {
                    copied = index + special.trailingZeroBitCount >> 3
                    return copied
                }
                index += 8
            }
            if index < count, count >= 8 {
                // The word ending at the end of the string, without the bytes already copied.
                let word = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
                let seen = UInt64(8 - (count - index)) * 8
                let special = (StringWord.special(word, slash: slash) >> seen) << seen
                (target + count - 8).storeBytes(of: word, as: UInt64.self)
                if special != 0 {
                    copied = count - 8 + special.trailingZeroBitCount >> 3
                    return copied
                }
            } else {
                while index < count {
                    let byte = base[index]
                    if Self.needsEscape(byte, slash: slash) {
                        copied = index
                        return copied
                    }
                    text[index] = byte
                    index += 1
                }
            }
            copied = count
            return count
        }
        if copied < count { stringContents(utf8: utf8, from: copied) }
    }

    /// Whether `byte` must be escaped in a string (`slash`: whether slashes are).
    @inline(__always)
    @inlinable public static func needsEscape(_ byte: UInt8, slash: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (byte == UInt8(ascii: "/") && slash)
    }

    /// A string's contents from byte `first` on, escaped, without the quotes: the runs
    /// between bytes to escape are found eight bytes at a time and copied in one piece.
    @inlinable public mutating func stringContents(utf8: UnsafeBufferPointer<UInt8>, from first: Int = 0) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var start = first
        var index = first
        while true {
            index = nextEscaped(base, from: index, count: count)
            guard index < count else { break }
            let byte = base[index]
            buffer.append(UnsafeBufferPointer(start: base + start, count: index - start))
            index += 1
            start = index
            buffer.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            case 0x08: buffer.append(UInt8(ascii: "b"))
            case 0x0C: buffer.append(UInt8(ascii: "f"))
            default:
                append("u00")
                buffer.append(Self.hexDigit(byte >> 4))
                buffer.append(Self.hexDigit(byte & 0x0F))
            }
        }
        buffer.append(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// The position of the first byte from `index` on that must be escaped (`count` if none).
    @inline(__always)
    @inlinable public func nextEscaped(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var index = index
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let special = StringWord.special(word, slash: escapesSlashes)
            if special != 0 { return index + special.trailingZeroBitCount >> 3 }
            index += 8
        }
        // The last bytes of a string of eight or more: the word ending at its end, without the
        // bytes already looked at.
        if index < count, count >= 8 {
            let word = UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self)
            let seen = UInt64(8 - (count - index)) * 8
            let special = (StringWord.special(word, slash: escapesSlashes) >> seen) << seen
            return special != 0 ? count - 8 + special.trailingZeroBitCount >> 3 : count
        }
        while index < count {
            if Self.needsEscape(base[index], slash: escapesSlashes) { return index }
            index += 1
        }
        return count
    }

    /// The lower-case hex digit of `value` (0...15).
    @inlinable public static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    // MARK: Numbers

    /// Writes an integer in decimal.
    @inlinable public mutating func integer(_ value: Int64) {
        let negative = value < 0
        buffer.append(reserving: 20) { text in
            if negative { text[0] = UInt8(ascii: "-") }
            let sign = negative ? 1 : 0
            return sign + DecimalDigits.write(value.magnitude, minimumCount: 1, to: text + sign)
        }
    }

    /// A finite Double in Swift's shortest form that reads back the same (`4.5`, `1e-05`).
    ///
    /// Values with few decimals (prices, ratings, coordinates: most doubles in JSON) are
    /// written from their digits (see ``ShortDecimal``); the others as `description` writes them.
    @inlinable public mutating func double(_ value: Double) {
        if let decimal = ShortDecimal(value) {
            decimal.write(negative: value.sign == .minus, to: buffer)
            return
        }
        var text = value.description
        text.withUTF8 { buffer.append($0) }
    }

    /// A finite Float in Swift's shortest form that reads back the same Float.
    @inlinable public mutating func float(_ value: Float) {
        if let decimal = ShortDecimal(value) {
            decimal.write(negative: value.sign == .minus, to: buffer)
            return
        }
        var text = value.description
        text.withUTF8 { buffer.append($0) }
    }

    /// A Decimal (not NaN) written from its significand and exponent, as its `description`.
    @inlinable public mutating func decimal(_ value: Decimal) {
        DecimalText.write(value, layout: decimalLayout, to: &self)
    }

    /// A number given as text: as is when it is a JSON number, else (`+7`, `.5`, `1.`) in the
    /// JSON form of the same value; text that is no number at all (which only a `JSONValue`
    /// built in code can hold) is written as `null`.
    @inlinable public mutating func number(text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if Self.isJSONNumber(utf8) {
                buffer.append(utf8)
            } else if let literal = DecimalLiteral(utf8: utf8) {
                append(literal.jsonText.utf8.map { $0 })
            } else {
                append("null")
            }
        }
    }

    /// Whether bytes follow the JSON number grammar.
    @inlinable public static func isJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = JSONScanner<JSONError>(bytes: UnsafeRawBufferPointer(bytes), maximumDepth: 1)
        guard let first = bytes.first, first == UInt8(ascii: "-") || JSONBytes.isDigit(first),
            (try? scanner.readNumber()) != nil
        else { return false }
        return scanner.isAtEnd
    }

    // MARK: Trees

    /// A whole value, without recursion (a parsed tree may nest as deep as the reader allows).
    public mutating func value(_ value: JSONValue) {
        enum Pending {
            case value(JSONValue)
            case member(key: String, JSONValue, first: Bool)
            case element(JSONValue, first: Bool)
            case close(UInt8)
        }
        let sortsKeys = options.contains(.sortedKeys)
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            let current: JSONValue
            switch next {
            case .close(let bracket):
                close(bracket, isEmpty: false)
                continue
            case .member(let key, let member, let first):
                separator(first: first)
                self.key(key)
                current = member
            case .element(let element, let first):
                separator(first: first)
                current = element
            case .value(let value):
                current = value
            }
            switch current {
            case .null: append("null")
            case .bool(let flag): append(flag ? "true" : "false")
            case .number(let text): number(text: text)
            case .string(let text): string(text)
            case .array(let elements):
                guard !elements.isEmpty else {
                    append("[]")
                    continue
                }
                open(UInt8(ascii: "["))
                pending.append(.close(UInt8(ascii: "]")))
                for (index, element) in elements.enumerated().reversed() {
                    pending.append(.element(element, first: index == 0))
                }
            case .object(let object):
                guard !object.isEmpty else {
                    append("{}")
                    continue
                }
                open(UInt8(ascii: "{"))
                pending.append(.close(UInt8(ascii: "}")))
                let keys =
                    sortsKeys
                    ? object.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
                    : object.keys
                for (index, key) in keys.enumerated().reversed() {
                    pending.append(.member(key: key, object[key] ?? .null, first: index == 0))
                }
            }
        }
    }
}

extension DecimalLiteral {
    /// The literal as a JSON number: `-12.5`, `7`, `1e-40`.
    @_spi(Engine) @inlinable public var jsonText: String {
        guard !digits.isEmpty else { return isNegative ? "-0" : "0" }
        var text = isNegative ? "-" : ""
        let digitText = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        if exponent >= 0, exponent <= 20 {
            text += digitText + String(repeating: "0", count: exponent)
        } else if exponent < 0, -exponent < digits.count {
            let point = digits.count + exponent
            text += String(digitText.prefix(point)) + "." + String(digitText.dropFirst(point))
        } else if exponent < 0, -exponent - digits.count <= 20 {
            text += "0." + String(repeating: "0", count: -exponent - digits.count) + digitText
        } else {
            text += digitText + "e" + String(exponent)
        }
        return text
    }
}
