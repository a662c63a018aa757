/// What the model's templates see: the model, its entities (``EntityTemplateContext``), their
/// keys (``KeyTemplateContext``), properties (``PropertyTemplateContext``) and fetch request
/// templates (``FetchRequestTemplateContext``). Plain structs: Mustache reads them through
/// reflection, so each stored property is a template variable (listed in the README).
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
    /// The model's conventions (``ModelMapper/ModelConventions/jsonText``), as a literal.
    let conventionsLiteral: String
    /// The date transformers the model declares, for `registerTransformers()`.
    let dateTransformers: [DateTransformerTemplateContext]
    /// Every entity's context, for the single-file template.
    let entities: [EntityTemplateContext]
}
