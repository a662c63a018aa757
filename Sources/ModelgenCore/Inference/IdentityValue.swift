@_spi(Engine) import ModelMapperSchema

/// A value that may identify an object: an integer or a string. Foreign keys match identities
/// by it.
enum IdentityValue: Hashable {
    case integer(Int64)
    case string(String)

    /// The identity `value` is; nil for anything but an `Int64` integer or a string.
    init?(_ value: JSONValue) {
        switch value {
        case .number(let text):
            guard let integer = Int64(text) else { return nil }
            self = .integer(integer)
        case .string(let text):
            self = .string(text)
        case .null, .bool, .array, .object:
            return nil
        }
    }
}
