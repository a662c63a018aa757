/// Where an entity's documents hold its objects, as the templates see it (see
/// ``ModelTemplateContext``): for an entity whose userInfo declares it (`jsonRootKeyPath`, as
/// `modelgen infer` writes it), the class's `jsonRootKeyPath` and `decodeDocument(_:using:)`,
/// which read there as `check-json`, `roundtrip` and `decode` do without `--at`.
struct DocumentRootTemplateContext {
    /// The key path as a Swift literal (`"data.orders"`), `nil` for the document itself.
    let keyPathLiteral: String
    /// Where the array is, in words for the documentation (`at `data.orders``, `that is the
    /// document`).
    let place: String
}
