import Foundation
import ModelMapperSchema
import Testing

/// The structural scan that finds where a large array can be cut at element boundaries (issue 50).
@Suite("Finding element boundaries of an array")
struct JSONArraySplitTests {
    /// The boundaries `next(near:notBefore:)` gives for each target and lowest start of
    /// `offsets`, in turn, and the array's end when the scan reached it.
    static func boundaries(_ text: String, near offsets: [(Int, Int)]) -> (found: [JSONArraySplit.Boundary?], end: Int?)
    {
        let bytes = Array(text.utf8)
        let opening = bytes.firstIndex(of: UInt8(ascii: "[")) ?? 0
        return bytes.withUnsafeBytes { raw in
            var scan = JSONArraySplit(raw, opening: opening)
            let found = offsets.map { scan.next(near: $0.0, notBefore: $0.1) }
            return (found, scan.end)
        }
    }

    @Test("commas, brackets and escaped quotes inside strings and nested values are not boundaries")
    func boundaries() throws {
        let elements = [
            #"{"a": "x, y ] } \" , [", "b": [1, 2, {"c": ","}]}"#,
            #""\\""#,
            #"[[], {}, ",]"]"#,
            #"{"d": "\\\"\\", "e": null}"#,
            "12.5e3",
        ]
        let text = "  [" + elements.joined(separator: " , ") + "] "
        let (found, end) = Self.boundaries(text, near: Array(repeating: (0, 0), count: 5))
        let bytes = Array(text.utf8)
        #expect(found.map { $0?.index } == [1, 2, 3, 4, nil])
        #expect(end == bytes.count - 1)
        // Every boundary is just past the comma before its element, which it names.
        for boundary in found.compactMap({ $0 }) {
            #expect(bytes[boundary.start - 1] == UInt8(ascii: ","))
            let rest = String(decoding: bytes[boundary.start...], as: UTF8.self).drop { $0 == " " }
            #expect(rest.hasPrefix(elements[boundary.index]))
        }
    }

    @Test("each boundary is the nearest its target, never before the lowest start asked, and the scan never goes back")
    func nearest() throws {
        let text = "[" + (0..<1_000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        // Every element boundary: just past each "},{" comma.
        let starts = bytes.indices.dropLast(2)
            .filter {
                bytes[$0] == UInt8(ascii: "}") && bytes[$0 + 1] == UInt8(ascii: ",")
                    && bytes[$0 + 2] == UInt8(ascii: "{")
            }
            .map { $0 + 2 }
        let (found, end) = Self.boundaries(text, near: [(10_000, 0), (20_000, 20_000), (5_000, 0)])
        let first = try #require(found[0])
        let nearest = try #require(starts.min { abs($0 - 10_000) < abs($1 - 10_000) })
        #expect(first.start == nearest)
        #expect(first.index == (starts.firstIndex(of: nearest) ?? -1) + 1)
        // Not before the lowest start: the first boundary past 20,000.
        #expect(found[1]?.start == starts.first { $0 >= 20_000 })
        // A target behind the scan gives the next boundary.
        #expect(found[2]?.index == (found[1]?.index ?? -1) + 1)
        // The end is known only once the scan has passed it.
        #expect(end == nil)
    }

    @Test(
        "no boundary where one thread must read: unterminated text, a string that never ends, a closing brace, one element",
        arguments: [
            "[1 2 3",
            #"[1 "2, 3]"#,
            #"[1 "2\", 3]"#,
            "[{\"a\": [1, 2, 3]}]",
            "[1 }, 2]",
            "[]",
        ]
    )
    func none(text: String) {
        #expect(Self.boundaries(text, near: [(0, 0)]).found == [nil])
    }
}
