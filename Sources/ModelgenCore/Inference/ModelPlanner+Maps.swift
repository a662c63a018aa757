@_spi(Engine) import ModelMapperSchema

extension ModelPlanner {
    /// Keys each map of objects (``FieldKind/identityMap(_:)``) by its destination's identity:
    /// the key its values repeat their entry's key at (`jsonForm` `map`), else a new identity
    /// attribute the values leave to their keys (`mapOmittingIdentity`). A map whose
    /// destination another map keys otherwise is kept as the JSON has it.
    mutating func keyMapsByIdentity() {
        var incoming: [String: Int] = [:]
        for entity in entities {
            for property in entity.properties {
                switch property.kind {
                case .toOne(let name), .toMany(let name), .identityMap(let name): incoming[name, default: 0] += 1
                case .attribute: continue
                }
            }
        }
        var keyedBy: [String: String] = [:]
        for index in entities.indices {
            guard let observed = walker.entities[entities[index].name] else { continue }
            for position in entities[index].properties.indices {
                guard case .identityMap(let destination) = entities[index].properties[position].kind,
                    let key = entities[index].properties[position].key,
                    let fieldIndex = observed.fieldIndex[key],
                    let target = entityIndex[destination]
                else { continue }
                let field = observed.fields[fieldIndex]
                let keyed = keyIdentity(of: target, by: field, isShared: incoming[destination, default: 0] > 1)
                let subject = "\(entities[index].name).\(entities[index].properties[position].name)"
                guard let (identity, form) = keyed, keyedBy[destination, default: identity] == identity else {
                    entities[index].properties[position].kind = .attribute(type: .undefined)
                    entities[index].guesses.removeAll { $0.subject == subject }
                    entities[index].guesses
                        .append(
                            ModelInference.Guess(
                                subject: subject,
                                guess: "Undefined",
                                evidence: "objects keyed by identities that \(destination) cannot be identified by as "
                                    + "another map keys it: kept as the JSON has them",
                                isSure: false
                            )
                        )
                    continue
                }
                keyedBy[destination] = identity
                entities[index].properties[position].mapForm = form
                entities[index].guesses
                    .append(
                        ModelInference.Guess(
                            subject: subject,
                            guess: "keyed by \(destination).\(identity) (jsonForm \(form))",
                            evidence: form == "map"
                                ? "every value repeats its key at '\(identity)'"
                                : "no value repeats its key: the key alone gives it",
                            isSure: field.objectMaps >= 1
                        )
                    )
            }
        }
    }

    /// The identity of `target` a map (`field`) keys its objects by, and the map's form: the
    /// property of a key every value repeats its entry's key at, made the identity; else a new
    /// one, required unless the entity's objects are found elsewhere too (`isShared`).
    private mutating func keyIdentity(of target: Int, by field: ObservedField, isShared: Bool) -> (String, String)? {
        let repeating = field.mapIdentityKeys ?? []
        let candidates = entities[target].properties.indices
            .filter { position in
                guard let key = entities[target].properties[position].key, repeating.contains(key) else { return false }
                switch entities[target].properties[position].kind {
                case .attribute(.integer64, nil, nil, nil, nil): return field.mapKeysAreIntegers
                case .attribute(.string, nil, nil, nil, nil), .attribute(.uuid, nil, nil, nil, nil): return true
                default: return false
                }
            }
        let chosen =
            candidates.first { entities[target].properties[$0].name == entities[target].identity }
            ?? candidates.min {
                (entities[target].properties[$0].key ?? "") < (entities[target].properties[$1].key ?? "")
            }
        if let position = chosen {
            // A UUID key is kept as it is sent: a UUID attribute would write it in capitals.
            if case .attribute(.uuid, nil, nil, nil, nil) = entities[target].properties[position].kind {
                entities[target].properties[position].kind = .attribute(type: .string)
            }
            setIdentity(of: target, to: position)
            return (entities[target].properties[position].name, "map")
        }
        guard repeating.isEmpty else { return nil }
        if let existing = entities[target].identity,
            entities[target].properties.contains(where: { $0.name == existing && $0.key == nil })
        {
            // Keyed so by a map before.
            return (existing, "mapOmittingIdentity")
        }
        var identity = Property(
            name: "",
            key: nil,
            kind: .attribute(type: field.mapKeysAreIntegers ? .integer64 : .string),
            isOptional: isShared
        )
        let casing = self.casing
        Self.name(&identity, in: &entities[target], words: ["id"], casing: casing)
        entities[target].properties.append(identity)
        setIdentity(of: target, to: entities[target].properties.count - 1)
        return (identity.name, "mapOmittingIdentity")
    }

    /// Makes the property at `position` the identity of the entity at `target`, in place of the
    /// one chosen from the samples' evidence, if any.
    private mutating func setIdentity(of target: Int, to position: Int) {
        let name = entities[target].properties[position].name
        guard entities[target].identity != name else { return }
        let entityName = entities[target].name
        entities[target].guesses.removeAll { $0.subject == entityName && $0.guess.hasPrefix("identity ") }
        entities[target].identity = name
        entities[target].guesses
            .append(
                ModelInference.Guess(
                    subject: entityName,
                    guess: "identity \(name)",
                    evidence: "the keys of the map that holds its objects",
                    isSure: true
                )
            )
    }
}
