/// A property of an entity's class, as the templates see it (see ``ModelTemplateContext``).
struct PropertyTemplateContext {
    let name: String
    let swiftName: String
    let capitalizedName: String
    let swiftType: String
    let getter: String
    /// The statement that sets the property to `newValue`.
    let setter: String
    /// For an attribute typed with the Swift type of its raw values: that type; else empty.
    let rawValueType: String
    let isToMany: Bool
    let isOptional: Bool
    /// For relationships: the class of the destination's objects.
    let destinationClassName: String
    let jsonKeyPath: String
    let docLines: [String]
}
