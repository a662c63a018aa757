import Foundation

/// Any JSON as a `Codable` value, so that a JSON tree can sit in a `Codable` type, and so that
/// the model's objects can be decoded from, and encoded into, a `Codable` document (see
/// `ModelMapped`).
///
/// Numbers keep their value exactly where the coder can hold it: integers as `Int64`/`UInt64`,
/// other numbers as `Decimal` when it holds them (`0.1` stays `0.1`), else as `Double`. Their
/// spelling is the coder's (`49.90` is written `49.9`); objects come in the coder's key order.
extension JSONValue: Codable {
    /// The JSON value `decoder` holds, numbers exact where the coder gives them so.
    ///
    /// - Throws: `DecodingError` when the value is none of JSON's kinds.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements = JSONArray()
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            for key in container.allKeys { object[key.stringValue] = try container.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? value.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? value.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let decimal = try? value.decode(Decimal.self), decimal.isFinite {
            self = .number(decimal.description)
        } else if let number = try? value.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: value, debugDescription: "\(number) is not a JSON number")
            }
            self = .number("\(number)")
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    /// Encodes the value: `null`, a Boolean, a number (as `Int64`, `UInt64`, `Decimal` or
    /// `Double`, whichever holds it exactly), a string, an array or an object.
    ///
    /// - Throws: What `encoder` throws.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int64(text) {
                try container.encode(integer)
            } else if let integer = UInt64(text) {
                try container.encode(integer)
            } else if let decimal = DecimalLiteral(text)?.decimal {
                try container.encode(decimal)
            } else if let number = Double(text), number.isFinite {
                try container.encode(number)
            } else {
                throw EncodingError.invalidValue(
                    text,
                    .init(codingPath: encoder.codingPath, debugDescription: "\(text) is not a number a coder can hold")
                )
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }
}

/// A coding key of any name.
struct AnyCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
