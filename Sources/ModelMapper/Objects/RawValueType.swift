import Foundation

/// A Swift type whose raw values an attribute holds: a `String` attribute holding the raw
/// values of an enum with `String` raw values, or an `Integer 16/32/64` attribute holding
/// those of an enum with integer raw values.
///
/// A class bound to an entity names such attributes in ``ModelObject/rawValueTypes``, and the
/// decoder then refuses a value that is no raw value of the type, as an `.invalidValue` error
/// at the value's path (and line and column), instead of decoding an object whose typed
/// property would read as nil. `modelgen` generates that for every attribute whose userInfo
/// names a `swiftType` (see ``/ModelMapperSchema/MappingKeys/swiftType``).
///
/// For example:
///
/// ```swift
/// enum Status: String { case draft, published }
///
/// class Article: ModelObject {
///     override class var rawValueTypes: [String: RawValueType] { ["status": .of(Status.self)] }
///     var status: Status? {
///         get { rawRepresentableValue(forKey: "status") }
///         set { setRawRepresentableValue(newValue, forKey: "status") }
///     }
/// }
/// ```
///
/// Decoding `{"status": "archived"}` as an `Article` then throws
/// `$.status: Article.status: expected a raw value of Status, found "archived"`.
///
/// Sendable by assertion: the check only calls the type's `init(rawValue:)`, which reads
/// nothing shared; requiring `Value: Sendable` instead would refuse the public enums of
/// other modules, which are not implicitly `Sendable`.
public struct RawValueType: @unchecked Sendable {
    /// The type's name, for messages.
    public let typeName: String
    /// Which attributes can hold the raw values.
    let kind: Kind
    /// Whether a slot's value is a raw value of the type.
    let accepts: (Slot) -> Bool
    /// What a refused value's error says was expected: `a raw value of Status`.
    let expected: String

    init(typeName: String, kind: Kind, expected: String? = nil, accepts: @escaping (Slot) -> Bool) {
        self.typeName = typeName
        self.kind = kind
        self.accepts = accepts
        self.expected = expected ?? "a raw value of \(typeName)"
    }

    enum Kind {
        case string, integer

        func admits(_ type: AttributeType) -> Bool {
            switch self {
            case .string: type == .string
            case .integer: type == .integer16 || type == .integer32 || type == .integer64
            }
        }
    }

    /// The raw values of an enum (or any `RawRepresentable`) with `String` raw values.
    public static func of<Value: RawRepresentable>(_ type: Value.Type) -> RawValueType where Value.RawValue == String {
        RawValueType(typeName: String(describing: type), kind: .string) { slot in
            guard case .string(let text) = slot else { return false }
            return Value(rawValue: text) != nil
        }
    }

    /// The raw values of an enum (or any `RawRepresentable`) with integer raw values of any width.
    public static func of<Value: RawRepresentable>(_ type: Value.Type) -> RawValueType
    where Value.RawValue: BinaryInteger {
        RawValueType(typeName: String(describing: type), kind: .integer) { slot in
            guard case .integer(let number) = slot, let raw = Value.RawValue(exactly: number) else { return false }
            return Value(rawValue: raw) != nil
        }
    }

    /// The values an attribute's model lists (``/ModelMapperSchema/MappingKeys/jsonValues``),
    /// checked as a class's raw values are, whether or not a class is bound.
    static func listed(_ values: DeclaredValues) -> RawValueType {
        let expected = "one of \(values.listDescription) (jsonValues)"
        switch values {
        case .strings(let texts):
            let set = Set(texts)
            return RawValueType(typeName: "jsonValues", kind: .string, expected: expected) { slot in
                guard case .string(let text) = slot else { return false }
                return set.contains(text)
            }
        case .integers(let integers):
            let set = Set(integers)
            return RawValueType(typeName: "jsonValues", kind: .integer, expected: expected) { slot in
                guard case .integer(let number) = slot else { return false }
                return set.contains(number)
            }
        }
    }
}
