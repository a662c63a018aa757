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
    /// Whether the Swift type is optional: the model does not require the property, or it is
    /// a to-one relationship (which decoding does not require).
    let isOptional: Bool
    /// Whether the class's typed initializer takes the property: an attribute the model
    /// requires, with no default.
    let isInitializerParameter: Bool
    /// For relationships: the class of the destination's objects.
    let destinationClassName: String
    let jsonKeyPath: String
    let docLines: [String]
    /// For a to-many read as an object keyed by identity (`jsonForm` `map`) whose destination's
    /// class is `Identifiable` by it: the dictionary accessor beside the array.
    var identityMap: [IdentityMapTemplateContext] = []
}
