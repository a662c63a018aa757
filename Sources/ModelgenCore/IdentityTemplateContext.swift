/// An entity's identity as the templates see it (see ``ModelTemplateContext``): the one
/// attribute that identifies its objects, for the class's `Identifiable` and `Hashable`
/// conformances. Entities whose identity has several attributes, a type that is not
/// `Hashable`, or whose superentity's class already conforms have none.
struct IdentityTemplateContext {
    /// The identity attribute's property (`bookID`).
    let swiftName: String
    /// Its Swift type, as the property declares it (`Int64`, `String?`).
    let swiftType: String
    /// Whether the property is named `id`, so that it is `Identifiable`'s `id` itself.
    let isNamedID: Bool
}
