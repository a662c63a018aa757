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
                let value = try readValue(&scanner)
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

    /// Reads one value at the scanner's position (whitespace before it skipped) into a tree,
    /// without recursion. Errors carry `path` followed by the path inside the value.
    static package func readValue<Failure>(_ scanner: inout JSONScanner<Failure>, path: JSONPath = .root)
        throws(Failure)
        -> JSONValue
    {
        try readValue(&scanner, path: path, building: JSONValueBuilding.self)
    }

    /// Reads one value into Foundation objects directly (see ``FoundationJSON``).
    static func readFoundationValue<Failure>(_ scanner: inout JSONScanner<Failure>, path: JSONPath = .root)
        throws(Failure) -> Any
    {
        try readValue(&scanner, path: path, building: FoundationJSON.Building.self)
    }

    /// Reads one value, building it with `Builder`, without recursion.
    private static func readValue<Builder: JSONBuilding, Failure: JSONFailure>(
        _ scanner: inout JSONScanner<Failure>,
        path: JSONPath,
        building: Builder.Type
    ) throws(Failure) -> Builder.Value {
        var stack: [ReaderFrame<Builder>] = []
        func located(_ error: Failure) -> Failure {
            var full = path
            for frame in stack {
                full =
                    frame.object == nil
                    ? full.appending(index: frame.elements.count) : full.appending(key: frame.key)
            }
            return error.locatedSyntaxError(at: full)
        }
        do throws(Failure) {
            var value: Builder.Value
            readValue: while true {
                // A value; a non-empty container is pushed and its first member read.
                if let scalar = try scanner.readScalar() {
                    value = Builder.scalar(scalar)
                } else {
                    guard stack.count < scanner.maximumDepth else { throw scanner.tooDeep() }
                    let isObject = scanner.peek() == UInt8(ascii: "{")
                    scanner.index += 1
                    if isObject {
                        if scanner.consume(UInt8(ascii: "}")) {
                            value = Builder.object(Builder.emptyObject())
                        } else {
                            let key = try scanner.readKey(after: "{").string
                            stack.append(ReaderFrame(object: Builder.emptyObject(), key: key))
                            continue readValue
                        }
                    } else if scanner.consume(UInt8(ascii: "]")) {
                        value = Builder.array([])
                    } else {
                        stack.append(ReaderFrame())
                        continue readValue
                    }
                }
                // Close containers as their values complete. Members go into the frame where it
                // lies (an object is moved out and back): a copy of the frame would make every
                // member copy the whole container.
                while let top = stack.indices.last {
                    if var object = stack[top].object.take() {
                        Builder.set(&object, stack[top].key, value)
                        if try scanner.readSeparator(inObject: true) {
                            guard Builder.count(object) < scanner.maximumElementCount else {
                                throw scanner.tooManyElements()
                            }
                            stack[top].key = try scanner.readKey(after: ",").string
                            stack[top].object = object
                            continue readValue
                        }
                        stack.removeLast()
                        value = Builder.object(object)
                    } else {
                        stack[top].elements.append(value)
                        if try scanner.readSeparator(inObject: false) {
                            guard stack[top].elements.count < scanner.maximumElementCount else {
                                throw scanner.tooManyElements()
                            }
                            continue readValue
                        }
                        value = Builder.array(stack.removeLast().elements)
                    }
                }
                return value
            }
        } catch {
            throw located(error)
        }
    }
}

/// A container being read: an object (with the key of the member being read), or an array.
private struct ReaderFrame<Builder: JSONBuilding> {
    var object: Builder.Object?
    var key = ""
    var elements: [Builder.Value] = []
}
