import Foundation

extension JSONShape {
    /// `value` (of the shape: see ``mismatch(in:)``) as the Swift type the shape names, so
    /// that a cast to it succeeds: numbers converted to the declared number type (`1` in a
    /// `[Double]` is `1.0`), `null` in an optional as nil, containers rebuilt only where a
    /// member changes. A value not of the shape is returned as it is.
    package func typed(_ value: Any) -> Any {
        switch self {
        case .any, .string, .boolean: return value
        case .optional(let wrapped):
            return value is NSNull ? Any?.none as Any : wrapped.typed(value)
        case .integer, .double, .float, .decimal:
            return number(value) ?? value
        case .array(let element):
            guard element.convertsMembers, let elements = value as? [Any] else { return value }
            return elements.map { element.typed($0) }
        case .dictionary(let shape):
            guard shape.convertsMembers, let members = value as? [String: Any] else { return value }
            return members.mapValues { shape.typed($0) }
        }
    }

    /// Whether a container of the shape's values may need them converted.
    private var convertsMembers: Bool {
        switch self {
        case .any, .string, .boolean: false
        default: true
        }
    }

    /// A number as the shape's number type; nil for a value that is not such a number.
    private func number(_ value: Any) -> Any? {
        guard let item = try? FoundationJSON.item(value, path: { .root }) else { return nil }
        switch self {
        case .double: return Self.double(item)
        case .float: return Self.double(item).map { Float($0) }
        case .decimal:
            switch item {
            case .integer(let integer): return Decimal(integer)
            case .decimal(let decimal): return decimal
            case .number(let text): return Decimal(string: text)
            default: return nil
            }
        case .integer(let type):
            guard let (signed, unsigned) = type.integer(item) else { return nil }
            if let unsigned { return type == .uint ? UInt(unsigned) : unsigned }
            guard let signed else { return nil }
            return type.value(signed)
        default: return nil
        }
    }
}

extension JSONShape.IntegerType {
    /// An integer in the type's range (checked by ``integer(_:)``) as a value of the type.
    func value(_ integer: Int64) -> Any {
        switch self {
        case .int: Int(integer)
        case .int8: Int8(truncatingIfNeeded: integer)
        case .int16: Int16(truncatingIfNeeded: integer)
        case .int32: Int32(truncatingIfNeeded: integer)
        case .int64: integer
        case .uint: UInt(truncatingIfNeeded: integer)
        case .uint8: UInt8(truncatingIfNeeded: integer)
        case .uint16: UInt16(truncatingIfNeeded: integer)
        case .uint32: UInt32(truncatingIfNeeded: integer)
        case .uint64: UInt64(truncatingIfNeeded: integer)
        }
    }
}

/// Reads a Swift type name as a ``JSONShape``: `Name`, `[T]`, `[String: T]`, `Array<T>`,
/// `Dictionary<String, T>`, `Optional<T>`, `T?`, with spaces anywhere between.
struct TypeNameParser {
    var scanner: TypeNameScanner

    init(text: [Unicode.Scalar]) { scanner = TypeNameScanner(text: text) }

    var atEnd: Bool { mutating get { scanner.atEnd } }

    mutating func parse(depth: Int) -> JSONShape? {
        guard depth < TypeNameScanner.maximumDepth else { return nil }
        var shape: JSONShape
        if scanner.take("[") {
            guard let first = parse(depth: depth + 1) else { return nil }
            if scanner.take(":") {
                guard first == .string, let value = parse(depth: depth + 1), scanner.take("]") else { return nil }
                shape = .dictionary(value)
            } else {
                guard scanner.take("]") else { return nil }
                shape = .array(first)
            }
        } else {
            guard let name = scanner.typeName(), let named = named(name, depth: depth) else { return nil }
            shape = named
        }
        while scanner.take("?") {
            if case .optional = shape { continue }
            shape = .optional(shape)
        }
        return shape
    }

    /// The shape a name stands for, its generic arguments read.
    private mutating func named(_ name: String, depth: Int) -> JSONShape? {
        switch name {
        case "Any": return .any
        case "String": return .string
        case "Bool": return .boolean
        case "Double": return .double
        case "Float": return .float
        case "Decimal": return .decimal
        case "Array", "Optional":
            guard scanner.take("<"), let element = parse(depth: depth + 1), scanner.take(">") else { return nil }
            return name == "Array" ? .array(element) : .optional(element)
        case "Dictionary":
            guard scanner.take("<"), parse(depth: depth + 1) == .string, scanner.take(","),
                let value = parse(depth: depth + 1), scanner.take(">")
            else { return nil }
            return .dictionary(value)
        default:
            return JSONShape.IntegerType(rawValue: name).map { .integer($0) }
        }
    }
}
