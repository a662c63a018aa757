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
        guard let value else {
            self = .null
            return
        }
        guard depth < 512 else {
            throw MappingError(.notRepresentable, path: path(), found: "values nested more than 512 deep")
        }
        // The types JSONSerialization produces come first; their casts are the cheap ones.
        if let string = value as? String {
            self = .string(string)
            return
        }
        // An NSNumber casts to Bool, Int and Double alike: tell it apart by its class first.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            self = try Self.number(from: number, path: path)
            return
        }
        if let dictionary = value as? [String: Any] {
            var object = JSONObject()
            object.reserveCapacity(dictionary.count)
            // Dictionaries have no order: sort keys so the same input always gives the same output.
            for key in dictionary.keys.sorted() {
                object[key] = try JSONValue(foundationObject: dictionary[key], path: { path().appending(key: key) }, depth: depth + 1)
            }
            self = .object(object)
            return
        }
        if let array = value as? [Any] {
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try JSONValue(foundationObject: element, path: { path().appending(index: index) }, depth: depth + 1))
            }
            self = .array(elements)
            return
        }
        switch value {
        case is NSNull: self = .null
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .number(String(int))
        case let double as Double: self = try Self.finite(double, text: "\(double)", path: path)
        case let float as Float: self = try Self.finite(Double(float), text: "\(float)", path: path)
        case let decimal as Decimal:
            guard !decimal.isNaN else { throw MappingError(.notRepresentable, path: path(), found: "NaN") }
            self = .number(decimal.description)
        case let int as Int64: self = .number(String(int))
        case let int as Int32: self = .number(String(int))
        case let int as Int16: self = .number(String(int))
        case let int as Int8: self = .number(String(int))
        case let int as UInt64: self = .number(String(int))
        case let int as UInt32: self = .number(String(int))
        case let int as UInt16: self = .number(String(int))
        case let int as UInt8: self = .number(String(int))
        case let int as UInt: self = .number(String(int))
        case let json as JSONValue: self = json
        case let array as [Any?]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                elements.append(try JSONValue(foundationObject: element, path: { path().appending(index: index) }, depth: depth + 1))
            }
            self = .array(elements)
        case let dictionary as [String: Any?]:
            var object = JSONObject()
            for key in dictionary.keys.sorted() {
                object[key] = try JSONValue(foundationObject: dictionary[key] ?? nil, path: { path().appending(key: key) }, depth: depth + 1)
            }
            self = .object(object)
        case let dictionary as NSDictionary:
            var object = JSONObject()
            for (key, element) in dictionary {
                guard let key = key as? String else {
                    throw MappingError(.notRepresentable, path: path(), found: "an object key of type \(type(of: key))", detail: "JSON object keys are strings")
                }
                object[key] = try JSONValue(foundationObject: element, path: { path().appending(key: key) }, depth: depth + 1)
            }
            self = .object(object)
        default:
            throw MappingError(.notRepresentable, path: path(), found: "a value of type \(type(of: value))")
        }
    }

    private static func finite(_ value: Double, text: String, path: () -> JSONPath) throws(MappingError) -> JSONValue {
        guard value.isFinite else { throw MappingError(.notRepresentable, path: path(), found: text, detail: "JSON numbers are finite") }
        return .number(text)
    }

    /// `NSNumber` from `JSONSerialization`: Booleans are `__NSCFBoolean` (type `c`),
    /// exact decimals `NSDecimalNumber`, the rest integers or doubles.
    private static func number(from number: NSNumber, path: () -> JSONPath) throws(MappingError) -> JSONValue {
        if let decimal = number as? NSDecimalNumber {
            return .number(decimal.stringValue)
        }
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "f", "d": return try finite(number.doubleValue, text: "\(number.doubleValue)", path: path)
        default: return .number(number.stringValue)
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
