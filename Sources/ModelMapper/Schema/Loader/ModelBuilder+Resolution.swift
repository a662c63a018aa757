import Foundation

extension ModelBuilder {
    /// Resolves destinations and inverses, reporting what does not exist or does not match.
    mutating func resolveRelationships(_ drafts: inout [DraftEntity]) {
        let indexByName = Dictionary(drafts.enumerated().map { ($1.record.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Destinations first: the inverse checks below read them.
        for entity in drafts.indices {
            for (ownIndex, property) in drafts[entity].record.ownProperties.enumerated() {
                guard case .relationship(var relationship) = property else { continue }
                let element = propertyElement(relationship.name, in: drafts[entity])
                if let destination = indexByName[relationship.destinationEntityName] {
                    relationship.destinationEntity = destination
                } else {
                    error(
                        "relationship '\(drafts[entity].record.name).\(relationship.name)' names destination entity '\(relationship.destinationEntityName)', which does not exist",
                        at: location(ofAttribute: "destinationEntity", in: element, fallback: relationship.location)
                    )
                }
                drafts[entity].record.ownProperties[ownIndex] = .relationship(relationship)
            }
        }
        for entity in drafts.indices {
            for (ownIndex, property) in drafts[entity].record.ownProperties.enumerated() {
                guard case .relationship(var relationship) = property, let inverseName = relationship.inverseName else { continue }
                resolveInverse(of: &relationship, named: inverseName, in: entity, drafts: drafts, indexByName: indexByName)
                drafts[entity].record.ownProperties[ownIndex] = .relationship(relationship)
            }
        }
    }

    private mutating func resolveInverse(
        of relationship: inout RelationshipRecord, named inverseName: String, in entity: Int,
        drafts: [DraftEntity], indexByName: [String: Int]
    ) {
        let owner = "\(drafts[entity].record.name).\(relationship.name)"
        let element = propertyElement(relationship.name, in: drafts[entity])
        let inverseLocation = location(ofAttribute: "inverseName", in: element, fallback: relationship.location)
        var inverseEntity = relationship.destinationEntity
        if let inverseEntityName = relationship.inverseEntityName {
            guard let named = indexByName[inverseEntityName] else {
                error("relationship '\(owner)' names inverse entity '\(inverseEntityName)', which does not exist",
                      at: location(ofAttribute: "inverseEntity", in: element, fallback: relationship.location))
                return
            }
            if relationship.destinationEntity >= 0, named != relationship.destinationEntity {
                error("relationship '\(owner)' has inverse entity '\(inverseEntityName)' but destination entity '\(relationship.destinationEntityName)'; they must be the same",
                      at: location(ofAttribute: "inverseEntity", in: element, fallback: relationship.location))
                return
            }
            inverseEntity = named
        }
        guard inverseEntity >= 0 else { return }  // unknown destination, already reported
        let target = drafts[inverseEntity].record
        guard let position = target.propertyIndexByName[inverseName] else {
            error("relationship '\(owner)' names inverse '\(inverseName)', but entity '\(target.name)' has no property of that name",
                  at: inverseLocation)
            return
        }
        let reference = target.properties[position]
        guard case .relationship(let inverse) = drafts[reference.entity].record.ownProperties[reference.index] else {
            error("relationship '\(owner)' names inverse '\(target.name).\(inverseName)', which is an attribute, not a relationship",
                  at: inverseLocation)
            return
        }
        relationship.inverse = reference
        // The inverse must lead back to this entity (or to a superentity of it), or setting
        // it from an instance of this entity would put an object of the wrong kind there.
        if inverse.destinationEntity >= 0, !isEntity(entity, kindOf: inverse.destinationEntity, drafts) {
            error(
                "the inverse of relationship '\(owner)' does not point back: '\(drafts[reference.entity].record.name).\(inverseName)' leads to '\(inverse.destinationEntityName)', not to '\(drafts[entity].record.name)'",
                at: inverseLocation
            )
            return
        }
        if inverse.inverseName == relationship.name {
            relationship.isInverseReciprocal = true
        } else {
            let pairing = inverse.inverseName.map { "whose own inverse is '\(inverse.destinationEntityName).\($0)'" } ?? "which has no inverse"
            warning(
                "relationship '\(owner)' names inverse '\(drafts[reference.entity].record.name).\(inverseName)', \(pairing); this inverse is not maintained automatically",
                at: inverseLocation
            )
        }
    }

    /// Whether `entity` is `ancestor` or one of its subentities.
    private func isEntity(_ entity: Int, kindOf ancestor: Int, _ drafts: [DraftEntity]) -> Bool {
        var current: Int? = entity
        var steps = 0
        while let index = current, steps <= drafts.count {
            if index == ancestor { return true }
            current = drafts[index].record.superentity
            steps += 1
        }
        return false
    }

    /// Resolves identity attributes: the entity's `identityAttributes` userInfo list, else the
    /// attributes flagged as identity, else the superentity's.
    mutating func resolveIdentity(_ drafts: inout [DraftEntity]) {
        for entity in inheritanceOrder(drafts) {
            let record = drafts[entity].record
            let attributeNames = record.attributeIndexes.map { index in
                let reference = record.properties[index]
                return drafts[reference.entity].record.ownProperties[reference.index].name
            }
            var names: [String] = []
            if let (key, list) = MappingKeys.firstEntry(of: MappingKeys.entityIdentityAttributes, in: record.userInfo) {
                names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                for name in names where !attributeNames.contains(name) {
                    error("userInfo '\(key)' of entity '\(record.name)' names '\(name)', which is not an attribute of the entity",
                          at: drafts[entity].userInfoLocations[key] ?? record.location)
                }
                names = names.filter(attributeNames.contains)
            } else {
                names = record.attributeIndexes.compactMap { index in
                    let reference = record.properties[index]
                    guard case .attribute(let attribute) = drafts[reference.entity].record.ownProperties[reference.index],
                          attribute.isIdentity else { return nil }
                    return attribute.name
                }
                if names.isEmpty, let parent = record.superentity {
                    names = drafts[parent].record.identityAttributeNames
                }
            }
            drafts[entity].record.identityAttributeNames = names
            // The attributes this entity declares itself now say whether they identify it.
            for (ownIndex, property) in record.ownProperties.enumerated() {
                if case .attribute(var attribute) = property {
                    attribute.isIdentity = names.contains(attribute.name)
                    drafts[entity].record.ownProperties[ownIndex] = .attribute(attribute)
                }
            }
        }
        checkUniquenessConstraints(drafts)
    }

    private mutating func checkUniquenessConstraints(_ drafts: [DraftEntity]) {
        for draft in drafts {
            for constraint in draft.record.uniquenessConstraints {
                for name in constraint where draft.record.propertyIndexByName[name] == nil {
                    error("a uniqueness constraint of entity '\(draft.record.name)' names '\(name)', which is not a property of the entity",
                          at: uniquenessLocation(of: name, in: draft))
                }
            }
        }
    }

    private func uniquenessLocation(of name: String, in draft: DraftEntity) -> SourceLocation {
        for group in draft.element.children(named: "uniquenessConstraints") {
            for constraint in group.children(named: "uniquenessConstraint") {
                if let element = constraint.children(named: "constraint").first(where: { $0[attribute: "value"] == name }) {
                    return source.location(of: element)
                }
            }
        }
        return draft.record.location
    }

    private func propertyElement(_ name: String, in draft: DraftEntity) -> XMLElementNode? {
        draft.element.children.first { $0.name == "relationship" && $0[attribute: "name"] == name }
    }

    private func location(ofAttribute attribute: String, in element: XMLElementNode?, fallback: SourceLocation) -> SourceLocation {
        guard let element else { return fallback }
        return source.location(ofAttribute: attribute, in: element)
    }
}
