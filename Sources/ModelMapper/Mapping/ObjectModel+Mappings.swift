/// The mappings of a model's entities under one set of conventions, as the model's plan cache
/// keeps them. Kept as long as the model: objects refer to their mappings unowned.
final class EntityMappings {
    let all: [EntityMapping]
    /// Whether they are the mappings under the base conventions, which objects hold.
    let isBase: Bool

    init(_ all: [EntityMapping], isBase: Bool) {
        self.all = all
        self.isBase = isBase
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
    var mappings: [EntityMapping] { mappingSet(for: .base).all }

    /// The mappings with JSON keys and identities made by `conventions` (the same as
    /// ``mappings`` for the base), compiled once per conventions on first use.
    func mappings(for conventions: ModelConventions.Resolved) -> [EntityMapping] {
        mappingSet(for: conventions).all
    }

    /// The mappings a coder maps with whose options set `options` (its conventions option):
    /// under the model's own conventions (its conventions file, over the library's defaults)
    /// when the options set none, as most coders' do. Those are kept in a place of their own,
    /// so that a decode call finds them without resolving conventions and looking them up by
    /// value, which cost more than decoding a small document.
    func mappingSet(options: ModelConventions) -> EntityMappings {
        guard options.isEmpty else { return mappingSet(for: conventions(options: options)) }
        // The same set as the conventions' own place holds (the base's, or the one under these
        // conventions), so that the mappings of one set of conventions are one object.
        return planCache.plan(
            in: .ownMappings,
            as: EntityMappings.self,
            makingUnlocked: {
                mappingSet(for: conventions(options: options))
            }
        )
    }

    /// The conventions a coder maps with whose options set `options`: each that the options
    /// set, else the model's, else the library's defaults. The one rule for the decoder, the
    /// encoder and the graph (their options' `conventions(for:)` call it).
    func conventions(options: ModelConventions) -> ModelConventions.Resolved {
        conventions.resolved(options: options, defaults: .defaults)
    }

    /// The mappings under `conventions`: the base's in a place of their own, others by value.
    func mappingSet(for conventions: ModelConventions.Resolved) -> EntityMappings {
        // Compiled outside the cache's lock, which is not reentrant: they are compiled over
        // the layouts, which it keeps too.
        guard !conventions.isBase else {
            return planCache.plan(
                in: .baseMappings,
                as: EntityMappings.self,
                makingUnlocked: {
                    EntityMappings(
                        EntityMapping.mappings(for: entityRecords, layouts: layouts, conventions: .base),
                        isBase: true
                    )
                }
            )
        }
        return planCache.plan(
            for: MappingsKey(conventions: conventions),
            as: EntityMappings.self,
            makingUnlocked: {
                EntityMappings(
                    EntityMapping.mappings(for: entityRecords, layouts: layouts, conventions: conventions),
                    isBase: false
                )
            }
        )
    }
}
