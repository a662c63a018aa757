import Foundation

/// The JSON a Transformable attribute without a value transformer holds, as its
/// `customClassName` declares it in Swift: `[String: String]` (citm_catalog's `areaNames`),
/// `[String: [Int]]`, `[Double]`, `[String: Any]`.
///
/// Such an attribute reads and writes its JSON as it is. Where the declared type is one JSON
/// can hold (`String`, `Bool`, the integer types, `Double`, `Float`, `Decimal`, `Any`, and
/// arrays, dictionaries keyed by `String` and optionals of them), the value is checked against
/// it on decoding and on setting, so that what is written is of it too (an error names the first member that is not of
/// the type), and ``ModelObject/value(forKey:)`` gives it as that type, so that
/// `value(forKey: "areaNames") as? [String: String]` succeeds, and `[1, 2.5]` reads as
/// `[Double]`. Other names (`NSArray`, `Date`, an app's own class) declare no shape: the value
/// is kept as read, unchecked.
///
/// For example:
///
/// ```swift
/// let shape = JSONShape(typeName: "[String: [Int]]")
/// shape?.mismatch(in: ["205705993": [1, 2], "205705994": ["x"]])
/// // at ["205705994"][0]: expected Int, found "x"
/// ```
package indirect enum JSONShape: Sendable, Equatable {
    case any
    case string
    case boolean
    /// An integer type of this range (`Int8` … `UInt64`).
    case integer(IntegerType)
    case double
    case float
    case decimal
    case array(JSONShape)
    /// An object keyed by strings, each value of the shape.
    case dictionary(JSONShape)
    /// The shape, or `null`.
    case optional(JSONShape)

    /// The integer types a shape can name.
    package enum IntegerType: String, Sendable, CaseIterable {
        case int = "Int"
        case int8 = "Int8"
        case int16 = "Int16"
        case int32 = "Int32"
        case int64 = "Int64"
        case uint = "UInt"
        case uint8 = "UInt8"
        case uint16 = "UInt16"
        case uint32 = "UInt32"
        case uint64 = "UInt64"
    }

    /// The first value found that is not of the shape: where it is (from the attribute's
    /// value), what the shape expects there, and what was found.
    package struct Mismatch: Sendable, Equatable {
        package var path: JSONPath
        package var expected: String
        package var found: String
    }

    /// The shape a type name declares (spaces allowed; `Swift.` prefixes, `Array<T>`,
    /// `Dictionary<String, T>` and `Optional<T>` read as `[T]`, `[String: T]` and `T?`), or nil
    /// when the name is not one JSON can hold.
    package init?(typeName: String) {
        var parser = TypeNameParser(text: Array(typeName.unicodeScalars))
        guard let shape = parser.parse(depth: 0), parser.atEnd else { return nil }
        self = shape
    }

    /// The shape of an attribute: its `customClassName`'s, for a Transformable without a
    /// value transformer; nil for any other.
    package init?(_ attribute: AttributeRecord) {
        guard attribute.attributeType == .transformable, attribute.valueTransformerName == nil,
            let name = attribute.customClassName, let shape = JSONShape(typeName: name)
        else { return nil }
        self = shape
    }

    /// The Swift type the shape is, as messages name it.
    package var typeName: String {
        switch self {
        case .any: "Any"
        case .string: "String"
        case .boolean: "Bool"
        case .integer(let type): type.rawValue
        case .double: "Double"
        case .float: "Float"
        case .decimal: "Decimal"
        case .array(let element): "[\(element.typeName)]"
        case .dictionary(let value): "[String: \(value.typeName)]"
        case .optional(let wrapped): "\(wrapped.typeName)?"
        }
    }

    /// The first member of `value` (a Foundation value, as the decoder reads raw JSON or as
    /// code sets it) that is not of the shape, members of an object in the order of their
    /// keys; nil when all are. The walk goes as deep as the shape, never deeper.
    package func mismatch(in value: Any?) -> Mismatch? {
        if let value, conforms(value) { return nil }
        return mismatch(in: value, at: .root)
    }

    /// Whether `value` is of the shape, told quickly for the values the decoder makes (each
    /// told by its exact type, one compare), and nil where only ``mismatch(in:at:)`` can tell:
    /// the shape is checked for every value of such an attribute decoded (twitter.json's
    /// `indices`, citm_catalog's maps), and the careful walk cost 4-7% of their decoding.
    private func conforms(_ value: Any) -> Bool {
        let kind = type(of: value)
        switch self {
        case .any: return true
        case .string: return kind == String.self
        case .boolean: return kind == Bool.self
        case .integer(let type):
            guard type == .int || type == .int64 else { return false }
            return kind == Int.self
        case .double, .decimal: return kind == Int.self || kind == Double.self || kind == Decimal.self
        case .float, .optional: return false
        case .array(let element):
            guard kind == [Any].self, let elements = value as? [Any] else { return false }
            for member in elements where !element.conforms(member) { return false }
            return true
        case .dictionary(let shape):
            guard kind == [String: Any].self, let members = value as? [String: Any] else { return false }
            for member in members.values where !shape.conforms(member) { return false }
            return true
        }
    }

    private func mismatch(in value: Any?, at path: JSONPath) -> Mismatch? {
        if case .any = self { return nil }
        let item: FoundationJSON.Item
        do {
            item = try FoundationJSON.item(value, path: { path })
        } catch {
            return Mismatch(path: path, expected: typeName, found: error.message)
        }
        if case .json(let json) = item { return mismatch(in: json.foundationObject, at: path) }
        switch (self, item) {
        case (.optional, .null): return nil
        case (.optional(let wrapped), _): return wrapped.mismatch(in: value, at: path)
        case (.string, .string), (.boolean, .bool): return nil
        case (.integer(let type), _):
            return type.accepts(item) ? nil : Mismatch(path: path, expected: typeName, found: Self.describe(item))
        case (.double, .integer), (.double, .number), (.double, .decimal), (.decimal, .integer),
            (.decimal, .number), (.decimal, .decimal):
            return nil
        case (.float, _):
            guard let number = Self.double(item), Float(number).isFinite else { break }
            return nil
        case (.array(let element), .array(let elements)):
            for (index, member) in elements.enumerated() {
                if let found = element.mismatch(in: member, at: path.appending(index: index)) { return found }
            }
            return nil
        case (.dictionary(let shape), .object(let members)):
            for member in members {
                if let found = shape.mismatch(in: member.value, at: path.appending(key: member.key)) { return found }
            }
            return nil
        default: break
        }
        return Mismatch(path: path, expected: typeName, found: Self.describe(item))
    }

    /// What a value is, for errors: a string's start quoted, a number's text, `an object`.
    static func describe(_ item: FoundationJSON.Item) -> String {
        switch item {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .string(let text): "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
        case .number(let text): text.count > 40 ? text.prefix(40) + "… (\(text.count) characters)" : text
        case .integer(let value): String(value)
        case .decimal(let value): value.description
        case .array: "an array"
        case .object: "an object"
        case .json(let json): json.typeDescription
        }
    }

    /// A number item's value as a Double; nil for anything else.
    static func double(_ item: FoundationJSON.Item) -> Double? {
        switch item {
        case .integer(let value): Double(value)
        case .number(let text): Double(text)
        case .decimal(let value): NSDecimalNumber(decimal: value).doubleValue
        default: nil
        }
    }
}

extension JSONShape.IntegerType {
    /// Whether a number item is an integer in the type's range: written as one, or a
    /// number with no fraction (`1e2`).
    func accepts(_ item: FoundationJSON.Item) -> Bool {
        integer(item) != nil
    }

    /// The value of an integer item in the type's range, as an `Int64` or (above its range) a
    /// `UInt64`; nil for a fraction, another kind of value, or one out of range.
    func integer(_ item: FoundationJSON.Item) -> (signed: Int64?, unsigned: UInt64?)? {
        let decimal: Decimal
        switch item {
        case .integer(let value): return fits(signed: value) ? (value, nil) : nil
        case .number(let text):
            if let value = Int64(text) { return fits(signed: value) ? (value, nil) : nil }
            if let value = UInt64(text) { return fits(unsigned: value) ? (nil, value) : nil }
            guard let value = Decimal(string: text) else { return nil }
            decimal = value
        case .decimal(let value): decimal = value
        default: return nil
        }
        var rounded = Decimal()
        var source = decimal
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == decimal, !decimal.isNaN else { return nil }
        let text = NSDecimalNumber(decimal: decimal).stringValue
        if let value = Int64(text) { return fits(signed: value) ? (value, nil) : nil }
        if let value = UInt64(text) { return fits(unsigned: value) ? (nil, value) : nil }
        return nil
    }

    private func fits(signed value: Int64) -> Bool {
        switch self {
        case .int, .int64: true
        case .int8: Int8(exactly: value) != nil
        case .int16: Int16(exactly: value) != nil
        case .int32: Int32(exactly: value) != nil
        case .uint, .uint64: value >= 0
        case .uint8: UInt8(exactly: value) != nil
        case .uint16: UInt16(exactly: value) != nil
        case .uint32: UInt32(exactly: value) != nil
        }
    }

    private func fits(unsigned value: UInt64) -> Bool {
        self == .uint || self == .uint64
    }
}
