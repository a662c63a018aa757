@_spi(Engine) import ModelMapperSchema

extension MappingError {
    /// The check every place that stores a Transformable attribute's value makes (the decoder's
    /// two paths, `setValue`): the error for `value` where it is not of the Swift type the
    /// attribute's `customClassName` declares (``/ModelMapperSchema/JSONShape``), nil where it
    /// is or the attribute declares none. A type mismatch at the member that is not, its path
    /// from the attribute's value (the decoder puts the attribute's own path before it).
    static func shapeMismatch(
        of value: Any,
        declaredBy shape: JSONShape?,
        entityName: String? = nil,
        propertyName: String? = nil
    ) -> MappingError? {
        guard let shape, let mismatch = shape.mismatch(in: value) else { return nil }
        return MappingError(
            .typeMismatch,
            path: mismatch.path,
            entityName: entityName,
            propertyName: propertyName,
            expected: mismatch.expected,
            found: mismatch.found,
            detail: mismatch.path == .root ? nil : "the attribute's customClassName declares \(shape.typeName)"
        )
    }
}
