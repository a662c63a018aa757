import Foundation

/// The text of an XML file as UTF-8, whatever encoding it is stored in: what locations are
/// counted in, and what `modelgen` embeds in generated source.
///
/// The encoding is found the way XML 1.0 (appendix F) says: a byte-order mark, else the
/// pattern of the first bytes (`<?` in UTF-16 or UTF-32 without a mark), else the
/// `encoding` of the XML declaration. ASCII-compatible encodings other than UTF-8 and
/// ISO-8859-1 are read as UTF-8: tags and lines are found alike, only columns after a
/// non-ASCII character may differ.
enum TextDecoding {
    enum Encoding: Equatable {
        case utf8, utf16LittleEndian, utf16BigEndian, utf32LittleEndian, utf32BigEndian, latin1
    }

    /// The encoding and the length of the byte-order mark.
    static func detect(_ bytes: [UInt8]) -> (encoding: Encoding, markLength: Int) {
        func starts(_ prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix)
        }
        if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
        if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
        if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if starts([0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        if starts([0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if starts([0x00, 0x00, 0x00, 0x3C]) { return (.utf32BigEndian, 0) }
        if starts([0x3C, 0x00, 0x00, 0x00]) { return (.utf32LittleEndian, 0) }
        if starts([0x00, 0x3C, 0x00, 0x3F]) { return (.utf16BigEndian, 0) }
        if starts([0x3C, 0x00, 0x3F, 0x00]) { return (.utf16LittleEndian, 0) }
        if let declared = declaredEncoding(bytes)?.lowercased(),
            ["iso-8859-1", "latin1", "latin-1", "iso_8859-1", "l1", "iso-ir-100", "cp819"].contains(declared)
        {
            return (.latin1, 0)
        }
        return (.utf8, 0)
    }

    /// The bytes as UTF-8 text, without a byte-order mark. Invalid sequences become U+FFFD
    /// (libxml2 has rejected such files already; this text only locates things).
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let (encoding, mark) = detect(bytes)
        let body = bytes[mark...]
        switch encoding {
        case .utf8:
            return Array(body)
        case .latin1:
            var text: [UInt8] = []
            text.reserveCapacity(body.count)
            for byte in body {
                if byte < 0x80 {
                    text.append(byte)
                } else {
                    text.append(0xC0 | (byte >> 6))
                    text.append(0x80 | (byte & 0x3F))
                }
            }
            return text
        case .utf16LittleEndian, .utf16BigEndian:
            let big = encoding == .utf16BigEndian
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let first = UInt16(body[index])
                let second = UInt16(body[index + 1])
                units.append(big ? first << 8 | second : second << 8 | first)
                index += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf32LittleEndian, .utf32BigEndian:
            let big = encoding == .utf32BigEndian
            var scalars = String.UnicodeScalarView()
            var index = body.startIndex
            while index + 3 < body.endIndex {
                let parts = (0..<4).map { UInt32(body[index + $0]) }
                let value =
                    big
                    ? parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]
                    : parts[3] << 24 | parts[2] << 16 | parts[1] << 8 | parts[0]
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                index += 4
            }
            return Array(String(scalars).utf8)
        }
    }

    /// The text as a UTF-8 string whose XML declaration says so: what can be embedded in
    /// source code and parsed again to the same document.
    ///
    /// For example `<?xml version="1.0" encoding="UTF-16"?>` becomes
    /// `<?xml version="1.0" encoding="UTF-8"?>`.
    static func normalizedXML(_ bytes: [UInt8]) -> String {
        var text = String(decoding: utf8(bytes), as: UTF8.self)
        guard text.hasPrefix("<?xml"), let end = text.range(of: "?>") else { return text }
        let declaration = text[text.startIndex..<end.lowerBound]
        guard let encoding = declaration.range(of: "encoding") else { return text }
        var index = encoding.upperBound
        while index < declaration.endIndex, declaration[index] != "\"", declaration[index] != "'" {
            index = declaration.index(after: index)
        }
        guard index < declaration.endIndex else { return text }
        let quote = declaration[index]
        let valueStart = declaration.index(after: index)
        guard let valueEnd = declaration[valueStart...].firstIndex(of: quote) else { return text }
        text.replaceSubrange(valueStart..<valueEnd, with: "UTF-8")
        return text
    }

    /// Why a file that cannot be XML is no model (`"this file is JSON, not a model"`), and the
    /// line and column of the character that says so; nil when it may be XML: its first
    /// character after spaces must be `<`.
    static func nonXMLKind(of data: Data) -> (reason: String, line: Int, column: Int)? {
        let bytes = [UInt8](data.prefix(64))
        let (encoding, mark) = detect(bytes)
        guard encoding == .utf8 || encoding == .latin1 else { return nil }
        guard let position = bytes[mark...].firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return nil
        }
        let first = bytes[position]
        if first == UInt8(ascii: "<") { return nil }
        // Only spaces come before it: its column counts bytes from the last line feed.
        let lineStart = bytes[mark..<position].lastIndex(of: 0x0A).map { $0 + 1 } ?? mark
        let line = 1 + bytes[mark..<position].count { $0 == 0x0A }
        let column = position - lineStart + 1
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return ("this file is JSON, not a model", line, column)
        }
        return ("this file is not XML, so it is not a model", line, column)
    }

    /// The `encoding` of an ASCII-compatible XML declaration, if any.
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(200)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: UInt8(ascii: ">")) else {
            return nil
        }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}
