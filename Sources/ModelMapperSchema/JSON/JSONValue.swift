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
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text (`12`, `-0.5`, `1e+300`).
    case number(String)
    /// A string, its escapes decoded.
    case string(String)
    /// An array of values, in order.
    case array(JSONArray)
    /// An object: members in the order they were written.
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

    /// Whether the value is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: true
        case .null, .bool, .number, .string: false
        }
    }

    /// Whether two values are the same JSON: objects regardless of key order, numbers by
    /// value (`1`, `1.0` and `1e0` are the same number). Nested values are compared without
    /// recursion, however deep.
    public func isEquivalent(to other: JSONValue) -> Bool {
        var pairs = [(self, other)]
        while let (a, b) = pairs.popLast() {
            switch (a, b) {
            case (.null, .null): continue
            case (.bool(let a), .bool(let b)): if a != b { return false }
            case (.string(let a), .string(let b)): if a != b { return false }
            case (.number(let a), .number(let b)): if a != b, !JSONValue.numbersEqual(a, b) { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pairs.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (key, value) in a {
                    guard let other = b[key] else { return false }
                    pairs.append((value, other))
                }
            default: return false
            }
        }
        return true
    }

    /// Whether two values are the same JSON text: the same numbers' spellings, objects' keys
    /// in the same order. Nested values are compared without recursion, however deep.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pairs = [(lhs, rhs)]
        while let (a, b) = pairs.popLast() {
            switch (a, b) {
            case (.null, .null): continue
            case (.bool(let a), .bool(let b)): if a != b { return false }
            case (.number(let a), .number(let b)), (.string(let a), .string(let b)): if a != b { return false }
            case (.array(let a), .array(let b)):
                if a.storage === b.storage { continue }
                guard a.count == b.count else { return false }
                pairs.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                if a.storage === b.storage { continue }
                guard a.keys == b.keys else { return false }
                for key in a.keys { pairs.append((a[key] ?? .null, b[key] ?? .null)) }
            default: return false
            }
        }
        return true
    }

    /// Hashes the value as `==` compares it, without recursion.
    public func hash(into hasher: inout Hasher) {
        var pending = [self]
        while let value = pending.popLast() {
            switch value {
            case .null: hasher.combine(0 as UInt8)
            case .bool(let flag):
                hasher.combine(1 as UInt8)
                hasher.combine(flag)
            case .number(let text):
                hasher.combine(2 as UInt8)
                hasher.combine(text)
            case .string(let text):
                hasher.combine(3 as UInt8)
                hasher.combine(text)
            case .array(let elements):
                hasher.combine(4 as UInt8)
                hasher.combine(elements.count)
                pending.append(contentsOf: elements.reversed())
            case .object(let object):
                hasher.combine(5 as UInt8)
                hasher.combine(object.keys)
                for key in object.keys.reversed() { pending.append(object[key] ?? .null) }
            }
        }
    }

    /// Whether two JSON number spellings are the same number: `1`, `1.0`, `1e0` and `10E-1` are;
    /// digits beyond a Double's precision count (`9007199254740993` is not `9007199254740992`).
    package static func numbersEqual(_ a: String, _ b: String) -> Bool {
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
    /// JSON `null`, written `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` or `false`, written as a Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number, written as an integer literal.
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    /// A number, written as a floating-point literal (its shortest exact spelling).
    public init(floatLiteral value: Double) { self = .number("\(value)") }
    /// A string, written as a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array, written as an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(JSONArray(elements)) }
    /// An object, written as a dictionary literal (members in the literal's order).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject()
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
