import Foundation

/// Turns "the n-th element of the document" into a file, line and column, only when a
/// location is actually asked for.
///
/// libxml2 reports no columns, and finding a start tag by its name in the bytes fails for
/// UTF-16 files and namespace-prefixed elements. Elements start in the text in document order,
/// so the loader numbers them in the order libxml2 reports their start tags (their
/// *ordinals*) and this type finds the n-th start tag in the text. The
/// table of start tags is built once, in one linear pass, the first time a location is
/// needed: loading a model that has nothing to report never pays for it.
///
/// Columns count Unicode scalars, so a file gives the same `line:column` whether it is
/// stored as UTF-8 or UTF-16.
final package class SourceLocator: @unchecked Sendable {
    /// The name diagnostics give as the file.
    package let fileName: String
    /// The file's bytes as read, in whatever encoding it declares. A copy in an array rather
    /// than the caller's `Data`: LeakSanitizer does not find a `Data`'s storage from the object
    /// holding it (it reported every loaded model's bytes as leaked), and an array's it does.
    let bytes: [UInt8]

    private let lock = NSLock()
    private var table: Table?

    /// The text as UTF-8 with where its lines and start tags begin.
    private struct Table {
        var text: [UInt8]
        var lineStarts: [Int]
        var tagOffsets: [Int]
        /// The Unicode scalars that start before each multiple of ``scalarStride`` bytes: a
        /// column is then counted from the nearest one, not from its line's start, which in a
        /// file of one long line (a minified model) made every location a scan of the file.
        var scalarCheckpoints: [Int]
    }

    private static let scalarStride = 4096

    init(fileName: String, data: Data) {
        self.fileName = fileName
        bytes = [UInt8](data)
    }

    /// Where the element with this pre-order ordinal starts, or where one of its XML
    /// attributes does; the file alone when the ordinal is unknown.
    func location(ofElement ordinal: Int, attribute: String? = nil) -> SourceLocation {
        withTable { table in
            guard ordinal >= 0, ordinal < table.tagOffsets.count else { return SourceLocation(file: fileName) }
            let start = table.tagOffsets[ordinal]
            let offset = attribute.flatMap { Self.attributeOffset($0, inTagAt: start, of: table.text) } ?? start
            return location(ofOffset: offset, in: table)
        }
    }

    private func location(ofOffset offset: Int, in table: Table) -> SourceLocation {
        // The last line start that is <= offset.
        var low = 0
        var high = table.lineStarts.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if table.lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column =
            Self.scalars(before: offset, in: table) - Self.scalars(before: table.lineStarts[low], in: table) + 1
        return SourceLocation(file: fileName, line: low + 1, column: column)
    }

    /// The Unicode scalars that start before `offset` (columns count scalars, not bytes).
    private static func scalars(before offset: Int, in table: Table) -> Int {
        let block = offset / scalarStride
        var count = table.scalarCheckpoints[block]
        var index = block * scalarStride
        while index < offset {
            if table.text[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// ``Table/scalarCheckpoints`` of `text`: one for each multiple of the stride up to its end.
    private static func scalarCheckpoints(_ text: [UInt8]) -> [Int] {
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(text.count / scalarStride + 2)
        var count = 0
        for index in text.indices {
            if index % scalarStride == 0 { checkpoints.append(count) }
            if text[index] & 0xC0 != 0x80 { count += 1 }
        }
        if text.count % scalarStride == 0 { checkpoints.append(count) }
        return checkpoints
    }

    private func withTable<Result>(_ body: (Table) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if let table { return body(table) }
        let text = TextDecoding.utf8(bytes)
        let (lineStarts, tagOffsets) = Self.scan(text)
        let made = Table(
            text: text,
            lineStarts: lineStarts,
            tagOffsets: tagOffsets,
            scalarCheckpoints: Self.scalarCheckpoints(text)
        )
        table = made
        return body(made)
    }

    // MARK: Scanning

    /// Line starts and element start tags, in one pass. Comments, CDATA sections, processing
    /// instructions, declarations and end tags are skipped; in a start tag, quoted attribute
    /// values are skipped too (they may hold `>`).
    static func scan(_ text: [UInt8]) -> (lineStarts: [Int], tagOffsets: [Int]) {
        var lineStarts = [0]
        var tags: [Int] = []
        let count = text.count
        var index = 0
        func skip(past terminator: StaticString) {
            let length = terminator.utf8CodeUnitCount
            while index < count {
                if text[index] == 0x0A { lineStarts.append(index + 1) }
                if hasPrefix(terminator, in: text, at: index) {
                    // The terminators hold no newline, so the lines inside are all counted.
                    index += length
                    return
                }
                index += 1
            }
        }
        while index < count {
            let byte = text[index]
            if byte == 0x0A {
                lineStarts.append(index + 1)
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if hasPrefix("<!--", in: text, at: index) {
                index += 4
                skip(past: "-->")
            } else if hasPrefix("<![CDATA[", in: text, at: index) {
                index += 9
                skip(past: "]]>")
            } else if hasPrefix("<?", in: text, at: index) {
                index += 2
                skip(past: "?>")
            } else if hasPrefix("<!", in: text, at: index) {
                index = skipMarkup(text, from: index + 2, nestingBrackets: true, lineStarts: &lineStarts)
            } else {
                if index + 1 < count, text[index + 1] != UInt8(ascii: "/") { tags.append(index) }
                index = skipMarkup(text, from: index + 1, nestingBrackets: false, lineStarts: &lineStarts)
            }
        }
        return (lineStarts, tags)
    }

    /// Skips to just past the `>` that ends a tag, past quoted values (which may hold `>`);
    /// for `<!DOCTYPE … [ … ]>` and other declarations, past bracketed parts too.
    private static func skipMarkup(_ text: [UInt8], from start: Int, nestingBrackets: Bool, lineStarts: inout [Int])
        -> Int
    {
        var index = start
        var depth = 0
        var quote: UInt8 = 0
        while index < text.count {
            let current = text[index]
            if current == 0x0A { lineStarts.append(index + 1) }
            index += 1
            if quote != 0 {
                if current == quote { quote = 0 }
            } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                quote = current
            } else if nestingBrackets, current == UInt8(ascii: "[") {
                depth += 1
            } else if nestingBrackets, current == UInt8(ascii: "]") {
                depth = max(0, depth - 1)
            } else if current == UInt8(ascii: ">"), depth == 0 {
                break
            }
        }
        return index
    }

    private static func hasPrefix(_ prefix: StaticString, in text: [UInt8], at index: Int) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= text.count else { return false }
        return prefix.withUTF8Buffer { text[index..<(index + length)].elementsEqual($0) }
    }

    /// Walks a start tag (`<name a="1" b='2'>`) and returns the offset of the named attribute.
    private static func attributeOffset(_ attribute: String, inTagAt start: Int, of bytes: [UInt8]) -> Int? {
        let target = Array(attribute.utf8)
        var index = start + 1
        // Skip the element name.
        while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
            bytes[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else {
                return nil
            }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]),
                bytes[index] != UInt8(ascii: ">")
            {
                index += 1
            }
            if bytes[nameStart..<index].elementsEqual(target) { return nameStart }
            while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
                if bytes[index] == UInt8(ascii: ">") { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            index += 1
            while index < bytes.count, bytes[index] != quote { index += 1 }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
