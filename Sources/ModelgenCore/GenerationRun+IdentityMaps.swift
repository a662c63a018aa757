import ModelMapperSchema

extension GenerationRun {
    /// Gives each to-many read as an object keyed by identity (`jsonForm` `map`) a dictionary
    /// accessor beside its array (`eventsByID`), where its destination's class is `Identifiable`
    /// by that identity (its own conformance or a superclass's) and the name is free.
    func addIdentityMaps(to contexts: inout [EntityTemplateContext], entities: [EntityDescription]) {
        var contextIndex: [Int: Int] = [:]
        for (position, entity) in entities.enumerated() { contextIndex[entity.index] = position }
        func isIdentifiable(_ entity: EntityDescription) -> Bool {
            var current: EntityDescription? = entity
            while let candidate = current {
                if let position = contextIndex[candidate.index], !contexts[position].identity.isEmpty { return true }
                current = candidate.superentity
            }
            return false
        }
        for (position, entity) in entities.enumerated() {
            let taken = Set(contexts[position].keys.map(\.swiftName))
            for (index, context) in contexts[position].relationships.enumerated() where context.isToMany {
                guard let relationship = entity.relationshipsByName[context.name],
                    relationship.isKeyedByIdentity,
                    isIdentifiable(relationship.destinationEntity)
                else { continue }
                let accessorName = context.swiftName + "ByID"
                guard !taken.contains(accessorName) else { continue }
                contexts[position].relationships[index].identityMap = [
                    IdentityMapTemplateContext(accessorName: accessorName)
                ]
            }
        }
    }
}
