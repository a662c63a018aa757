import Foundation

extension JSONReader {
    /// The line and column where the value at `path` starts in `data`, or, when the text has no
    /// value there, where its nearest enclosing value that it has starts; nil for text that is
    /// not JSON on the way there. The text is scanned once, skipping every value off the path,
    /// without recursion: for pointing at a place a tool found by path (a round trip's
    /// differences).
    ///
    /// For example, in `{"a": [1, {"b": 2}]}`, `$.a[1].b` is at line 1, column 17, and `$.a[5]`
    /// at column 7 (the array, which has no sixth element).
    package static func position(of path: JSONPath, in data: Data, maximumDepth: Int = 10_000) -> (
        line: Int, column: Int
    )? {
        data.withUnsafeBytes { raw -> (line: Int, column: Int)? in
            var scanner = JSONScanner<JSONError>(bytes: raw, maximumDepth: maximumDepth)
            scanner.skipWhitespace()
            var found = scanner.index
            do throws(JSONError) {
                componentLoop: for component in path.components {
                    switch component {
                    case .key(let wanted):
                        guard scanner.consume(UInt8(ascii: "{")), !scanner.consume(UInt8(ascii: "}")) else {
                            break componentLoop
                        }
                        var key = try scanner.readKey(after: "{").string
                        while key != wanted {
                            try scanner.skipValue()
                            guard try scanner.readSeparator(inObject: true) else { break componentLoop }
                            key = try scanner.readKey(after: ",").string
                        }
                    case .index(let wanted):
                        guard scanner.consume(UInt8(ascii: "[")), !scanner.consume(UInt8(ascii: "]")) else {
                            break componentLoop
                        }
                        var index = 0
                        while index < wanted {
                            try scanner.skipValue()
                            guard try scanner.readSeparator(inObject: false) else { break componentLoop }
                            index += 1
                        }
                    }
                    scanner.skipWhitespace()
                    found = scanner.index
                }
            } catch {
                return nil
            }
            return scanner.position(of: found)
        }
    }
}
