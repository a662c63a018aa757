/// What an entity's templates see (see ``ModelTemplateContext``).
struct EntityTemplateContext {
    let header: String
    let access: String
    let sourceName: String
    let entityName: String
    let entityNameLiteral: String
    /// The class users see (`Author`).
    let className: String
    /// The generated class (`_Author`) in the split layout; the class itself in the single-file one.
    let machineClassName: String
    /// The class the `class` template declares.
    let declaredClassName: String
    let superclassName: String
    let isAbstract: Bool
    let docLines: [String]
    let keys: [KeyTemplateContext]
    let attributes: [PropertyTemplateContext]
    var relationships: [PropertyTemplateContext]
    /// The attributes typed with a Swift type of their raw values (userInfo `swiftType`), for
    /// the class's `rawValueTypes`; whether there are any.
    let rawValueAttributes: [PropertyTemplateContext]
    let hasRawValueAttributes: Bool
    /// The model's fetch request templates for this entity, as typed functions.
    let fetchRequests: [FetchRequestTemplateContext]
    /// The identity the class is `Identifiable` and `Hashable` by: one element, or none.
    let identity: [IdentityTemplateContext]
    /// The typed initializer: one element, or none for an abstract entity.
    let initializer: [InitializerTemplateContext]
    /// Where documents hold the entity's objects: one element where the entity declares it.
    let documentRoot: [DocumentRootTemplateContext]
}
