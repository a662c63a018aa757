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
