/// The bytes of a parsed document, used to turn byte offsets into lines and columns.
///
/// libxml2 records only a line for each node; the loader finds each element's start
/// tag in the text itself, so diagnostics can point at the element (and at the
/// attribute) that is wrong, not only at its line.
struct XMLSource: Sendable {
    let fileName: String
    let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    init(fileName: String, bytes: [UInt8]) {
        self.fileName = fileName
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        self.lineStarts = starts
    }

    /// The 1-based line and column of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        // The last line start that is <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(file: fileName, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// Where an element starts, or its line when its start tag could not be found.
    func location(of element: XMLElementNode) -> SourceLocation {
        if let offset = element.offset { return location(ofOffset: offset) }
        return SourceLocation(file: fileName, line: element.line, column: 0)
    }

    /// Where an attribute of an element starts; the element's own location when the
    /// attribute is not written in its start tag.
    func location(ofAttribute attribute: String, in element: XMLElementNode) -> SourceLocation {
        guard let start = element.offset, let offset = attributeOffset(attribute, inTagAt: start) else {
            return location(of: element)
        }
        return location(ofOffset: offset)
    }

    /// Walks a start tag (`<name a="1" b='2'>`) and returns the offset of the named attribute.
    private func attributeOffset(_ attribute: String, inTagAt start: Int) -> Int? {
        let target = Array(attribute.utf8)
        var index = start + 1
        // Skip the element name.
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
            index += 1
        }
        while index < bytes.count {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") else { return nil }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") {
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

    /// Finds, from `cursor` on, the next start tag of an element called `name`, skipping
    /// comments, CDATA sections, processing instructions and declarations. Elements are
    /// visited in document order, so the next match is the element itself.
    func offsetOfStartTag(named name: String, from cursor: Int) -> Int? {
        let target = Array(name.utf8)
        var index = cursor
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if hasPrefix("<!--", at: index) {
                index = offset(after: "-->", from: index + 4)
            } else if hasPrefix("<![CDATA[", at: index) {
                index = offset(after: "]]>", from: index + 9)
            } else if hasPrefix("<?", at: index) {
                index = offset(after: "?>", from: index + 2)
            } else {
                let nameEnd = index + 1 + target.count
                if nameEnd <= bytes.count, bytes[(index + 1)..<nameEnd].elementsEqual(target),
                   nameEnd == bytes.count || Self.endsName(bytes[nameEnd]) {
                    return index
                }
                index += 1
            }
        }
        return nil
    }

    private func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
    }

    private func offset(after terminator: StaticString, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if hasPrefix(terminator, at: index) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}
