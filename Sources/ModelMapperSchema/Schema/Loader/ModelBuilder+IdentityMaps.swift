import Foundation

extension ModelBuilder {
    /// Marks the to-many relationships whose JSON is an object keyed by their destination
    /// objects' identities (`jsonForm` `map`, ``MappingKeys/jsonForm``), after destinations and
    /// identities are resolved; one that cannot be read so is reported and read as an array.
    mutating func resolveIdentityMaps(_ drafts: inout [DraftEntity]) {
        for entity in drafts.indices {
            for index in drafts[entity].record.ownRelationships.indices {
                let relationship = drafts[entity].record.ownRelationships[index]
                guard let entry = MappingKeys.firstEntry(of: MappingKeys.jsonForm, in: relationship.userInfo) else {
                    continue
                }
                let name = "\(drafts[entity].record.name).\(relationship.name)"
                let form = entry.value.trimmingSpaces()
                guard form == "map" || form == "mapOmittingIdentity" else {
                    report(
                        .invalidIdentityMap(
                            relationship: name,
                            problem: "'\(entry.value)' is no form a relationship takes ('map' or 'mapOmittingIdentity')"
                        ),
                        at: relationship.location
                    )
                    continue
                }
                if let problem = Self.identityMapProblem(relationship, drafts: drafts) {
                    report(.invalidIdentityMap(relationship: name, problem: problem), at: relationship.location)
                    continue
                }
                drafts[entity].record.ownRelationships[index].isKeyedByIdentity = true
                drafts[entity].record.ownRelationships[index].omitsIdentityInValues = form == "mapOmittingIdentity"
            }
        }
    }

    /// Why `relationship` cannot be an object keyed by identities, or nil when it can.
    private static func identityMapProblem(_ relationship: RelationshipRecord, drafts: [DraftEntity]) -> String? {
        guard relationship.isToMany else { return "a map needs a to-many relationship" }
        let destination = relationship.destinationEntity
        guard drafts.indices.contains(destination) else { return "its destination is not an entity of the model" }
        let record = drafts[destination].record
        guard record.identityAttributeNames.count == 1, let name = record.identityAttributeNames.first,
            let position = record.propertyIndexByName[name]
        else {
            return "its destination '\(record.name)' must have exactly one identity attribute, whose value is each key"
        }
        let reference = record.properties[position]
        let attribute = drafts[reference.entity].record.ownAttributes[reference.index]
        let keyTypes: [AttributeType] = [.string, .integer16, .integer32, .integer64, .uuid]
        guard keyTypes.contains(attribute.attributeType), attribute.valueTransformerName == nil else {
            return "the identity attribute '\(record.name).\(name)' must be a String, an Integer or a UUID "
                + "without a value transformer, so that a key can spell it"
        }
        return nil
    }
}
