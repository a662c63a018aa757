import Foundation
import ModelMapperSchema
import TestSupport
import Testing

/// The byte loops shared by the scans ahead of the decoder, eight bytes at a time, against
/// the same rules read a byte at a time.
@Suite("Scanning JSON text eight bytes at a time")
struct JSONTextScanTests {
    /// Texts of the bytes that matter (quotes, backslashes, line feeds, multi-byte UTF-8), in
    /// runs long and short, from a fixed seed.
    static func texts() -> [[UInt8]] {
        var generator = SplitMix64(state: 50)
        let pieces: [[UInt8]] = [
            Array("\"".utf8), Array("\\".utf8), Array("\\\\".utf8), Array("\\\"".utf8), [0x0A], Array("é".utf8),
            Array("€".utf8), Array("𝄞".utf8), Array("abcdefgh".utf8), Array("x".utf8), Array("0123456789abcdef".utf8),
        ]
        return (0..<400)
            .map { _ in
                (0..<Int.random(in: 0...24, using: &generator))
                    .flatMap { _ in pieces.randomElement(using: &generator) ?? [] }
            }
    }

    @Test("a string ends at the first quote not escaped, as a byte at a time finds it, in one piece or two")
    func stringEnds() {
        for text in Self.texts() {
            var expected: Int?
            var index = 0
            while index < text.count {
                if text[index] == UInt8(ascii: "\"") {
                    expected = index + 1
                    break
                }
                index += text[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            text.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                #expect(JSONTextScan.skipString(base, from: 0, count: text.count).end == expected, "\(text)")
                // Cut anywhere: the first part ends without the string, and going on from
                // where it says finds the same end.
                for cut in 0...text.count where expected.map({ cut < $0 }) ?? true {
                    let first = JSONTextScan.skipString(base, from: 0, count: cut)
                    #expect(first.end == nil)
                    let resumed = JSONTextScan.skipString(base, from: first.next, count: text.count)
                    #expect(resumed.end == expected, "\(text) cut at \(cut)")
                }
            }
        }
    }

    @Test("line feeds start lines and columns count Unicode scalars, as a byte at a time counts them")
    func linesAndColumns() {
        for text in Self.texts() {
            for from in [0, min(3, text.count)] {
                var (line, column) = (1, 1)
                for byte in text[from...] {
                    if byte == 0x0A {
                        line += 1
                        column = 1
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                }
                var (fastLine, fastColumn) = (1, 1)
                text.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    JSONTextScan.advance(line: &fastLine, column: &fastColumn, over: base, from: from, to: text.count)
                }
                #expect(fastLine == line && fastColumn == column, "\(text) from \(from)")
            }
        }
    }
}
