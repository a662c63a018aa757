/// The mappings of a model's entities under one set of conventions, as the model's plan cache
/// keeps them. Kept as long as the model: objects refer to their mappings unowned.
final class EntityMappings {
    let all: [EntityMapping]

    init(_ all: [EntityMapping]) {
        self.all = all
    }
}

extension ObjectModel {
    /// The key of a model's mappings in its plan cache.
    private struct MappingsKey: Hashable {
        let conventions: ModelConventions.Resolved
    }

    /// How each entity maps to JSON (see `EntityMapping`), with the model's names as keys: the
    /// mappings objects hold. Compiled the first time JSON is mapped with the model: tools that
    /// only read a model (`modelgen validate`, `generate`) never pay for it, and loading stays
    /// close to the cost of parsing the XML. Read it once per operation (each read takes a
    /// lock), not once per value.
    var mappings: [EntityMapping] { mappings(for: .base) }

    /// The mappings with JSON keys and identities made by `conventions` (the same as
    /// ``mappings`` for the base), compiled once per conventions on first use.
    func mappings(for conventions: ModelConventions.Resolved) -> [EntityMapping] {
        let key = MappingsKey(conventions: conventions.isBase ? .base : conventions)
        // Read before the cache's lock is taken for the mappings: the cache's lock is not
        // reentrant, and the mappings are compiled over the layouts.
        let layouts = self.layouts
        return
            planCache.plan(for: key, as: EntityMappings.self) {
                EntityMappings(
                    EntityMapping.mappings(for: entityRecords, layouts: layouts, conventions: key.conventions)
                )
            }
            .all
    }
}
