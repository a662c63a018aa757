import Foundation
@_spi(Engine) import ModelMapperSchema

/// The one rule for the keys of a to-many relationship read as an object keyed by its objects'
/// identities (``/ModelMapperSchema/MappingKeys/jsonForm`` `map`): a key is the text of the
/// identity attribute's value, read as that attribute reads a string, and written back from the
/// value. The decoder refuses a key the encoder would not write back as it was sent.
enum IdentityMapKey {
    /// The key an identity value is written under: a string as it is, an integer in decimal, a
    /// UUID as `uuidString` writes it; nil for a value no key spells (absent, null, another type).
    static func text(of value: Slot) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .uuid(let uuid): uuid.uuidString
        default: nil
        }
    }

    /// The identity value `key` stands for, for the identity attribute `property`.
    ///
    /// - Throws: ``MappingError`` (without a path) when the key is no value of the attribute's
    ///   type, or not the text the value is written back as (`"0138"` for an integer); a UUID's
    ///   letters may be of either case, as every UUID the encoder writes is in capitals.
    static func value(of key: String, for property: PropertyMapping, model: ObjectModel) throws(MappingError) -> Slot {
        let bytes = Array(key.utf8)
        let value = try? bytes.withUnsafeBufferPointer { buffer throws(MappingError) in
            try ValueConversion.decode(
                .string(buffer),
                for: property,
                strict: false,
                dateFormat: .iso8601,
                model: model
            )
        }
        let written = value.flatMap(text(of:))
        let isSame =
            if case .uuid = value { written?.lowercased() == key.lowercased() } else { written == key }
        guard let value, isSame else {
            throw MappingError(
                .invalidValue,
                expected:
                    "a key that is the text of its identity (\(property.attributeType.rawValue)) as it is written back"
                    + (written.map { " (\"\($0)\" for this one)" } ?? ""),
                found: "\"\(key.count > 40 ? key.prefix(40) + "…" : Substring(key))\"",
                detail: "a map's keys are written back from the identities they stand for"
            )
        }
        return value
    }
}
