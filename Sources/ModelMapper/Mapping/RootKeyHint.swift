@_spi(Engine) import ModelMapperSchema

/// What an error about a document read at its own top level adds when the entity says its
/// objects are elsewhere (``/ModelMapperSchema/MappingKeys/rootKeyPath``) and the document has
/// the key they would be under: the key path to read at. `decode(…, at: nil)` keeps meaning
/// the document itself; the hint only names what the model says. One rule for every reader
/// of a top level (objects, arrays, trees, graph merges).
///
/// For example, with `Order` declaring `jsonRootKeyPath` = `data` and `{"data": [...], "meta": {}}`
/// decoded as an array of `Order` at the document itself:
///
/// ```text
/// $: Order: expected an array of Order objects, found an object: the model says the Order objects
/// are at 'data' (jsonRootKeyPath): read the document at that key path
/// ```
enum RootKeyHint {
    /// The hint for a document read as `entity` at its top level whose members' keys are
    /// `keys`; nil when the entity declares no key path, or the document lacks its first key.
    static func detail(entity: EntityRecord, keys: some Sequence<String>) -> String? {
        guard entity.isDeclaredRoot, let path = entity.rootKeyPath, let first = path.components.first,
            keys.contains(first)
        else { return nil }
        return "the model says the \(entity.name) objects are at '\(path)' (jsonRootKeyPath): read the document "
            + "at that key path"
    }
}
