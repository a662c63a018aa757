import Foundation

extension ObjectModel {
    /// The entity named `name`, or an error that says which names the model has: the checked
    /// form of `entity(named:)` and `entitiesByName[name]`, for code that would otherwise
    /// force-unwrap them.
    ///
    /// For example:
    ///
    /// ```swift
    /// let book = try model.checkedEntity(named: "Book")
    /// let draft = ModelObject(entity: book)
    /// _ = try model.checkedEntity(named: "Bok")   // MappingError.unknownEntity: did you mean 'Book'?
    /// ```
    ///
    /// - Throws: ``MappingError/unknownEntity(_:)`` naming `name`, with the closest entity
    ///   name the model has as a suggestion.
    public func checkedEntity(named name: String) throws(MappingError) -> EntityDescription {
        guard let entity = entity(named: name) else { throw unknownEntity(name) }
        return entity
    }

    /// The entity `specifier` gives in this model; nil when the model has none of its name.
    func entity(_ specifier: some EntitySpecifier) -> EntityDescription? {
        // Told by its type, without a dynamic cast (see `specifiedEntityName`).
        if type(of: specifier) == EntityDescription.self {
            let entity = unsafeBitCast(specifier, to: EntityDescription.self)
            if entity.model === self { return entity }
        }
        // By name straight from the index: `entitiesByName` makes a table of every name.
        return entity(named: specifier.specifiedEntityName)
    }

    /// The entity `specifier` gives in this model, or the error ``checkedEntity(named:)``
    /// throws.
    func checkedEntity(_ specifier: some EntitySpecifier) throws(MappingError) -> EntityDescription {
        guard let entity = entity(specifier) else { throw unknownEntity(specifier.specifiedEntityName) }
        return entity
    }

    /// The error for an entity name the model does not have, suggesting the closest it has.
    func unknownEntity(_ name: String) -> MappingError {
        let suggestion = ClosestName.to(name, among: entities.map(\.name))
        return MappingError(
            .unknownEntity(name),
            detail: suggestion.map { "did you mean '\($0)'?" }
                ?? "its entities are " + entities.map(\.name).prefix(12).joined(separator: ", ")
        )
    }
}
