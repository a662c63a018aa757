import ModelMapper

extension ModelDiffer {
    typealias Property = JSONContract.Property

    /// The properties of one entity in the two models: each of its own in the new model
    /// against the old one of its name or renaming identifier, then those the old had that
    /// the new one lost.
    mutating func compareProperties(_ previous: EntityDescription, _ entity: EntityDescription) {
        let before = Self.byName(contract(of: previous, isNew: false))
        let after = Self.byName(contract(of: entity, isNew: true))
        var matched = Set<String>()
        for property in entity.properties where property.entity == entity {
            guard let oldProperty = counterpart(of: property, in: previous, entity: entity),
                let was = before[oldProperty.name], let now = after[property.name]
            else {
                if let now = after[property.name] { added(property, now) }
                continue
            }
            matched.insert(oldProperty.name)
            comparePair(oldProperty, property, was, now)
        }
        for property in previous.properties where property.entity == previous && !matched.contains(property.name) {
            // Moved to the superentity: still the entity's, compared there.
            guard entity.propertiesByName[property.name] == nil, let was = before[property.name] else { continue }
            removed(property, was)
        }
    }

    private static func byName(_ entity: JSONContract.Entity) -> [String: Property] {
        Dictionary(entity.properties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func counterpart(
        of property: PropertyDescription,
        in previous: EntityDescription,
        entity: EntityDescription
    ) -> PropertyDescription? {
        if let same = previous.propertiesByName[property.name] { return same }
        let attributes = property.attribute?.xmlAttributes ?? property.relationship?.xmlAttributes ?? [:]
        guard let name = Self.renamingIdentifier(attributes), entity.propertiesByName[name] == nil else { return nil }
        return previous.propertiesByName[name]
    }

    func subject(_ property: PropertyDescription) -> String { "\(property.entity.name).\(property.name)" }

    private mutating func added(_ property: PropertyDescription, _ now: Property) {
        let subject = self.subject(property)
        let key = now.keyPath.joined(separator: ".")
        if now.isRequired {
            note(
                .requiredAdded,
                .read,
                subject,
                "a new required value at '\(key)': documents valid for the old model lack it",
                old: nil,
                new: property.location
            )
        } else if !now.keyPath.isEmpty {
            note(
                .propertyAdded,
                .read,
                subject,
                "a new optional key '\(key)': documents of the old model are read as before",
                old: nil,
                new: property.location,
                severity: .note
            )
        }
        let needsValue = property.attribute != nil && !property.isOptional && property.attribute?.defaultValue == nil
        note(
            needsValue ? .needsMappingModel : .lightweight,
            .migration,
            subject,
            needsValue
                ? "a new non-optional attribute without a default value: existing objects have no value for it"
                : "adding a property",
            old: nil,
            new: property.location
        )
    }

    private mutating func removed(_ property: PropertyDescription, _ was: Property) {
        let subject = self.subject(property)
        let key = was.keyPath.joined(separator: ".")
        if !was.keyPath.isEmpty {
            note(
                .keyRemoved,
                .read,
                subject,
                "the new model no longer reads '\(key)': documents valid for the old model are read without it",
                old: property.location,
                new: nil
            )
        }
        if was.isRequired, was.isExported {
            note(
                .keyRemoved,
                .write,
                subject,
                "the new model no longer writes '\(key)', which readers of the old model require",
                old: property.location,
                new: nil
            )
        }
        note(
            .keyRemoved,
            .source,
            subject,
            "the generated property '\(property.name)' is gone",
            old: property.location,
            new: nil
        )
        note(.lightweight, .migration, subject, "removing a property", old: property.location, new: nil)
    }

    /// A property in both models: its key, whether it is required, and what its values are.
    private mutating func comparePair(
        _ previous: PropertyDescription,
        _ property: PropertyDescription,
        _ was: Property,
        _ now: Property
    ) {
        let subject = self.subject(property)
        let (before, after) = (previous.location, property.location)
        if previous.name != property.name {
            note(
                .propertyRenamed,
                .source,
                subject,
                "renamed from '\(previous.name)' (its renaming identifier): code that uses the old name breaks",
                old: before,
                new: after
            )
            note(
                .lightweight,
                .migration,
                subject,
                "renaming a property with a renaming identifier",
                old: before,
                new: after
            )
        }
        compareKeys(subject, was, now, old: before, new: after)
        compareRequirement(subject, previous, property, was, now)
        if let oldAttribute = previous.attribute, let attribute = property.attribute {
            compareValues(subject, oldAttribute, attribute, was, now)
        } else if let oldRelationship = previous.relationship, let relationship = property.relationship {
            compareRelationships(subject, oldRelationship, relationship, was, now)
        } else {
            let why =
                property.attribute != nil
                ? "now an attribute, was a relationship" : "now a relationship, was an attribute"
            note(.typeChanged, .read, subject, why, old: before, new: after)
            note(.typeChanged, .write, subject, why, old: before, new: after)
            note(.typeChanged, .source, subject, why, old: before, new: after)
            note(.needsMappingModel, .migration, subject, why, old: before, new: after)
        }
    }

    /// Where the JSON has the property, the other keys that read it, and whether it is written.
    private mutating func compareKeys(
        _ subject: String,
        _ was: Property,
        _ now: Property,
        old before: SourceLocation,
        new after: SourceLocation
    ) {
        let (oldKey, newKey) = (was.keyPath.joined(separator: "."), now.keyPath.joined(separator: "."))
        if was.keyPath != now.keyPath {
            let why =
                "its key moved from \(quoted(oldKey.isEmpty ? nil : oldKey)) to \(quoted(newKey.isEmpty ? nil : newKey))"
            note(
                .keyMoved,
                .read,
                subject,
                why + ": documents valid for the old model are read without it",
                old: before,
                new: after
            )
            note(
                .keyMoved,
                .write,
                subject,
                why + ": readers of the old model look for it where it no longer is",
                old: before,
                new: after
            )
        }
        let lost = was.aliasKeys.filter { !now.aliasKeys.contains($0) && $0 != newKey }
        if !lost.isEmpty {
            note(
                .aliasRemoved,
                .read,
                subject,
                "no longer read at \(list(lost)): documents that send it there are read without it",
                old: before,
                new: after
            )
        }
        if was.isExported != now.isExported || was.writesIdentity != now.writesIdentity {
            let why =
                was.isExported != now.isExported
                ? (now.isExported ? "now written" : "no longer written (nonExportable)")
                : (now.writesIdentity ? "now written as its destination's identity" : "now written in full")
            let breaks =
                (was.isExported && !now.isExported && was.isRequired) || was.writesIdentity != now.writesIdentity
            note(
                .writtenChanged,
                .write,
                subject,
                why + (breaks ? ": readers of the old model read it otherwise" : ""),
                old: before,
                new: after,
                severity: breaks ? nil : .note
            )
        }
    }

    /// Whether a value is required, and whether `null` is.
    private mutating func compareRequirement(
        _ subject: String,
        _ previous: PropertyDescription,
        _ property: PropertyDescription,
        _ was: Property,
        _ now: Property
    ) {
        let (before, after) = (previous.location, property.location)
        if !was.isRequired, now.isRequired {
            note(
                .requiredAdded,
                .read,
                subject,
                "now required, without a default: documents valid for the old model may lack it",
                old: before,
                new: after
            )
            note(
                .needsMappingModel,
                .migration,
                subject,
                "optional to non-optional without a default value",
                old: before,
                new: after
            )
        } else if was.isRequired, !now.isRequired, property.isOptional {
            // Given a default instead, it is still always written: nothing breaks.
            note(
                .requiredRemoved,
                .write,
                subject,
                "no longer required: the new model may write objects without it, which readers of the old model refuse",
                old: before,
                new: after
            )
            note(
                .lightweight,
                .migration,
                subject,
                "non-optional to optional",
                old: before,
                new: after
            )
        }
        compareNulls(subject, previous, property, was, now)
    }

    /// Whether `null` is refused, and whether the generated property is optional.
    private mutating func compareNulls(
        _ subject: String,
        _ previous: PropertyDescription,
        _ property: PropertyDescription,
        _ was: Property,
        _ now: Property
    ) {
        let (before, after) = (previous.location, property.location)
        if !was.refusesNull, now.refusesNull {
            note(
                .optionalityChanged,
                .read,
                subject,
                "null is now refused: documents valid for the old model may send it",
                old: before,
                new: after
            )
        } else if was.refusesNull, !now.refusesNull {
            note(
                .optionalityChanged,
                .write,
                subject,
                "now optional: the new model may write null, which readers of the old model refuse",
                old: before,
                new: after
            )
        }
        if previous.isOptional != property.isOptional {
            note(
                .optionalityChanged,
                .source,
                subject,
                "the generated property is now \(property.isOptional ? "optional" : "non-optional")",
                old: before,
                new: after
            )
            if !was.isRequired, !now.isRequired, !property.isOptional {
                note(
                    .lightweight,
                    .migration,
                    subject,
                    "optional to non-optional with a default value",
                    old: before,
                    new: after
                )
            }
        }
    }
}
