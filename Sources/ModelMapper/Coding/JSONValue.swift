import Foundation

/// A JSON document in memory: what the mapping core reads and writes.
///
/// Numbers keep the text they were written with, so a decimal or a 64-bit integer goes
/// through a round trip exactly; objects keep their keys' order.
///
/// ```swift
/// let value: JSONValue = ["name": "Ada", "born": 1815, "tags": ["math"]]
/// value["name"]           // .string("Ada")
/// value.jsonText()        // {"name":"Ada","born":1815,"tags":["math"]}
/// ```
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number, as its JSON text (`12`, `-0.5`, `1e+300`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A number from an integer.
    public static func integer<Value: BinaryInteger>(_ value: Value) -> JSONValue {
        .number(String(value))
    }

    /// The member of an object, or nil (also for values that are not objects).
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// The name of the value's JSON type, for error messages: `a string`, `an object`, …
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as compact JSON text.
    public var description: String { jsonText() }

    /// Whether two values are the same JSON: objects regardless of key order, numbers by
    /// value (`1`, `1.0` and `1e0` are the same number).
    public func isEquivalent(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b || JSONValue.numbersEqual(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.isEquivalent(to: $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.isEquivalent(to: $0) } ?? false }
        default: return false
        }
    }

    private static func numbersEqual(_ a: String, _ b: String) -> Bool {
        if let x = DecimalLiteral(a), let y = DecimalLiteral(b) {
            return x.digits == y.digits && x.exponent == y.exponent && (x.isNegative == y.isNegative || x.isZero)
        }
        if let x = Double(a), let y = Double(b) { return x == y }
        return false
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(floatLiteral value: Double) { self = .number("\(value)") }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

/// A JSON object: string keys in insertion order, with lookup by key.
///
/// ```swift
/// var object = JSONObject()
/// object["id"] = 7
/// object["name"] = "Ada"
/// object.keys   // ["id", "name"]
/// ```
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The keys, in insertion order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// The number of keys.
    public var count: Int { keys.count }

    /// Makes room for `capacity` keys.
    public mutating func reserveCapacity(_ capacity: Int) {
        keys.reserveCapacity(capacity)
        storage.reserveCapacity(capacity)
    }
    /// Whether the object has no key.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value of a key; setting nil removes the key.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The members in insertion order.
    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var index = 0
        return AnyIterator { [keys, storage] in
            guard index < keys.count else { return nil }
            defer { index += 1 }
            let key = keys[index]
            return (key, storage[key] ?? .null)
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.keys == rhs.keys && lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(storage)
    }
}
