import Foundation

/// A JSON value as the conversions see it: a scalar as its bytes (straight from the input
/// when decoding), a container as a tree.
@_spi(Engine) public enum JSONToken {
    case null
    case bool(Bool)
    /// A number's text, checked against the JSON grammar.
    case number(UnsafeBufferPointer<UInt8>)
    /// A string's contents, escapes decoded, valid UTF-8.
    case string(UnsafeBufferPointer<UInt8>)
    /// An array or an object.
    case container(JSONValue)

    /// Runs `body` with the token of a value.
    @inlinable public static func with<Result, Failure: Error>(
        _ json: JSONValue,
        _ body: (JSONToken) throws(Failure) -> Result
    )
        throws(Failure) -> Result
    {
        switch json {
        case .null: return try body(.null)
        case .bool(let value): return try body(.bool(value))
        case .number(var text):
            return try text.withUTF8 { bytes in Swift.Result { () throws(Failure) in try body(.number(bytes)) } }.get()
        case .string(var text):
            return try text.withUTF8 { bytes in Swift.Result { () throws(Failure) in try body(.string(bytes)) } }.get()
        case .array, .object: return try body(.container(json))
        }
    }

    /// The token as a tree value.
    @inlinable public var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let bytes): .number(String(decoding: bytes, as: UTF8.self))
        case .string(let bytes): .string(String(decoding: bytes, as: UTF8.self))
        case .container(let value): value
        }
    }

    /// Whether the token is a string or a number.
    @inlinable public var isScalarText: Bool {
        switch self {
        case .string, .number: true
        default: false
        }
    }
}
