/// A date transformer the model declares, as the model type's `registerTransformers()` sees it
/// (see ``ModelTemplateContext``): an attribute names a value transformer that is not built in,
/// and gives its date format in its userInfo (`dateFormat`), so generated code can register a
/// `DateTransformer` in that format under the name.
struct DateTransformerTemplateContext {
    /// The transformer's name, as a Swift string literal.
    let nameLiteral: String
    /// The `dateFormat` text (`yyyy-MM-dd`), as a Swift string literal.
    let formatsLiteral: String
    /// Where the model declares it (`Author.dateOfBirth`), for the generated comment.
    let declaredBy: String
}
