@_spi(Engine) import ModelMapperSchema

/// The kind of the elements of an array of scalars.
enum ScalarArrayKind: Hashable {
    case string, integer, number, boolean

    /// Whether the elements are numbers.
    var isNumeric: Bool { self == .integer || self == .number }

    /// The kind of `value`; nil for `null`, an array or an object.
    init?(_ value: JSONValue) {
        switch value {
        case .string: self = .string
        case .bool: self = .boolean
        case .number(let text):
            if case .integer = NumberLiteral(text) { self = .integer } else { self = .number }
        case .null, .array, .object: return nil
        }
    }
}
