import ModelMapper

extension ModelDiffer {
    /// The differences of one entity in the two models: its name and class, its place in the
    /// hierarchy, how the JSON names it and identifies its objects, then its properties.
    mutating func compare(_ previous: EntityDescription, _ entity: EntityDescription) {
        let subject = entity.name
        let (was, now) = (previous.location, entity.location)
        if previous.name != entity.name {
            note(
                .entityRenamed,
                .source,
                subject,
                "renamed from '\(previous.name)' (its renaming identifier): code that names the old class breaks",
                old: was,
                new: now
            )
            note(.lightweight, .migration, subject, "renaming an entity with a renaming identifier", old: was, new: now)
        } else if (previous.representedClassName ?? previous.name) != (entity.representedClassName ?? entity.name) {
            note(
                .classNameChanged,
                .source,
                subject,
                "its class is now '\(entity.representedClassName ?? entity.name)', was "
                    + "'\(previous.representedClassName ?? previous.name)'",
                old: was,
                new: now
            )
        }
        let oldParent = previous.superentity.map { entityNames[$0.name] ?? $0.name }
        if oldParent != entity.superentity?.name {
            note(
                .superentityChanged,
                .source,
                subject,
                "its superentity is now \(quoted(entity.superentity?.name)), was \(quoted(oldParent)): the generated "
                    + "class inherits from another",
                old: was,
                new: now
            )
            note(
                .lightweight,
                .migration,
                subject,
                "moving an entity in its hierarchy (lightweight migration infers a new parent or child entity, "
                    + "with properties moved up or down)",
                old: was,
                new: now
            )
        }
        if !previous.isAbstract, entity.isAbstract {
            note(
                .abstractChanged,
                .read,
                subject,
                "the entity is now abstract: documents that hold its own objects are refused",
                old: was,
                new: now
            )
        }
        compareJSONIdentity(previous, entity)
        compareProperties(previous, entity)
    }

    /// How the JSON names the entity (its type key and value), where a document holds it, and
    /// what identifies its objects.
    private mutating func compareJSONIdentity(_ previous: EntityDescription, _ entity: EntityDescription) {
        let (before, after) = (contract(of: previous, isNew: false), contract(of: entity, isNew: true))
        let (was, now, subject) = (previous.location, entity.location, entity.name)
        if before.typeKey != after.typeKey {
            let why =
                "the key naming its objects' entity is now \(quoted(after.typeKey)), was \(quoted(before.typeKey))"
            note(
                .typeKeyChanged,
                .read,
                subject,
                why + ": documents of the old model are read as another entity",
                old: was,
                new: now
            )
            note(
                .typeKeyChanged,
                .write,
                subject,
                why + ": readers of the old model cannot tell its objects apart",
                old: was,
                new: now
            )
        } else if after.typeKey != nil, before.typeValue != after.typeValue {
            let why = "the type value naming it is now '\(after.typeValue)', was '\(before.typeValue)'"
            note(
                .typeValueChanged,
                .read,
                subject,
                why + ": documents naming '\(before.typeValue)' are refused",
                old: was,
                new: now
            )
            note(
                .typeValueChanged,
                .write,
                subject,
                why + ": readers of the old model do not know it",
                old: was,
                new: now
            )
        }
        let oldIdentity = before.identity.map { before.properties[$0].name }
        let newIdentity = after.identity.map { after.properties[$0].name }
        if oldIdentity != newIdentity {
            let why =
                "its objects are identified by \(list(newIdentity)), were by \(list(oldIdentity)): objects merge and "
                + "references resolve differently"
            note(.identityChanged, .read, subject, why, old: was, new: now)
            note(.identityChanged, .write, subject, why, old: was, new: now)
        }
        let oldRoot = previous.declaresRoot ? previous.rootKeyPath?.description : nil
        let newRoot = entity.declaresRoot ? entity.rootKeyPath?.description : nil
        if oldRoot != newRoot {
            let why = "a document holds its objects at \(quoted(newRoot)), was at \(quoted(oldRoot)) (jsonRootKeyPath)"
            note(.rootKeyPathChanged, .read, subject, why, old: was, new: now)
            note(.rootKeyPathChanged, .write, subject, why, old: was, new: now)
        }
    }

    func quoted(_ name: String?) -> String { name.map { "'\($0)'" } ?? "none" }

    func list(_ names: [String]) -> String {
        names.isEmpty ? "nothing" : names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
