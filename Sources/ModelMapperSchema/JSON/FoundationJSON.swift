import Foundation

/// JSON as Foundation values (`[String: Any]`, `[Any]`, `String`, numbers, `Bool`, `NSNull`),
/// read and written without a ``JSONValue`` tree in between: the `[String: Any]` side of the
/// API (`ModelObject/init(dictionary:entity:options:)`, `ModelObject/dictionaryRepresentation`).
///
/// Foundation values are walked once into JSON bytes, which the decoder reads like any other
/// document, so that a dictionary maps exactly as the same JSON text does; JSON bytes the
/// encoder wrote are read straight into Foundation values. Both walks use an explicit stack, so
/// deep values cannot exhaust a thread's stack.
///
/// For example:
///
/// ```swift
/// var writer = JSONWriter()
/// try FoundationJSON.write(["name": "Japan", "formed": 1974], to: &writer)
/// // {"formed":1974,"name":"Japan"}
/// ```
package enum FoundationJSON {
    /// How deep Foundation values may nest.
    static package let maximumDepth = 512

    /// One Foundation value, told apart by type: the types `JSONSerialization` produces, the
    /// Swift types code builds dictionaries from, and `JSONValue`.
    enum Item {
        case null
        case bool(Bool)
        case string(String)
        /// A number's text, as `JSONWriter.number(text:)` writes it.
        case number(String)
        /// A signed integer, written as `String(value)` is.
        case integer(Int64)
        /// A Decimal (not NaN), written as its `description` is: the writer writes it from its
        /// parts, without the text (Foundation's `description` cost a thousand instructions a digit).
        case decimal(Decimal)
        case array([Any?])
        /// A dictionary's members, keys sorted: dictionaries have no order, and the same input
        /// should always give the same output.
        case object([(key: String, value: Any?)])
        case json(JSONValue)
    }

    /// The item a Foundation value is.
    ///
    /// - Throws: `JSONError` (`.notRepresentable`) at `path()` for a value that has no JSON
    ///   form (a `Date`, a non-finite number, a non-string key, …).
    static func item(_ value: Any?, path: () -> JSONPath) throws(JSONError) -> Item {
        guard let value else { return .null }
        if let item = try swiftItem(value, path: path) { return item }
        // The types JSONSerialization produces come first; their casts are the cheap ones.
        if let string = value as? String { return .string(string) }
        // An NSNumber casts to Bool, Int and Double alike: tell it apart by its class first.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return try Self.number(from: number, path: path)
        }
        // Foundation's containers are read without bridging (see `FoundationContainer`), before
        // the casts below would bridge them, recursively.
        if let container = FoundationContainer(value) {
            switch container {
            case .array(let elements): return .array(elements)
            case .dictionary(let members):
                var object: [(key: String, value: Any?)] = []
                object.reserveCapacity(members.count)
                for (key, element) in members {
                    guard let key = key as? String else {
                        throw JSONError(
                            .notRepresentable,
                            "an object key of type \(type(of: key))",
                            detail: "JSON object keys are strings",
                            path: path()
                        )
                    }
                    object.append((key, element))
                }
                return .object(object.sorted { $0.key < $1.key })
            case .set: throw JSONError(.notRepresentable, "a value of type \(type(of: value))", path: path())
            }
        }
        if let dictionary = value as? [String: Any] { return item(dictionary) }
        if let array = value as? [Any] { return .array(array.map { $0 }) }
        switch value {
        case is NSNull: return .null
        case let bool as Bool: return .bool(bool)
        case let int as Int: return .integer(Int64(int))
        case let double as Double: return try finite(double, text: "\(double)", path: path)
        case let float as Float: return try finite(Double(float), text: "\(float)", path: path)
        case let decimal as Decimal: return try item(decimal, path: path)
        case let int as Int64: return .integer(int)
        case let int as Int32: return .integer(Int64(int))
        case let int as Int16: return .integer(Int64(int))
        case let int as Int8: return .integer(Int64(int))
        case let int as UInt64: return .number(String(int))
        case let int as UInt32: return .number(String(int))
        case let int as UInt16: return .number(String(int))
        case let int as UInt8: return .number(String(int))
        case let int as UInt: return .number(String(int))
        case let json as JSONValue: return .json(json)
        case let array as [Any?]: return .array(array)
        case let dictionary as [String: Any?]:
            return .object(dictionary.keys.sorted().map { ($0, dictionary[$0] ?? nil) })
        default:
            throw JSONError(.notRepresentable, "a value of type \(type(of: value))", path: path())
        }
    }

    /// The item of a value of the Swift types the decoder makes of raw JSON, told by its exact
    /// type, so that each is one cast that succeeds: going down the casts of ``item(_:path:)``
    /// (each that fails costs hundreds of instructions) was most of writing such values. Nil
    /// for any other type; the items are those ``item(_:path:)`` gives the same values.
    @inline(__always)
    private static func swiftItem(_ value: Any, path: () -> JSONPath) throws(JSONError) -> Item? {
        let kind = type(of: value)
        if kind == Decimal.self, let decimal = value as? Decimal { return try item(decimal, path: path) }
        if kind == Int.self, let int = value as? Int { return .integer(Int64(int)) }
        if kind == Double.self, let double = value as? Double {
            return try finite(double, text: "\(double)", path: path)
        }
        if kind == [Any].self, let array = value as? [Any] { return .array(array.map { $0 }) }
        if kind == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if kind == [String: Any].self, let dictionary = value as? [String: Any] { return item(dictionary) }
        return nil
    }

    /// A Decimal's item: an error for NaN, which JSON cannot hold.
    private static func item(_ decimal: Decimal, path: () -> JSONPath) throws(JSONError) -> Item {
        guard !decimal.isNaN else { throw JSONError(.notRepresentable, "NaN", path: path()) }
        return .decimal(decimal)
    }

    /// A Swift dictionary's item: its members, keys sorted.
    private static func item(_ dictionary: [String: Any]) -> Item {
        .object(dictionary.keys.sorted().map { ($0, dictionary[$0]) })
    }

    private static func finite(_ value: Double, text: String, path: () -> JSONPath) throws(JSONError) -> Item {
        guard value.isFinite else {
            throw JSONError(.notRepresentable, text, detail: "JSON numbers are finite", path: path())
        }
        return .number(text)
    }

    /// `NSNumber` from `JSONSerialization`: Booleans are `__NSCFBoolean` (type `c`),
    /// exact decimals `NSDecimalNumber`, the rest integers or doubles.
    private static func number(from number: NSNumber, path: () -> JSONPath) throws(JSONError) -> Item {
        if let decimal = number as? NSDecimalNumber { return .number(decimal.stringValue) }
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d": return try finite(number.doubleValue, text: "\(number.doubleValue)", path: path)
        default: return .number(number.stringValue)
        }
    }

    // MARK: Writing

    /// A container being written, and the index of its next member.
    private enum Frame {
        case array([Any?], next: Int)
        case object([(key: String, value: Any?)], next: Int)
    }

    /// Writes a Foundation value as JSON.
    ///
    /// - Throws: `JSONError` (`.notRepresentable`) with the path of a value that has no JSON
    ///   form, or of one nested deeper than ``maximumDepth``.
    static package func write(_ value: Any?, to writer: inout JSONWriter) throws(JSONError) {
        var stack: [Frame] = []
        // The Foundation containers being written, by identity (nil for Swift ones), beside
        // `stack`: one met again inside itself would be written forever.
        var containers: [ObjectIdentifier?] = []
        func path() -> JSONPath {
            var path = JSONPath.root
            for frame in stack {
                switch frame {
                case .array(_, let next): path = path.appending(index: next - 1)
                case .object(let members, let next): path = path.appending(key: members[next - 1].key)
                }
            }
            return path
        }
        // The value to write next, if any (itself possibly nil: JSON null).
        var pending: Any?? = .some(value)
        while true {
            if let current = pending {
                pending = nil
                if current != nil, stack.count >= maximumDepth {
                    throw JSONError(.notRepresentable, "values nested more than \(maximumDepth) deep", path: path())
                }
                let identity = current.flatMap(FoundationContainer.identity)
                if let identity, containers.contains(identity) {
                    throw JSONError(.notRepresentable, "a container that contains itself", path: path())
                }
                switch try item(current, path: path) {
                case .null: writer.append("null")
                case .bool(let flag): writer.append(flag ? "true" : "false")
                case .string(let text): writer.string(text)
                case .number(let text): writer.number(text: text)
                case .integer(let value): writer.integer(value)
                case .decimal(let value): writer.decimal(value)
                case .json(let json): writer.value(json)
                case .array(let elements):
                    writer.open(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                    containers.append(identity)
                case .object(let members):
                    writer.open(UInt8(ascii: "{"))
                    stack.append(.object(members, next: 0))
                    containers.append(identity)
                }
            }
            guard let top = stack.popLast() else { return }
            switch top {
            case .array(let elements, let next):
                guard next < elements.count else {
                    writer.close(UInt8(ascii: "]"), isEmpty: elements.isEmpty)
                    containers.removeLast()
                    continue
                }
                writer.separator(first: next == 0)
                stack.append(.array(elements, next: next + 1))
                pending = .some(elements[next])
            case .object(let members, let next):
                guard next < members.count else {
                    writer.close(UInt8(ascii: "}"), isEmpty: members.isEmpty)
                    containers.removeLast()
                    continue
                }
                writer.separator(first: next == 0)
                writer.key(members[next].key)
                stack.append(.object(members, next: next + 1))
                pending = .some(members[next].value)
            }
        }
    }

    // MARK: Reading

    /// Building Foundation values as ``JSONValue/foundationObject`` gives them.
    @_spi(Engine) public enum Building: JSONBuilding {
        /// The value of a scalar token.
        @inlinable public static func scalar(_ token: JSONToken) -> Any { FoundationJSON.value(of: token) }
        /// An array of the elements read.
        @inlinable public static func array(_ elements: [Any]) -> Any { elements }
        /// An object without members, to set them into.
        @inlinable public static func emptyObject() -> [String: Any] { [:] }
        /// Sets a member; a key set again takes the last value.
        @inlinable public static func set(_ object: inout [String: Any], _ key: String, _ value: Any) {
            object[key] = value
        }
        /// How many members the object has.
        @inlinable public static func count(_ object: [String: Any]) -> Int { object.count }
        /// The value of a complete object.
        @inlinable public static func object(_ object: [String: Any]) -> Any { object }
    }

    /// The Foundation value of a token: what ``JSONValue/foundationObject`` gives for its value.
    @_spi(Engine) @inlinable public static func value(of token: JSONToken) -> Any {
        switch token {
        case .null: return NSNull()
        case .bool(let flag): return flag
        case .number(let bytes): return FoundationNumber.value(of: bytes)
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .container(let json): return json.foundationObject
        }
    }

    /// Reads a whole JSON document into Foundation values.
    ///
    /// - Throws: `JSONError` with line, column and path.
    static package func value(fromJSON data: Data, maximumDepth: Int = .max) throws(JSONError) -> Any {
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<Any, JSONError> in
            var scanner = JSONScanner<JSONError>(bytes: raw, maximumDepth: maximumDepth)
            do throws(JSONError) {
                let value = try scanner.readTree(Building.self, path: .root)
                try scanner.finish()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
