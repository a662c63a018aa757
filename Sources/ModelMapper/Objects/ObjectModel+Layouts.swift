/// The layouts of a model's entities, as the model's plan cache keeps them. Kept as long as the
/// model: objects refer to their layouts unowned.
final class EntityLayouts {
    let all: [EntityLayout]

    init(_ all: [EntityLayout]) {
        self.all = all
    }
}

extension ObjectModel {
    /// How the objects of each entity keep their values (see ``EntityLayout``), compiled the
    /// first time an object of the model is made. Read it once per operation (each read counts
    /// references to the list every thread shares), not once per value.
    var layouts: [EntityLayout] {
        planCache.plan(
            in: .layouts,
            as: EntityLayouts.self,
            make: {
                EntityLayouts(EntityLayout.layouts(of: self))
            }
        )
        .all
    }
}

extension PlanCache.Place {
    /// Where a model's layouts are kept.
    static let layouts = PlanCache.Place(0)
    /// Where a model's mappings under the base conventions are kept.
    static let baseMappings = PlanCache.Place(1)
    /// Where a model's mappings under its own conventions (its conventions file, or none) are kept.
    static let ownMappings = PlanCache.Place(2)
    /// Where the decoding tables under a model's own conventions are kept (see `DecodingTables`).
    static let ownDecodingTables = PlanCache.Place(3)
}
