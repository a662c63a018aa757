import Foundation

/// What a ``ModelMapped`` property may hold: a model object (of a class bound to the model),
/// an array of them, or an optional of either.
public protocol ModelMappable {
    /// The value decoded from `json` through `model`.
    /// - Throws: ``MappingError`` when the model refuses `json`.
    static func decode(_ json: JSONValue, model: ObjectModel) throws -> Self
    /// The value as the model's encoder writes it.
    /// - Throws: ``MappingError`` when the model's encoder refuses the value.
    func encodedJSON() throws -> JSONValue
}
