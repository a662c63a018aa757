import Foundation

// The JSON conveniences of `ModelObject`, beside the decoder and encoder they use: the object
// itself only stores values (see ModelObject.swift).
extension ModelObject {
    /// An object of `entity` decoded from a JSON object as `JSONSerialization` gives it (or
    /// built in code), nested objects and all, with the default decoding options. Called on a
    /// subclass it returns an instance of that subclass.
    ///
    /// - Throws: ``MappingError`` saying where the JSON does not fit the model.
    public convenience init(dictionary: [String: Any], entity: EntityDescription, options: ModelDecoder.Options = .init()) throws {
        self.init(entity: entity)
        let json = try JSONValue(foundationObject: dictionary)
        try ModelDecoder(model: entity.model, options: options).decode(json, into: self)
    }

    /// The object as a JSON object of Foundation values (nested objects included), as the
    /// encoder with default options writes it; ready for `JSONSerialization`. A value that
    /// cannot be written (a transformer that fails) is left out: ``jsonDictionary()`` throws
    /// the error instead.
    public var dictionaryRepresentation: [String: Any] {
        var encoder = ObjectEncoder(options: .init(), skipsFailures: true)
        guard (try? encoder.write(self)) != nil, let json = try? encoder.tree else { return [:] }
        return (json.foundationObject as? [String: Any]) ?? [:]
    }

    /// The object as a JSON object of Foundation values, as ``dictionaryRepresentation`` but
    /// throwing the first value that cannot be written.
    public func jsonDictionary(options: ModelEncoder.Options = .init()) throws -> [String: Any] {
        var encoder = ObjectEncoder(options: options)
        try encoder.write(self)
        return (try encoder.tree.foundationObject as? [String: Any]) ?? [:]
    }
}
