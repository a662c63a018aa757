extension ObjectModel {
    /// The entities that say where a document holds their objects (``MappingKeys/rootKeyPath``),
    /// in the model's order: what tools read a document as when told no entity or key path.
    package var declaredRoots: [EntityDescription] { entities.filter(\.declaresRoot) }

    /// The entities whose objects a JSON document of this model most likely holds at its top
    /// level: the model's only entity without a superentity, when it has one; else each
    /// entity that is not abstract and that no *other* entity holds, through a cascading
    /// relationship or a to-many one that is not the inverse of a cascading one (`Post.feeds`,
    /// back to the `Feed` whose `posts` cascade, holds nothing). Tools that are given a document and no entity pick the one
    /// entity this returns (`modelgen check-json`, `roundtrip`, `decode`)
    /// and ask when it returns several.
    ///
    /// For example, in a model with `Shelf.items` (to-many) and `Item.shelf`, it is `[Shelf]`.
    public var topLevelEntities: [EntityDescription] {
        let roots = entities.filter { $0.superentity == nil }
        if roots.count == 1 { return roots }
        var owned: Set<String> = []
        for entity in entities {
            for relationship in entity.relationships where relationship.owns {
                let destination = relationship.destinationEntity.name
                if destination != entity.name { owned.insert(destination) }
            }
        }
        return entities.filter { !owned.contains($0.name) && !$0.isAbstract }
    }
}

extension RelationshipDescription {
    /// Whether the relationship holds its destination's objects: it cascades, or it is a
    /// to-many that is not the way back of one that cascades.
    fileprivate var owns: Bool {
        if deletionRule == .cascade { return true }
        return isToMany && inverseRelationship?.deletionRule != .cascade
    }
}
