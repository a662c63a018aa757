import Foundation
@_spi(Engine) import ModelMapperSchema

/// Finds the elements of the array at a key path of a JSON document that arrives in chunks,
/// so that each can be decoded on its own and the bytes before it dropped: memory stays
/// bounded by the largest element (or the largest value skipped on the way), however long
/// the document.
///
/// It only finds where values end (strings, escapes, nesting); every byte is still checked by
/// ``JSONScanner``: each element by the decoder, everything around the elements here. Scanning
/// resumes where it stopped when more bytes arrive, so the work is linear in the document
/// whatever the chunk sizes.
struct JSONArrayStream {
    /// The bytes not yet dropped; `position` is the next one to read.
    private(set) var buffer: [UInt8] = []
    private var position = 0
    /// The key path to the array, and the path of the array.
    let components: [String]
    let arrayPath: JSONPath
    /// The entity of the elements, for the error when the value there is not an array.
    let entityName: String?
    /// The decoder's limits, held here as the decoder holds them: how deeply values skipped on
    /// the way may nest, how long a string may be, how many elements the array and how many
    /// members each object on the key path (up to its component) may have.
    let maximumDepth: Int
    let maximumStringLength: Int
    let maximumElementCount: Int
    private var phase = Phase.start
    /// The value being scanned for its end, if one is.
    private var scan: ValueScan?
    /// The line and column of `buffer[tracked]`.
    private var tracked = 0
    private var line = 1
    private var column = 1
    /// The number of elements found so far.
    private(set) var elementCount = 0
    /// The keys of the object on the key path being read, for the error when its component is
    /// not among them (``KeyPathDescent``).
    private var keysSeen: [String] = []
    /// The members read so far of the object on the key path being read.
    private var memberCount = 0
    /// Where the member name being read, or read and not yet followed by its colon, starts
    /// (kept in the buffer until the colon is read), and what it follows: `{` or `,`. The
    /// scanner reads them again for its error when what follows the name is wrong.
    private var keyStart: Int?
    private var keyOpening: StaticString = "{"

    private enum Phase: Equatable {
        /// Before the document's first value.
        case start
        /// In the object of `components[level]`: before a member (`first`: right after `{`),
        /// or after its `,`, before the key.
        case member(level: Int, first: Bool)
        case key(level: Int)
        /// After a key, before its `:`; `matches` when it is `components[level]`.
        case colon(level: Int, matches: Bool)
        /// After the `:` of `components[level]`: the next level opens.
        case descend(level: Int)
        /// Skipping the value of a member that is not on the path.
        case skip(level: Int)
        /// In the array: after `[` (`first`) or an element; or after a `,`, before an element.
        case array(first: Bool)
        case element
        /// In the object of `components[level]` after the array: its other members.
        case rest(level: Int)
        case restKey(level: Int)
        case restColon(level: Int)
        case restSkip(level: Int)
        /// A value on the key path (the `level` components walked to it) that is not the object
        /// holding the next component, or at the end not the array: read whole, for the error
        /// to say what it is as the decoder says it.
        case mismatch(level: Int)
        /// After the document's value: only whitespace may follow.
        case trailing
        case finished
    }

    /// One element: where its bytes are in ``buffer`` (valid until more bytes are added or
    /// dropped), where it starts in the document, and its index in the array.
    struct Element {
        let range: Range<Int>
        let line: Int
        let column: Int
        let index: Int
    }

    init(keyPath components: [String], of entityName: String? = nil, limits options: ModelDecoder.Options) {
        self.components = components
        self.entityName = entityName
        self.arrayPath = JSONPath.root.appending(keys: components)
        maximumDepth = options.maximumDepth
        maximumStringLength = options.maximumStringLength
        maximumElementCount = options.maximumElementCount
    }

    var isFinished: Bool { phase == .finished }

    /// Reads on from `offset` of ``buffer``, inside the element just returned, where its reader
    /// found its value to end.
    mutating func resume(at offset: Int) {
        position = offset
    }

    /// Adds bytes that follow those given so far, first dropping the bytes already read.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        dropConsumed()
        buffer.append(contentsOf: bytes)
    }

    /// Drops the bytes before the reading position (keeping what a value being scanned needs).
    private mutating func dropConsumed() {
        let keep = scan?.start ?? keyStart ?? position
        guard keep > 0, keep >= buffer.count / 2 || keep > 1 << 16 else { return }
        advanceTracking(to: keep)
        buffer.removeSubrange(0..<keep)
        position -= keep
        tracked -= keep
        scan?.shift(by: keep)
        keyStart = keyStart.map { $0 - keep }
    }

    /// The next element whose bytes have all arrived; nil when more bytes are needed (or,
    /// with `atEnd` — no more bytes will come — when the document is finished).
    ///
    /// - Throws: ``MappingError`` `.invalidJSON` with line and column for malformed JSON
    ///   around the elements; `.typeMismatch` or `.missingValue` when the document has no
    ///   array at the key path.
    mutating func nextElement(atEnd: Bool) throws(MappingError) -> Element? {
        while true {
            if case .finished = phase { return nil }
            if scan == nil {
                skipWhitespace()
                guard position < buffer.count else {
                    if atEnd {
                        if phase == .trailing {
                            phase = .finished
                            return nil
                        }
                        throw scannerError()
                    }
                    return nil
                }
            }
            let byte = scan == nil ? buffer[position] : 0
            switch phase {
            case .start, .member, .key, .restKey, .colon, .descend, .skip, .restSkip:
                guard try advanceOnPath(byte, atEnd: atEnd) else { return nil }
            case .array(let first):
                if byte == UInt8(ascii: "]") {
                    position += 1
                    phase = components.isEmpty ? .trailing : .rest(level: components.count - 1)
                } else {
                    if !first {
                        guard byte == UInt8(ascii: ",") else { throw scannerError() }
                        position += 1
                    }
                    guard elementCount < maximumElementCount else { throw tooManyElements(in: arrayPath) }
                    phase = .element
                }
            case .element:
                if scan == nil {
                    guard byte != UInt8(ascii: "]") else { throw scannerError() }
                    scan = ValueScan(start: position)
                }
                guard let range = try scanValue(atEnd: atEnd) else { return nil }
                phase = .array(first: false)
                advanceTracking(to: range.lowerBound)
                defer { elementCount += 1 }
                return Element(range: range, line: line, column: column, index: elementCount)
            case .rest(let level):
                if byte == UInt8(ascii: "}") {
                    position += 1
                    phase = level == 0 ? .trailing : .rest(level: level - 1)
                } else {
                    guard byte == UInt8(ascii: ",") else { throw scannerError() }
                    position += 1
                    keyOpening = ","
                    phase = .restKey(level: level)
                }
            case .restColon(let level):
                guard byte == UInt8(ascii: ":") else { throw scannerError() }
                position += 1
                keyStart = nil
                phase = .restSkip(level: level)
            case .mismatch(let level):
                if scan == nil { scan = ValueScan(start: position) }
                guard let range = try scanValue(atEnd: atEnd) else { return nil }
                throw try mismatch(range, at: level)
            case .trailing:
                throw scannerError()
            case .finished:
                return nil
            }
        }
    }

    /// One step of the phases that read members rather than elements: down the key path to
    /// the array, and past the members after it (`restKey`, `restSkip`). False when more bytes
    /// are needed.
    private mutating func advanceOnPath(_ byte: UInt8, atEnd: Bool) throws(MappingError) -> Bool {
        switch phase {
        case .start:
            return try begin(byte, atEnd: atEnd)
        case .member(let level, let first):
            if byte == UInt8(ascii: "}") {
                throw KeyPathDescent.nothing(
                    at: components.joined(separator: "."),
                    path: JSONPath.root.appending(keys: components.prefix(level + 1)),
                    component: components[level],
                    keys: keysSeen
                )
            }
            if !first {
                guard byte == UInt8(ascii: ",") else { throw scannerError() }
                position += 1
            }
            keyOpening = first ? "{" : ","
            memberCount += 1
            guard memberCount <= maximumElementCount else {
                throw tooManyElements(in: JSONPath.root.appending(keys: components.prefix(level)))
            }
            phase = .key(level: level)
        case .key(let level), .restKey(let level):
            if scan == nil {
                guard byte == UInt8(ascii: "\"") else { throw scannerError() }
                scan = ValueScan(start: position)
                keyStart = position
            }
            guard let range = try scanValue(atEnd: atEnd) else { return false }
            let key = try readKey(range)
            if case .key = phase {
                if keysSeen.count < KeyPathDescent.keysKept { keysSeen.append(key) }
                phase = .colon(level: level, matches: key == components[level])
            } else {
                phase = .restColon(level: level)
            }
        case .colon(let level, let matches):
            guard byte == UInt8(ascii: ":") else { throw scannerError() }
            position += 1
            keyStart = nil
            phase = matches ? .descend(level: level) : .skip(level: level)
        case .descend(let level):
            try descend(byte, from: level)
        case .skip(let level), .restSkip(let level):
            if scan == nil { scan = ValueScan(start: position) }
            guard let range = try scanValue(atEnd: atEnd) else { return false }
            try check(range)
            if case .skip = phase {
                phase = .member(level: level, first: false)
            } else {
                phase = .rest(level: level)
            }
        default:
            break
        }
        return true
    }

    /// The document's first value: the array, or the object holding the key path's first
    /// component (after a byte-order mark, which only the document may start with). False
    /// when more bytes are needed.
    private mutating func begin(_ byte: UInt8, atEnd: Bool) throws(MappingError) -> Bool {
        // A UTF-8 byte-order mark may start the text (RFC 8259 lets parsers ignore it).
        if byte == 0xEF, position == 0 {
            guard buffer.count >= 3 else {
                if atEnd { throw scannerError() }
                return false
            }
            if buffer[1] == 0xBB, buffer[2] == 0xBF {
                position = 3
                return true
            }
        }
        if components.isEmpty {
            if byte == UInt8(ascii: "[") {
                position += 1
                phase = .array(first: true)
            } else {
                phase = .mismatch(level: 0)
            }
        } else {
            guard byte == UInt8(ascii: "{") else {
                phase = .mismatch(level: 0)
                return true
            }
            position += 1
            keysSeen = []
            memberCount = 0
            phase = .member(level: 0, first: true)
        }
        return true
    }

    /// Past the colon of the key path's component at `level`: into the array, or into the
    /// object holding the next component.
    private mutating func descend(_ byte: UInt8, from level: Int) throws(MappingError) {
        if level + 1 == components.count {
            guard byte == UInt8(ascii: "[") else {
                phase = .mismatch(level: level + 1)
                return
            }
            position += 1
            phase = .array(first: true)
        } else {
            guard byte == UInt8(ascii: "{") else {
                phase = .mismatch(level: level + 1)
                return
            }
            position += 1
            keysSeen = []
            memberCount = 0
            phase = .member(level: level + 1, first: true)
        }
    }

    // MARK: Scanning

    /// Where a value being looked for ends: resumable, so that bytes are looked at once.
    private struct ValueScan {
        var start: Int
        /// The next byte to look at; past the end of the buffer when the buffer ends with a
        /// backslash in a string (the byte it escapes is skipped when it comes).
        var cursor: Int
        var depth = 0
        var inString = false

        init(start: Int) {
            self.start = start
            cursor = start
        }

        mutating func shift(by count: Int) {
            start -= count
            cursor -= count
        }
    }

    /// Continues the scan of the current value; its range once it ends, nil when more bytes
    /// are needed. Scalars end at the first byte that cannot continue them.
    private mutating func scanValue(atEnd: Bool) throws(MappingError) -> Range<Int>? {
        guard var current = scan else { return nil }
        let count = buffer.count
        var end: Int?
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            while true {
                if current.inString {
                    let string = JSONTextScan.skipString(base, from: current.cursor, count: count)
                    current.cursor = string.next
                    guard string.end != nil else { return }
                    current.inString = false
                    if current.depth == 0 {
                        end = current.cursor
                        return
                    }
                }
                guard current.cursor < count else { return }
                let byte = base.load(fromByteOffset: current.cursor, as: UInt8.self)
                current.cursor += 1
                switch byte {
                case UInt8(ascii: "\""):
                    current.inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    // Nesting is counted, not recursed into: how deep is for the decoder (an
                    // element) or the scanner (a value skipped) to judge, as for a whole document.
                    current.depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    current.depth -= 1
                    if current.depth <= 0 {
                        // A scalar ends before a closing bracket; a container with its own.
                        end = current.depth < 0 ? current.cursor - 1 : current.cursor
                        return
                    }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if current.depth == 0 {
                        end = current.cursor - 1
                        return
                    }
                default:
                    continue
                }
            }
        }
        if let end {
            scan = nil
            // No value at all (`,` `}` `]` where one starts): the bytes from there go to the
            // reader, which says what it found instead.
            guard end > current.start else {
                position = count
                return current.start..<count
            }
            position = end
            return current.start..<end
        }
        if atEnd, current.depth == 0, !current.inString, current.cursor > current.start {
            // A scalar at the very end of the text.
            scan = nil
            position = current.cursor
            return current.start..<current.cursor
        }
        if atEnd {
            // The text ends inside the value: its bytes so far go to whoever reads the value
            // (the decoder for an element, the scanner otherwise), which says what is wrong
            // first as it says it for a whole document.
            scan = nil
            position = count
            return current.start..<count
        }
        scan = current
        return nil
    }

    /// Checks a value skipped on the way with the full scanner, and moves past what it read: a
    /// scalar's range runs to the next delimiter, and what follows the value is for the next
    /// phase to judge, as the decoder judges it.
    private mutating func check(_ range: Range<Int>) throws(MappingError) {
        // The bytes after the range too: a scalar's error may name the delimiter that ends it.
        let consumed = try withScanner(range.lowerBound..<buffer.count) { scanner throws(MappingError) in
            try scanner.skipValue()
            return scanner.index
        }
        position = range.lowerBound + consumed
    }

    /// A member name, checked.
    private mutating func readKey(_ range: Range<Int>) throws(MappingError) -> String {
        try withScanner(range) { scanner throws(MappingError) in
            let key = try scanner.readString().string
            try scanner.finish()
            return key
        }
    }

    private mutating func withScanner<Result>(
        _ range: Range<Int>,
        _ body: (inout JSONScanner<MappingError>) throws(MappingError) -> Result
    ) throws(MappingError) -> Result {
        advanceTracking(to: range.lowerBound)
        let origin = (line, column)
        let outcome = buffer.withUnsafeBytes { raw -> Swift.Result<Result, MappingError> in
            var scanner = JSONScanner<MappingError>(
                bytes: UnsafeRawBufferPointer(rebasing: raw[range]),
                maximumDepth: maximumDepth,
                maximumStringLength: maximumStringLength,
                maximumElementCount: maximumElementCount
            )
            // From the first byte: a byte-order mark is only the document's to start with.
            scanner.index = 0
            scanner.origin = origin
            return Swift.Result { () throws(MappingError) in try body(&scanner) }
        }
        return try outcome.get()
    }

    // MARK: Positions and errors

    private mutating func skipWhitespace() {
        while position < buffer.count {
            switch buffer[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The error for the value at `range`, `level` components down the key path, that is not
    /// the object holding the next component or, at the end, not the array.
    private mutating func mismatch(_ range: Range<Int>, at level: Int) throws(MappingError) -> MappingError {
        let found = try withScanner(range.lowerBound..<buffer.count) { scanner throws(MappingError) in
            try scanner.describeAndSkip()
        }
        let path = JSONPath.root.appending(keys: components.prefix(level))
        guard level == components.count else {
            return KeyPathDescent.notAnObject(at: path, component: components[level], found: found)
        }
        return MappingError(
            .typeMismatch,
            path: path,
            entityName: entityName,
            expected: "an array of \(entityName.map { "\($0) objects" } ?? "objects")",
            found: found
        )
    }

    /// Moves the tracked line and column to `offset` (at or after `tracked`).
    private mutating func advanceTracking(to offset: Int) {
        (line, column) = position(of: offset)
        tracked = max(tracked, min(offset, buffer.count))
    }

    /// The line and column of a byte of the buffer at or after `tracked`.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        var (line, column) = (self.line, self.column)
        buffer.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            JSONTextScan.advance(line: &line, column: &column, over: base, from: tracked, to: min(offset, bytes.count))
        }
        return (line, column)
    }

    /// The error the decoder gives where the text goes wrong, or ends, in the current phase:
    /// the scanner reads the bytes from there as the decoder reads them at that point and says
    /// what is wrong in its own words, placed where the decoder places it (the document's root
    /// on the key path and after the array, the element at the array's index).
    private mutating func scannerError() -> MappingError {
        var from = position
        var path = JSONPath.root
        let opening = keyOpening
        let read: (inout JSONScanner<MappingError>) throws(MappingError) -> Void
        switch phase {
        case .member(_, true): read = { scanner throws(MappingError) in _ = try scanner.readKey(after: "{") }
        case .member(_, false), .rest:
            read = { scanner throws(MappingError) in
                if try scanner.readSeparator(inObject: true) { _ = try scanner.readKey(after: ",") }
            }
        case .key, .restKey: read = { scanner throws(MappingError) in _ = try scanner.readKey(after: opening) }
        case .colon, .restColon:
            // Read again from the name, which the scanner reads with its colon.
            from = keyStart ?? position
            read = { scanner throws(MappingError) in _ = try scanner.readKey(after: opening) }
        case .array(first: false):
            path = arrayPath.appending(index: elementCount)
            read = { scanner throws(MappingError) in _ = try scanner.readSeparator(inObject: false) }
        case .array(first: true), .element:
            path = arrayPath.appending(index: elementCount)
            read = { scanner throws(MappingError) in try scanner.skipValue() }
        case .trailing, .finished: read = { scanner throws(MappingError) in try scanner.finish() }
        case .start, .descend, .skip, .restSkip, .mismatch:
            read = { scanner throws(MappingError) in try scanner.skipValue() }
        }
        do {
            try withScanner(from..<buffer.count, read)
        } catch {
            return error.locatedSyntaxError(at: path)
        }
        return failure("unexpected end of the text", path: path)
    }

    /// The array or an object on the key path (at `path`) over ``maximumElementCount``, said as
    /// the scanner says it.
    private func tooManyElements(in path: JSONPath) -> MappingError {
        let (line, column) = position(of: position)
        return MappingError(
            JSONError(
                .limitExceeded(option: "maximumElementCount"),
                "an array or object of more than \(maximumElementCount) elements",
                line: line,
                column: column,
                path: path
            )
        )
    }

    private func failure(_ message: String, at offset: Int? = nil, path: JSONPath? = nil) -> MappingError {
        let (line, column) = position(of: offset ?? position)
        return MappingError(JSONError(.syntax, message, line: line, column: column, path: path ?? arrayPath))
    }
}
