@_spi(Engine) import ModelMapperSchema

extension ModelPlanner {
    /// The identity of an entity: the first identity-like key (`id`, `uuid`, `<entity>_id`)
    /// that every object had, as an integer, a string or a UUID, and that no two different
    /// objects of one document (or one array) shared.
    mutating func chooseIdentity(_ index: Int) {
        guard let observed = walker.entities[entities[index].name] else { return }
        let positions = propertyPositions(index)
        for field in observed.fields {
            guard let evidence = observed.identityEvidence[field.key], evidence.isViable,
                evidence.count == observed.objectCount, observed.objectCount > 0,
                let position = positions[field.key],
                case .attribute(let type, nil, nil, nil, nil) = entities[index].properties[position].kind,
                [AttributeType.integer64, .string, .uuid].contains(type)
            else { continue }
            entities[index].identity = entities[index].properties[position].name
            // An identity is required, whatever the default: every object has it.
            entities[index].properties[position].isOptional = field.isOptional(amongObjects: observed.objectCount)
            entities[index].guesses
                .append(
                    ModelInference.Guess(
                        subject: entities[index].name,
                        guess: "identity \(entities[index].properties[position].name)",
                        evidence: "every one of \(observed.objectCount) objects had '\(field.key)', "
                            + "\(evidence.values.count) distinct values; objects of one document with the same value are one object",
                        isSure: evidence.values.count >= 2
                    )
                )
            return
        }
    }

    /// Turns `author_id` and `tag_ids` keys into relationships to `Author` and `Tag`, where
    /// that entity has an identity and every value seen is one of its objects' identities.
    mutating func findForeignKeys(_ index: Int) {
        guard let observed = walker.entities[entities[index].name] else { return }
        let positions = propertyPositions(index)
        for field in observed.fields {
            guard let (stem, isToMany) = Self.foreignKeyStem(field.key),
                let values = field.referencedValues, !values.isEmpty,
                let position = positions[field.key],
                entities[index].properties[position].name != entities[index].identity
            else { continue }
            let kind = entities[index].properties[position].kind
            switch kind {
            case .attribute(.integer64, nil, nil, nil, nil), .attribute(.string, nil, nil, nil, nil):
                guard !isToMany else { continue }
            case .attribute(.transformable, nil, nil, "[Int]", nil),
                .attribute(.transformable, nil, nil, "[String]", nil):
                guard isToMany else { continue }
            default:
                continue
            }
            let target = InferredNames.entityName(InferredNames.words(of: stem), singular: true)
            guard let targetIndex = entityIndex[target], let identity = entities[targetIndex].identity,
                let targetObserved = walker.entities[target],
                let identityKey = entities[targetIndex].properties.first(where: { $0.name == identity })?.key,
                let identities = targetObserved.identityEvidence[identityKey]?.values,
                values.isSubset(of: identities)
            else { continue }
            var property = entities[index].properties[position]
            entities[index].names.remove(property.name)
            // The attribute's guess is replaced by the relationship's, not reported beside it.
            let attributeSubject = "\(entities[index].name).\(property.name)"
            entities[index].guesses.removeAll { $0.subject == attributeSubject }
            var words = InferredNames.words(of: stem)
            if isToMany, let last = words.last, !last.hasSuffix("s") { words[words.count - 1] = last + "s" }
            property.kind = isToMany ? .toMany(target) : .toOne(target)
            let casing = self.casing
            Self.name(&property, in: &entities[index], words: words, casing: casing)
            property.declaresKeyPath = true
            property.writesIdentity = true
            entities[index].properties[position] = property
            entities[index].guesses
                .append(
                    ModelInference.Guess(
                        subject: "\(entities[index].name).\(property.name)",
                        guess: "\(isToMany ? "to-many" : "to-one") \(target) by the foreign key '\(field.key)'",
                        evidence: "its \(values.count) distinct values are all identities of \(target) objects",
                        isSure: values.count >= 2
                    )
                )
        }
    }

    /// The index of each property that reads a key, by its key.
    private func propertyPositions(_ index: Int) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, property) in entities[index].properties.enumerated() {
            if let key = property.key { positions[key] = position }
        }
        return positions
    }

    /// `author_id` -> (`author`, to-one); `tag_ids` -> (`tag`, to-many); also `authorId`,
    /// `authorID`, `author-id` and their plurals.
    static func foreignKeyStem(_ key: String) -> (stem: String, isToMany: Bool)? {
        for (suffix, isToMany) in [
            ("_ids", true), ("Ids", true), ("IDs", true), ("-ids", true), ("_id", false), ("Id", false), ("ID", false),
            ("-id", false),
        ] where key.hasSuffix(suffix) && key.count > suffix.count {
            return (String(key.dropLast(suffix.count)), isToMany)
        }
        return nil
    }

    /// Gives each relationship made by nesting an inverse, where its destination is reached by
    /// no other relationship (an object met at two places would have its inverse set by one
    /// and written at the other). The inverse is to-many where the destination has an
    /// identity (one object may then be nested in many), else to-one.
    mutating func addInverses() {
        var incoming: [String: Int] = [:]
        for entity in entities {
            for property in entity.properties {
                switch property.kind {
                case .toOne(let destination), .toMany(let destination), .identityMap(let destination):
                    incoming[destination, default: 0] += 1
                case .attribute: continue
                }
            }
        }
        for index in entities.indices {
            for position in entities[index].properties.indices {
                let property = entities[index].properties[position]
                guard property.cascades, property.inverse == nil else { continue }
                let destination: String
                switch property.kind {
                case .toOne(let name), .toMany(let name), .identityMap(let name): destination = name
                case .attribute: continue
                }
                guard incoming[destination] == 1, destination != entities[index].name,
                    let target = entityIndex[destination]
                else { continue }
                let owner = entities[index].name
                var inverse = Property(
                    name: "",
                    key: nil,
                    kind: entities[target].identity == nil ? .toOne(owner) : .toMany(owner),
                    isOptional: true
                )
                inverse.inverse = property.name
                var words = InferredNames.words(of: owner)
                if case .toMany = inverse.kind, let last = words.last, !last.hasSuffix("s") {
                    words[words.count - 1] = last + "s"
                }
                let casing = self.casing
                Self.name(&inverse, in: &entities[target], words: words, casing: casing)
                entities[target].properties.append(inverse)
                entities[index].properties[position].inverse = inverse.name
            }
        }
    }
}
