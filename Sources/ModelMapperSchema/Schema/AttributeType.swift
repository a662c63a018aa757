/// The type of an attribute, as Xcode's model editor writes it in `attributeType`.
///
/// The raw value is Xcode's spelling, so a type can be made from the model file's text:
///
/// ```swift
/// AttributeType(rawValue: "Integer 16")   // .integer16
/// AttributeType.date.rawValue             // "Date"
/// ```
public enum AttributeType: String, Sendable, Hashable, CaseIterable {
    /// A 16-bit signed integer (`Int16`).
    case integer16 = "Integer 16"
    /// A 32-bit signed integer (`Int32`).
    case integer32 = "Integer 32"
    /// A 64-bit signed integer (`Int64`).
    case integer64 = "Integer 64"
    /// A decimal number, exact (`Decimal`).
    case decimal = "Decimal"
    /// A double-precision floating-point number (`Double`).
    case double = "Double"
    /// A single-precision floating-point number (`Float`).
    case float = "Float"
    /// Text (`String`).
    case string = "String"
    /// `true` or `false` (`Bool`).
    case boolean = "Boolean"
    /// A point in time (`Date`); ISO 8601 text in JSON unless the coder or the attribute says otherwise.
    case date = "Date"
    /// Bytes; base64 in JSON.
    case binaryData = "Binary"
    /// A value produced by a value transformer.
    case transformable = "Transformable"
    /// A UUID; its text in JSON.
    case uuid = "UUID"
    /// A URL (`URI` in Xcode's editor).
    case uri = "URI"
    /// Core Data's object identifier; kept as the JSON value, since there is no store.
    case objectID = "ObjectID"
    /// A structured attribute whose fields are declared by a top-level `<composite>` element.
    case composite = "Composite"
    /// No `attributeType` in the file (Xcode's "Undefined"), usually on transient attributes:
    /// the JSON value is kept as it is.
    case undefined = "Undefined"

    /// Whether values of this type are integers (`Integer 16/32/64`).
    public var isInteger: Bool {
        self == .integer16 || self == .integer32 || self == .integer64
    }

    /// Whether values of this type are numbers (integers, `Decimal`, `Double`, `Float`).
    public var isNumeric: Bool {
        isInteger || self == .decimal || self == .double || self == .float
    }

    /// The name of the Swift type a value of this type has (`Int16`, `Date`, `URL`, …);
    /// `nil` for transformable, composite and undefined attributes, whose values have no fixed type.
    public var swiftTypeName: String? {
        switch self {
        case .integer16: "Int16"
        case .integer32: "Int32"
        case .integer64: "Int64"
        case .decimal: "Decimal"
        case .double: "Double"
        case .float: "Float"
        case .string: "String"
        case .boolean: "Bool"
        case .date: "Date"
        case .binaryData: "Data"
        case .uuid: "UUID"
        case .uri: "URL"
        case .objectID: "String"
        case .transformable, .composite, .undefined: nil
        }
    }
}

extension AttributeType {
    /// The types by their names in model files: one hash, rather than a comparison per case.
    static let byName: [String: AttributeType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
