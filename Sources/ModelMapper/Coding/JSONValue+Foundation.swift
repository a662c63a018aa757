import Foundation

extension JSONValue {
    /// Parses JSON data with ModelMapper's own reader (RFC 8259 exactly): numbers keep their
    /// spelling and objects their key order.
    ///
    /// - Throws: ``MappingError`` `.invalidJSON` with the line, column and path of the problem.
    public static func parse(_ data: Data) throws(MappingError) -> JSONValue {
        try JSONReader.parse(data)
    }

    /// Converts what `JSONSerialization` produces, or a dictionary built in code
    /// (`[String: Any]` with `String`, `Int`, `Double`, `Bool`, `Decimal`, `NSNumber`,
    /// `NSNull`, `nil`, arrays and dictionaries), into a `JSONValue`.
    ///
    /// - Throws: ``MappingError`` with code `.notRepresentable` and the path of a value
    ///   that has no JSON form (a `Date`, a non-finite number, a non-string key, …).
    public init(foundationObject value: Any?, path: JSONPath = .root) throws(MappingError) {
        try self.init(foundationObject: value, path: { path }, depth: 0)
    }

    /// `path` is a closure so that the common case, no error, builds no paths.
    private init(foundationObject value: Any?, path: () -> JSONPath, depth: Int) throws(MappingError) {
        guard value == nil || depth < FoundationJSON.maximumDepth else {
            throw MappingError(.notRepresentable, path: path(), found: "values nested more than \(FoundationJSON.maximumDepth) deep")
        }
        switch try FoundationJSON.item(value, path: path) {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text): self = .number(text)
        case .json(let json): self = json
        case .array(let array):
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try JSONValue(foundationObject: element, path: { path().appending(index: index) }, depth: depth + 1))
            }
            self = .array(elements)
        case .object(let members):
            var object = JSONObject()
            object.reserveCapacity(members.count)
            for (key, element) in members {
                object[key] = try JSONValue(foundationObject: element, path: { path().appending(key: key) }, depth: depth + 1)
            }
            self = .object(object)
        }
    }

    /// The value as Foundation objects (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`,
    /// `Decimal`, `Bool`, `NSNull`), ready for `JSONSerialization` or for code that expects
    /// what it produces.
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .string(let value): return value
        case .number(let text): return Self.foundationNumber(text)
        case .array(let elements): return elements.map(\.foundationObject)
        case .object(let object):
            var dictionary: [String: Any] = [:]
            dictionary.reserveCapacity(object.count)
            for (key, value) in object { dictionary[key] = value.foundationObject }
            return dictionary
        }
    }

    /// An `Int` when the text is an integer that fits, a `Double` when that is exact,
    /// else a `Decimal` (which keeps every digit).
    static func foundationNumber(_ text: String) -> Any {
        if let int = Int(text) { return int }
        if let double = Double(text), "\(double)" == text || !text.contains(where: { $0.isNumber && $0 != "0" }) {
            return double
        }
        if let decimal = AttributeType.decimal(text) { return decimal }
        return Double(text) ?? 0
    }
}
