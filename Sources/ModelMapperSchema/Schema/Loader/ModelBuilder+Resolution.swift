import Foundation

extension ModelBuilder {
    /// Resolves destinations and inverses, reporting what does not exist or does not match.
    mutating func resolveRelationships(_ drafts: inout [DraftEntity]) {
        let indexByName = Dictionary(
            drafts.enumerated().map { ($1.record.name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        // Destinations first: the inverse checks below read them.
        for entity in drafts.indices {
            for index in drafts[entity].record.ownRelationships.indices {
                let destinationName = drafts[entity].record.ownRelationships[index].destinationEntityName
                if let destination = indexByName[destinationName] {
                    drafts[entity].record.ownRelationships[index].destinationEntity = destination
                } else {
                    let relationship = drafts[entity].record.ownRelationships[index]
                    report(
                        .unknownDestination(
                            relationship: "\(drafts[entity].record.name).\(relationship.name)",
                            destination: destinationName,
                            suggestion: ClosestName.suggestion(for: destinationName, among: indexByName.keys.sorted())
                        ),
                        at: relationship.position.location(ofAttribute: "destinationEntity")
                    )
                }
            }
        }
        for entity in drafts.indices {
            for index in drafts[entity].record.ownRelationships.indices
            where drafts[entity].record.ownRelationships[index].inverseName != nil {
                let (inverse, isReciprocal) = resolveInverse(
                    ofRelationshipAt: index,
                    in: entity,
                    drafts: drafts,
                    indexByName: indexByName
                )
                drafts[entity].record.ownRelationships[index].inverse = inverse
                drafts[entity].record.ownRelationships[index].isInverseReciprocal = isReciprocal
            }
        }
    }

    /// The declared inverse of a relationship and whether it pairs back, reporting what is wrong.
    private mutating func resolveInverse(
        ofRelationshipAt index: Int,
        in entity: Int,
        drafts: [DraftEntity],
        indexByName: [String: Int]
    ) -> (inverse: PropertyReference?, isReciprocal: Bool) {
        let relationship = drafts[entity].record.ownRelationships[index]
        guard let inverseName = relationship.inverseName else { return (nil, false) }
        let owner = PropertyOwner(entity: drafts[entity].record.name, property: relationship.name)
        guard
            let inverseEntity = inverseEntity(of: relationship, owner: owner, drafts: drafts, indexByName: indexByName)
        else { return (nil, false) }
        // Read in place: a copy of the whole record per relationship costs more than the rest.
        guard let position = drafts[inverseEntity].record.propertyIndexByName[inverseName] else {
            let entityName = drafts[inverseEntity].record.name
            report(
                .unknownInverse(relationship: "\(owner)", inverse: inverseName, entity: entityName),
                at: relationship.position.location(ofAttribute: "inverseName")
            )
            return (nil, false)
        }
        let reference = drafts[inverseEntity].record.properties[position]
        guard reference.isRelationship else {
            report(
                .inverseIsAttribute(
                    relationship: "\(owner)",
                    inverse: "\(drafts[inverseEntity].record.name).\(inverseName)"
                ),
                at: relationship.position.location(ofAttribute: "inverseName")
            )
            return (nil, false)
        }
        let inverse = drafts[reference.entity].record.ownRelationships[reference.index]
        // The inverse must lead back to this entity (or to a superentity of it), or setting
        // it from an instance of this entity would put an object of the wrong kind there.
        if inverse.destinationEntity >= 0, isEntity(inverse.destinationEntity, kindOf: entity, drafts),
            inverse.destinationEntity != entity
        {
            // It leads to a subentity of this one: the pair holds for objects of that subentity
            // only, so it is not maintained, as for any inverse that is not mutual.
            report(
                .inverseToSubentity(
                    relationship: "\(owner)",
                    destination: inverse.destinationEntityName,
                    entity: drafts[entity].record.name
                ),
                at: relationship.position.location(ofAttribute: "inverseName")
            )
            return (reference, false)
        }
        if inverse.destinationEntity >= 0, !isEntity(entity, kindOf: inverse.destinationEntity, drafts) {
            report(
                .inverseDoesNotPointBack(
                    relationship: "\(owner)",
                    inverse: "\(drafts[reference.entity].record.name).\(inverseName)",
                    leadsTo: inverse.destinationEntityName,
                    entity: drafts[entity].record.name
                ),
                at: relationship.position.location(ofAttribute: "inverseName")
            )
            return (reference, false)
        }
        if inverse.inverseName == relationship.name {
            return (reference, true)
        }
        let pairing =
            inverse.inverseName.map { "whose own inverse is '\(inverse.destinationEntityName).\($0)'" }
            ?? "which has no inverse"
        report(
            .inverseNotMaintained(
                relationship: "\(owner)",
                inverse: "\(drafts[reference.entity].record.name).\(inverseName)",
                pairing: pairing
            ),
            at: relationship.position.location(ofAttribute: "inverseName")
        )
        return (reference, false)
    }

    /// The entity where a relationship's inverse is declared: its destination, or the entity
    /// `inverseEntity` names; nil, with the error reported, when that is wrong (nil without one
    /// when the destination is unknown, which was reported already).
    private mutating func inverseEntity(
        of relationship: RelationshipRecord,
        owner: PropertyOwner,
        drafts: [DraftEntity],
        indexByName: [String: Int]
    ) -> Int? {
        var inverseEntity = relationship.destinationEntity
        if let inverseEntityName = relationship.inverseEntityName {
            guard let named = indexByName[inverseEntityName] else {
                report(
                    .unknownInverseEntity(
                        relationship: "\(owner)",
                        entity: inverseEntityName,
                        suggestion: ClosestName.suggestion(for: inverseEntityName, among: indexByName.keys.sorted())
                    ),
                    at: relationship.position.location(ofAttribute: "inverseEntity")
                )
                return nil
            }
            // Some files name the superentity that declares the inverse: that is the same
            // relationship, found on the destination through inheritance.
            if relationship.destinationEntity >= 0, !isEntity(relationship.destinationEntity, kindOf: named, drafts) {
                report(
                    .inverseEntityMismatch(
                        relationship: "\(owner)",
                        inverseEntity: inverseEntityName,
                        destination: relationship.destinationEntityName
                    ),
                    at: relationship.position.location(ofAttribute: "inverseEntity")
                )
                return nil
            }
            if relationship.destinationEntity < 0 { inverseEntity = named }
        }
        return inverseEntity >= 0 ? inverseEntity : nil
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
            var names: [String]
            if let (key, list) = MappingKeys.firstEntry(
                of: MappingKeys.entityIdentityAttributes,
                in: drafts[entity].record.userInfo
            ) {
                let record = drafts[entity].record
                let attributeNames = record.attributeIndexes.map { record.properties[$0].name }
                names = list.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                for name in names where !attributeNames.contains(name) {
                    report(
                        .identityNotAnAttribute(key: key, entity: record.name, name: name),
                        at: drafts[entity].userInfoLocations[key]?.location ?? record.location
                    )
                }
                names = names.filter(attributeNames.contains)
            } else {
                names = drafts[entity].record.attributeIndexes
                    .compactMap { index in
                        let reference = drafts[entity].record.properties[index]
                        return drafts[reference.entity].record.ownAttributes[reference.index].isIdentity
                            ? reference.name : nil
                    }
                if names.isEmpty, let parent = drafts[entity].record.superentity {
                    names = drafts[parent].record.identityAttributeNames
                }
            }
            drafts[entity].record.identityAttributeNames = names
            // The attributes this entity declares itself now say whether they identify it
            // (written only where that changes, so that the records are not copied).
            for index in drafts[entity].record.ownAttributes.indices {
                let isIdentity = names.contains(drafts[entity].record.ownAttributes[index].name)
                if drafts[entity].record.ownAttributes[index].isIdentity != isIdentity {
                    drafts[entity].record.ownAttributes[index].isIdentity = isIdentity
                }
            }
        }
        checkUniquenessConstraints(drafts)
    }

    /// Uniqueness constraints matter to a store, not to ModelMapper: one naming a property
    /// that does not exist is a warning.
    private mutating func checkUniquenessConstraints(_ drafts: [DraftEntity]) {
        for draft in drafts {
            for constraint in draft.record.uniquenessConstraints {
                for name in constraint where draft.record.propertyIndexByName[name] == nil {
                    report(
                        .uniquenessUnknownProperty(entity: draft.record.name, name: name),
                        at: uniquenessLocation(of: name, in: draft)
                    )
                }
            }
        }
    }

    private func uniquenessLocation(of name: String, in draft: DraftEntity) -> SourceLocation {
        for group in draft.element.children(named: .uniquenessConstraints) {
            for constraint in group.children(named: .uniquenessConstraint) {
                if let element = constraint.children(named: .constraint).first(where: { $0[attribute: .value] == name })
                {
                    return source.location(of: element)
                }
            }
        }
        return draft.record.location
    }
}

extension ModelBuilder {
    /// Resolves each entity's JSON type key (own `jsonTypeKey`, else its superentity's) and
    /// checks that the entities sharing a type key have distinct type values.
    mutating func resolveTypeKeys(_ drafts: inout [DraftEntity]) {
        for entity in inheritanceOrder(drafts) {
            let own = MappingKeys.firstEntry(of: MappingKeys.typeKey, in: drafts[entity].record.userInfo)?.value
            drafts[entity].record.typeKey =
                own ?? drafts[entity].record.superentity.flatMap { drafts[$0].record.typeKey }
        }
        var seen: [String: [String: Int]] = [:]  // root entity name -> type value -> entity
        for entity in inheritanceOrder(drafts) where drafts[entity].record.typeKey != nil {
            var root = entity
            while let parent = drafts[root].record.superentity, drafts[parent].record.typeKey != nil { root = parent }
            let value = drafts[entity].record.typeValue
            if let other = seen[drafts[root].record.name]?[value] {
                report(
                    .duplicateTypeValue(
                        first: drafts[other].record.name,
                        second: drafts[entity].record.name,
                        value: value
                    ),
                    at: drafts[entity].userInfoLocations[MappingKeys.typeValue[0]]?.location
                        ?? drafts[entity].record.location
                )
            } else {
                seen[drafts[root].record.name, default: [:]][value] = entity
            }
        }
    }

    /// Reports properties whose JSON key paths collide: the same path twice, or a path running
    /// through an attribute or a to-many relationship (whose JSON value is not an object that
    /// other keys can go into). A to-one relationship may share its key with flattened
    /// attributes (`pricing` and `pricing.retail_price`): they merge into one object.
    ///
    /// Names are unique in an entity's family, so only properties with a key path of their own
    /// can collide: a property mapped to its own name is found through the name index.
    mutating func checkKeyPathConflicts(_ drafts: [DraftEntity]) {
        // With conventions, the keys they make (a casing turns `aB` into `a_b`).
        let records = conventions == nil ? [] : drafts.map(\.record)
        for entity in drafts.indices {
            let references = drafts[entity].record.properties
            var paths: [[String]] = []
            var custom: [Int] = []
            paths.reserveCapacity(references.count)
            let conventionPaths = conventions.map {
                ConventionKeys.propertyKeys(of: entity, in: records, conventions: $0).map(\.path)
            }
            for (index, reference) in references.enumerated() {
                let path =
                    conventionPaths?[index]
                    ?? (reference.isRelationship
                        ? drafts[reference.entity].record.ownRelationships[reference.index].jsonKeyPath.components
                        : drafts[reference.entity].record.ownAttributes[reference.index].jsonKeyPath.components)
                if path.count != 1 || path[0] != reference.name { custom.append(index) }
                paths.append(path)
            }
            guard !custom.isEmpty else { continue }
            var byPath: [ArraySlice<String>: Int] = [:]
            func owner(of path: ArraySlice<String>) -> Int? {
                if let index = byPath[path] { return index }
                guard path.count == 1, let index = drafts[entity].record.propertyIndexByName[path[path.startIndex]],
                    paths[index].count == 1, paths[index][0] == references[index].name
                else { return nil }
                return index
            }
            for index in custom {
                let path = paths[index][...]
                guard let other = owner(of: path) else {
                    byPath[path] = index
                    continue
                }
                let (first, later) = (min(other, index), max(other, index))
                // Report once, on the entity that declares the later property.
                guard references[later].entity == entity else { continue }
                report(
                    .duplicateKeyPath(
                        first: references[first].name,
                        second: references[later].name,
                        entity: drafts[entity].record.name,
                        keyPath: JSONKeyPath(components: paths[later]).map(\.description) ?? ""
                    ),
                    at: drafts[entity].record.location(of: references[later])
                )
            }
            for index in custom where paths[index].count > 1 {
                let path = paths[index]
                for length in 1..<path.count {
                    guard let owner = owner(of: path[..<length]) else { continue }
                    let ownerReference = references[owner]
                    let isToOne =
                        ownerReference.isRelationship
                        && !drafts[ownerReference.entity].record.ownRelationships[ownerReference.index].isToMany
                    guard !isToOne, references[index].entity == entity || ownerReference.entity == entity else {
                        continue
                    }
                    report(
                        .keyPathInsideNonObject(
                            property: references[index].name,
                            entity: drafts[entity].record.name,
                            keyPath: path.joined(separator: "."),
                            owner: ownerReference.name
                        ),
                        at: drafts[entity].record.location(of: references[index])
                    )
                }
            }
        }
    }
}
