import Foundation

/// ModelMapper's own JSON parser: RFC 8259 exactly, over bytes, into a `JSONValue`.
///
/// - Numbers are checked against the grammar and kept as written (`49.90` stays `49.90`), so
///   Int64 and Decimal values convert exactly later.
/// - Objects keep their keys in document order; a key written twice keeps its first place and
///   its last value.
/// - Strings must be valid UTF-8 without unescaped control characters; `\u` escapes are
///   decoded, surrogate pairs joined, and a lone surrogate is an error.
/// - No recursion: nesting is an explicit stack, bounded by `maximumDepth`, so hostile input
///   cannot exhaust a thread's stack.
/// - A UTF-8 byte-order mark is ignored (RFC 8259 allows it); UTF-16 and UTF-32 text is an error.
///
/// Every error is a `JSONError` (the scanner's failure type, for one read through a scanner)
/// that gives the line and column (counted in Unicode scalars) and the JSON path of the value
/// being read. For example:
///
/// ```swift
/// try JSONReader.parse(Data(#"{"a": [1, 2,]}"#.utf8))
/// // $.a[2]: the data is not valid JSON: line 1, column 13: expected a value, found ']'
/// ```
package enum JSONReader {
    /// Parses a whole document.
    ///
    /// - Throws: `JSONError` with line, column and path.
    package static func parse(_ data: Data, maximumDepth: Int = 10_000) throws(JSONError) -> JSONValue {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<JSONValue, JSONError> in
            var scanner = JSONScanner<JSONError>(bytes: raw, maximumDepth: maximumDepth)
            do throws(JSONError) {
                let value = try scanner.readTree(JSONValueBuilding.self, path: .root)
                try scanner.finish()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Checks that `data` is one JSON document, building nothing.
    ///
    /// - Throws: `JSONError` with line and column.
    static func validate(_ data: Data, maximumDepth: Int = 10_000) throws(JSONError) {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<Void, JSONError> in
            var scanner = JSONScanner<JSONError>(bytes: raw, maximumDepth: maximumDepth)
            do throws(JSONError) {
                try scanner.skipValue()
                try scanner.finish()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
