import Foundation

extension ModelDecoder {
    /// Decodes one object of the entity named `entityName` from JSON data: the form of
    /// `decodeObject(of:from:at:)` for code that has the entity's name, and that would
    /// otherwise force-unwrap `entitiesByName[entityName]`.
    ///
    /// For example:
    ///
    /// ```swift
    /// let author = try decoder.decodeObject(ofEntityNamed: "Author", from: data)
    /// ```
    ///
    /// - Throws: ``MappingError/unknownEntity(_:)`` when the model has no such entity (with
    ///   the closest name it has); otherwise as `decodeObject(of:from:at:)`.
    public func decodeObject(ofEntityNamed entityName: String, from data: Data, at keyPath: String? = nil) throws
        -> ModelObject
    {
        try decodeObject(of: model.checkedEntity(named: entityName), from: data, at: keyPath)
    }

    /// Decodes an array of objects of the entity named `entityName` from JSON data.
    ///
    /// For example:
    ///
    /// ```swift
    /// let authors = try decoder.decodeObjects(ofEntityNamed: "Author", from: data, at: "authors")
    /// ```
    ///
    /// - Throws: ``MappingError/unknownEntity(_:)`` when the model has no such entity (with
    ///   the closest name it has); otherwise as `decodeObjects(of:from:at:)`.
    public func decodeObjects(ofEntityNamed entityName: String, from data: Data, at keyPath: String? = nil) throws
        -> [ModelObject]
    {
        try decodeObjects(of: model.checkedEntity(named: entityName), from: data, at: keyPath)
    }
}
