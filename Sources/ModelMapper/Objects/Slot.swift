import Foundation

/// What a `ModelObject` holds for one property.
///
/// Absent, null and a value are kept apart so that decoding then encoding gives back the
/// shape of the input: a key that was missing stays missing, a `null` stays `null`. The
/// common attribute types are stored unboxed (the attribute's type says which Swift type an
/// `.integer` or `.floatingPoint` stands for), and so are UUIDs, URLs, data and the lists a
/// comma-separated string reads into; any other value is boxed (`.boxed`).
///
/// Every payload is a plain value or at most one reference, so that copying a slot is a switch
/// and at most one retain (an `Any` payload would make every copy go through value witnesses;
/// a box per UUID or URL would cost an allocation per value). Objects keep their slots packed,
/// 17 bytes each rather than this enum's 24 (see ``SlotPointer``).
enum Slot {
    /// Not set: the key was missing from the JSON (reads give the model default, if any).
    case absent
    /// Explicitly `null`.
    case null
    /// An Integer 16, 32 or 64 value (always in the attribute's range).
    case integer(Int64)
    /// A Double or Float value (a Float widened exactly).
    case floatingPoint(Double)
    case boolean(Bool)
    case string(String)
    case decimal(Decimal)
    case date(Date)
    case uuid(UUID)
    case url(URL)
    case data(Data)
    /// A list of strings: what a comma-separated string reads into (a Transformable attribute
    /// with the `StringArray` transformer, or a value set as `[String]`).
    case strings([String])
    /// Any other attribute value, of the attribute's Swift type.
    case boxed(SlotBox)
    /// A to-one relationship's object.
    case object(Link)
    /// A to-many relationship's objects, in order.
    case objects([Link])

    /// A slot boxing any other attribute value.
    static func value(_ value: Any) -> Slot { .boxed(SlotBox(value)) }

    /// The slot holding a value of an attribute of `type`, already of its Swift type.
    init(attributeValue value: Any, type: AttributeType) {
        switch type {
        case .integer16: self = (value as? Int16).map { .integer(Int64($0)) } ?? .value(value)
        case .integer32: self = (value as? Int32).map { .integer(Int64($0)) } ?? .value(value)
        case .integer64: self = (value as? Int64).map { .integer($0) } ?? .value(value)
        case .double: self = (value as? Double).map { .floatingPoint($0) } ?? .value(value)
        case .float: self = (value as? Float).map { .floatingPoint(Double($0)) } ?? .value(value)
        case .boolean: self = (value as? Bool).map { .boolean($0) } ?? .value(value)
        case .string: self = (value as? String).map { .string($0) } ?? .value(value)
        case .decimal: self = (value as? Decimal).map { .decimal($0) } ?? .value(value)
        case .date: self = (value as? Date).map { .date($0) } ?? .value(value)
        case .uuid: self = (value as? UUID).map { .uuid($0) } ?? .value(value)
        case .uri: self = (value as? URL).map { .url($0) } ?? .value(value)
        case .binaryData: self = (value as? Data).map { .data($0) } ?? .value(value)
        default: self = (value as? [String]).map { .strings($0) } ?? .value(value)
        }
    }

    /// The attribute value as its Swift type (`Int16` for an Integer 16, …); nil for the
    /// states that hold none.
    func attributeValue(type: AttributeType) -> Any? {
        switch self {
        case .absent, .null, .object, .objects: return nil
        case .integer(let value):
            switch type {
            case .integer16: return Int16(truncatingIfNeeded: value)
            case .integer32: return Int32(truncatingIfNeeded: value)
            default: return value
            }
        case .floatingPoint(let value): return type == .float ? Float(value) : value
        case .boolean(let value): return value
        case .string(let value): return value
        case .decimal(let value): return value
        case .date(let value): return value
        case .uuid(let value): return value
        case .url(let value): return value
        case .data(let value): return value
        case .strings(let value): return value
        case .boxed(let box): return box.value
        }
    }
}

extension Slot {
    /// Whether two slots hold identical attribute values, which write the same JSON: the same
    /// bits for numbers (`-0.0` and `0.0` differ), the same exponent for decimals (`1.0` and
    /// `1.00` differ), the same UTF-8 bytes for strings (`"é"` and `"e\u{301}"` differ, though
    /// Swift's `==` holds them equal); nil when that cannot be told: values boxed in `.value`
    /// that are not `Hashable`.
    ///
    /// What tells a value that needs no writing (a merge's unchanged values, a spelling kept
    /// for a value not changed since): replacing a value with one not identical to it is a
    /// change the JSON written must show. A conflict is judged by value instead (see
    /// ``isSameValue(as:)``).
    func isIdentical(to other: Slot) -> Bool? {
        switch (self, other) {
        case (.absent, .absent), (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.floatingPoint(let a), .floatingPoint(let b)): return a.bitPattern == b.bitPattern
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.string(let a), .string(let b)): return Self.sameBytes(a, b)
        case (.decimal(let a), .decimal(let b)): return a == b && a.exponent == b.exponent
        case (.date(let a), .date(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.url(let a), .url(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.strings(let a), .strings(let b)): return a.count == b.count && zip(a, b).allSatisfy(Self.sameBytes)
        case (.boxed(let a), .boxed(let b)):
            guard let a = a.value as? AnyHashable, let b = b.value as? AnyHashable else { return nil }
            return a == b
        default: return false
        }
    }

    /// Whether two strings are the same bytes, not only canonically equivalent.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
    }
}
