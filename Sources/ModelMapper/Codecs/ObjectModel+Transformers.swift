import Foundation

/// The value transformers a model names, checked against the registry when the model loads
/// (generated model types do, in `load()`), rather than on the first value that needs one.
extension ObjectModel {
    /// An error for each place the model names a value transformer that is not registered: an
    /// attribute's transformer (its Value Transformer field, or `JSONTransformerName` in its
    /// userInfo), or an entity's `entityMapperName` or `JSONDictionaryTransformerName`. Each
    /// names the entity, the property where there is one, and the line of the model file;
    /// its recovery suggestion says how to register one.
    ///
    /// A loop over the model's entities and their own attributes, with a registry lookup for
    /// each transformer named.
    public var unregisteredTransformers: [MappingError] {
        var problems: [MappingError] = []
        func check(_ name: String?, entity: EntityDescription, property: String?, location: SourceLocation) {
            guard let name, !name.isEmpty,
                ValueTransformer.valueTransformer(forName: ValueTransformer.Name(name)) == nil
            else { return }
            problems.append(
                MappingError(
                    .unregisteredTransformer(name),
                    entityName: entity.name,
                    propertyName: property,
                    detail: "the model names it at \(location)"
                )
            )
        }
        for entity in entities {
            for key in [MappingKeys.entityMapper, MappingKeys.entityPreprocessor] {
                check(
                    MappingKeys.firstEntry(of: key, in: entity.userInfo)?.value,
                    entity: entity,
                    property: nil,
                    location: entity.location
                )
            }
            for attribute in entity.attributes where attribute.entity == entity {
                check(
                    attribute.valueTransformerName,
                    entity: entity,
                    property: attribute.name,
                    location: attribute.location
                )
            }
        }
        return problems
    }

    /// Throws when the model names a value transformer nobody registered (see
    /// ``unregisteredTransformers``), so that an app learns it when the model loads rather
    /// than from the first document with such a value. Generated model types call it in
    /// `load()`, after registering the date transformers the model declares.
    ///
    /// For example:
    ///
    /// ```swift
    /// ValueTransformer.setValueTransformer(UppercaseTransformer(), forName: "Uppercase")
    /// try model.checkTransformersRegistered()
    /// ```
    ///
    /// - Throws: ``MappingError/unregisteredTransformer(_:)`` for one, ``MappingErrors`` for
    ///   several, each saying where the model names it and how to register it.
    public func checkTransformersRegistered() throws {
        try ModelObject.throwing(unregisteredTransformers)
    }
}
