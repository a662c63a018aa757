@_spi(Engine) import ModelMapperSchema

/// The kind of the elements of an array of scalars.
enum ScalarArrayKind: Hashable {
    /// Strings; integers an `Int64` holds; numbers a `Double` gives back as written; other
    /// numbers (beyond `Int64`, more digits than a `Double` keeps, infinite as a `Double`),
    /// which no array type holds exactly; Booleans.
    case string, integer, number, inexactNumber, boolean

    /// Whether the elements are numbers.
    var isNumeric: Bool { self == .integer || self == .number || self == .inexactNumber }

    /// The kind of `value`; nil for `null`, an array or an object.
    init?(_ value: JSONValue) {
        switch value {
        case .string: self = .string
        case .bool: self = .boolean
        case .number(let text):
            switch NumberLiteral(text) {
            case .integer: self = .integer
            case .fraction: self = .number
            case .bigInteger, .longFraction, .unrepresentable: self = .inexactNumber
            }
        case .null, .array, .object: return nil
        }
    }

    /// The kind of elements of both kinds in one array: numbers of two kinds are numbers (or
    /// numbers no type holds, if either is); any other two kinds have none.
    func joined(with other: ScalarArrayKind?) -> ScalarArrayKind? {
        guard let other else { return nil }
        if other == self { return self }
        guard isNumeric, other.isNumeric else { return nil }
        return self == .inexactNumber || other == .inexactNumber ? .inexactNumber : .number
    }
}
