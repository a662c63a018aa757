@_spi(Engine) import ModelMapperSchema

extension MappingError {
    /// The error for a Transformable attribute's value that is not of the Swift type its
    /// `customClassName` declares (``/ModelMapperSchema/JSONShape``): a type mismatch at the
    /// member that is not, its path from the attribute's value (callers put the attribute's
    /// own path before it).
    init(_ mismatch: JSONShape.Mismatch, shape: JSONShape, entityName: String? = nil, propertyName: String? = nil) {
        self.init(
            .typeMismatch,
            path: mismatch.path,
            entityName: entityName,
            propertyName: propertyName,
            expected: mismatch.expected,
            found: mismatch.found,
            detail: mismatch.path == .root
                ? nil : "the attribute's customClassName declares \(shape.typeName)"
        )
    }
}
