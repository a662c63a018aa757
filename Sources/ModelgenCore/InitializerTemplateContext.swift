/// An entity class's typed initializer as the templates see it (see ``ModelTemplateContext``):
/// `init(model:…)` takes the model and each value the entity requires that has no default, so
/// that an object made in code has every value decoding would have required of it.
struct InitializerTemplateContext {
    /// The name the model parameter goes by inside the initializer (`objectModel`, with
    /// underscores added when a property is named so).
    let modelParameterName: String
    /// The names of the local function setting the required values and of its parameter
    /// (`setRequiredValues`, `object`, with underscores where a property is named so).
    let objectName: String
    let setterFunctionName: String
    /// The required attributes it takes, inherited ones first.
    let parameters: [PropertyTemplateContext]
    /// Whether it takes any.
    let hasParameters: Bool
    /// The parameters as written between the parentheses: on one line when the model is the
    /// only one, else one a line.
    let parameterList: String
    /// `override ` when the superclass declares an initializer of the same parameters (the
    /// entity requires nothing its superentity does not); else empty.
    let overrideKeyword: String
    /// Its documentation, a line each, before the `- Throws:` lines.
    let docLines: [String]
}
