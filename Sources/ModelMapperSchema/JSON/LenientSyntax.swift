import Foundation

/// The lenient reading of JSON (`ModelDecoder/Options/Syntax/lenient`): comments and
/// trailing commas, as Foundation's `allowsJSON5` and the peers' fixture files have them.
///
/// Rather than teach the scanner a second grammar (a branch on every separator of every strict
/// document), the text is rewritten once, in a copy, before the strict reader sees it: each
/// comment and each trailing comma becomes spaces, byte for byte, newlines kept. Offsets and
/// lines stay those of the text as written, so errors are located in it; the strict path pays
/// nothing. Linear in the text.
package enum LenientSyntax {
    /// `data` with its comments (`// …` to the end of the line, `/* … */`) and trailing commas
    /// (a `,` after a value, before `]` or `}`) blanked.
    ///
    /// - Throws: `JSONError` for a block comment that does not end, at
    ///   its start.
    static package func blanked(_ data: Data) throws(JSONError) -> Data {
        var bytes = [UInt8](data)
        let count = bytes.count
        var index = 0
        // The last comma that may be trailing, and the last byte that was not whitespace or a
        // comment: a comma after `[`, `{`, `,` or `:` follows no value, and is left to the
        // strict reader to refuse.
        var pendingComma: Int?
        var previous: UInt8 = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index + 1)
                pendingComma = nil
                previous = byte
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < count, bytes[index] != 0x0A {
                    bytes[index] = 0x20
                    index += 1
                }
                continue
            case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                index = try blankBlockComment(&bytes, from: index)
                continue
            case UInt8(ascii: ","):
                let followsValue =
                    previous != UInt8(ascii: "[") && previous != UInt8(ascii: "{") && previous != UInt8(ascii: ",")
                    && previous != UInt8(ascii: ":") && previous != 0
                pendingComma = followsValue ? index : nil
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if let comma = pendingComma { bytes[comma] = 0x20 }
                pendingComma = nil
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                continue
            default:
                pendingComma = nil
            }
            previous = byte
            index += 1
        }
        return Data(bytes)
    }

    /// The index after the string whose text starts at `start` (after its quote): escapes are
    /// skipped, so that `\"` does not end it; an unterminated string runs to the end, for the
    /// strict reader to refuse.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    /// Blanks the block comment starting at `start` (its `/`), newlines kept; returns the
    /// index after it.
    private static func blankBlockComment(_ bytes: inout [UInt8], from start: Int) throws(JSONError) -> Int {
        var index = start + 2
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                for position in start..<(index + 2) where bytes[position] != 0x0A { bytes[position] = 0x20 }
                return index + 2
            }
            index += 1
        }
        throw bytes.withUnsafeBytes { raw in
            JSONScanner<JSONError>(bytes: raw, maximumDepth: 0)
                .failure("a comment that does not end ('/*' without '*/')", at: start)
        }
    }
}
