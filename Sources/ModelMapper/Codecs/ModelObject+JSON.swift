import Foundation
@_spi(Engine) import ModelMapperSchema

// The JSON conveniences of `ModelObject`, beside the decoder and encoder they use: the object
// itself only stores values (see ModelObject.swift).
extension ModelObject {
    /// An object of `entity` decoded from a JSON object as `JSONSerialization` gives it (or
    /// built in code), nested objects and all, with the default decoding options. Called on a
    /// subclass it returns an instance of that subclass.
    ///
    /// - Throws: ``MappingError`` saying where the JSON does not fit the model.
    public convenience init(
        dictionary: [String: Any],
        entity: EntityDescription,
        options: ModelDecoder.Options = .init()
    ) throws {
        self.init(entity: entity)
        // The dictionary walked once into JSON text, which the decoder reads as it reads any
        // document (see FoundationJSON).
        var writer = JSONWriter()
        try MappingError.mappingJSONErrors { () throws(JSONError) in try FoundationJSON.write(dictionary, to: &writer) }
        try ModelDecoder(model: model, options: options).decode(jsonData: writer.data, into: self)
    }

    /// The object as a JSON object of Foundation values (nested objects included), as the
    /// encoder with default options writes it; ready for `JSONSerialization`. A value that
    /// cannot be written (a transformer that fails) is left out: ``jsonDictionary(options:)`` throws
    /// the error instead.
    @available(*, deprecated, message: "a value that cannot be written is left out silently: use try jsonDictionary()")
    public var dictionaryRepresentation: [String: Any] {
        var encoder = ObjectEncoder(options: .init(), skipsFailures: true)
        guard (try? encoder.write(self)) != nil, let value = try? FoundationJSON.value(fromJSON: encoder.writer.data)
        else { return [:] }
        return (value as? [String: Any]) ?? [:]
    }

    /// The object as a JSON object of Foundation values (nested objects included), as the
    /// encoder writes it; ready for `JSONSerialization`. Modelmatic's `dictionaryRepresentation`,
    /// throwing the first value that cannot be written rather than leaving it out.
    ///
    /// - Throws: ``MappingError`` for the first value that cannot be written (a transformer that
    ///   fails, a number JSON cannot hold).
    public func jsonDictionary(options: ModelEncoder.Options = .init()) throws -> [String: Any] {
        var encoder = ObjectEncoder(options: options)
        try encoder.write(self)
        let value = try MappingError.mappingJSONErrors { () throws(JSONError) in
            try FoundationJSON.value(fromJSON: encoder.writer.data)
        }
        return (value as? [String: Any]) ?? [:]
    }
}
