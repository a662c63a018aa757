/// The layouts of a model's entities, as the model's plan cache keeps them. Kept as long as the
/// model: objects refer to their layouts unowned.
final class EntityLayouts {
    let all: [EntityLayout]

    init(_ all: [EntityLayout]) {
        self.all = all
    }
}

extension ObjectModel {
    /// The key of a model's layouts in its plan cache.
    private struct LayoutsKey: Hashable {}

    /// How the objects of each entity keep their values (see ``EntityLayout``), compiled the
    /// first time an object of the model is made. Read it once per operation (each read takes
    /// a lock), not once per value.
    var layouts: [EntityLayout] {
        planCache.plan(for: LayoutsKey(), as: EntityLayouts.self) {
            EntityLayouts(EntityLayout.layouts(for: entityRecords))
        }
        .all
    }
}
