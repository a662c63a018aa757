// The values the templates see. Plain structs: Mustache reads them through reflection,
// so each stored property is a template variable (listed in the README).

struct ModelTemplateContext {
    let header: String
    let access: String
    let modelName: String
    let typeName: String
    let sourceName: String
    let sourceDescription: String
    /// The generated class names, for `classes`.
    let classes: [String]
    let fileNameLiteral: String
    let xmlLiteral: String
    /// Every entity's context, for the single-file template.
    let entities: [EntityTemplateContext]
}

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
    let relationships: [PropertyTemplateContext]
    /// The attributes typed with a Swift type of their raw values (userInfo `swiftType`), for
    /// the class's `rawValueTypes`; whether there are any.
    let rawValueAttributes: [PropertyTemplateContext]
    let hasRawValueAttributes: Bool
    /// The model's fetch request templates for this entity, as typed functions.
    let fetchRequests: [FetchRequestTemplateContext]
}

struct KeyTemplateContext {
    let swiftName: String
    let name: String
    let nameLiteral: String
}

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

/// A fetch request template of the model as a typed function of the entity's class:
/// `Human.fetchByHumanName(humanName:in:)`.
struct FetchRequestTemplateContext {
    let name: String
    let nameLiteral: String
    let functionName: String
    /// The parameters, each followed by ", " (the graph comes last).
    let parameterList: String
    /// The substitution variables as a dictionary literal's contents (`:` when none).
    let variablesLiteral: String
    let docLines: [String]
}
