/// A name in a class's `Keys` enum, as the templates see it (see ``ModelTemplateContext``).
struct KeyTemplateContext {
    let swiftName: String
    let name: String
    let nameLiteral: String
}
