extension ModelObject {
    /// The entity of `model` that objects of `type` are made for: the one named by
    /// ``entityName``, checked against the class `model` binds to it, so that a class and an
    /// entity that do not match are refused where the object is made rather than on its first
    /// use. Generated classes call it from their `init(model:)`.
    ///
    /// For example:
    ///
    /// ```swift
    /// let book = try Book(model: model)   // a Book of the model's entity Book
    /// ```
    ///
    /// - Throws: ``MappingError/unknownEntity(_:)`` when `model` has no entity of that name (with
    ///   the closest it has); ``MappingError/wrongEntity(_:)`` when `model` binds another class
    ///   to it (a model loaded without classes takes any).
    public static func entity(for type: ModelObject.Type, in model: ObjectModel) throws(MappingError)
        -> EntityDescription
    {
        let entity = try model.checkedEntity(named: type.entityName)
        let bound = model.objectClass(for: entity)
        guard bound == ModelObject.self || bound == type else {
            throw MappingError(
                .wrongEntity,
                entityName: entity.name,
                expected:
                    "an object of class \(bound), the class the model makes objects of entity '\(entity.name)' of",
                found: "an object of class \(type)",
                detail: "make it as \(bound)(model:), or bind \(type) to the model instead"
            )
        }
        return entity
    }
}
