import ModelMapper

/// Compares two versions of a model and judges each difference in each direction
/// (``ModelChange/Direction``): the engine of ``/ModelgenCore/ModelMapperSchema/ObjectModel/changes(since:accepting:)``.
///
/// Entities are matched by name, or by Xcode's renaming identifier (kept as `elementID`);
/// properties the same way within matched entities. What the JSON has comes from each
/// model's ``JSONContract`` under the decoder's default options (the model's conventions), so
/// that a key moved by a key path, a key casing or an identity convention is seen as the coders
/// see it. Linear in the size of the two models: every lookup is by name.
struct ModelDiffer {
    let old: ObjectModel
    let new: ObjectModel
    let oldContract: JSONContract
    let newContract: JSONContract
    private(set) var changes: [ModelChange] = []

    init(old: ObjectModel, new: ObjectModel) {
        self.old = old
        self.new = new
        oldContract = JSONContract(model: old, options: ModelDecoder.Options())
        newContract = JSONContract(model: new, options: ModelDecoder.Options())
    }

    /// Records a change found by `rule`, at `severity` (by default the direction's).
    mutating func note(
        _ rule: DiffRule,
        _ direction: ModelChange.Direction,
        _ subject: String,
        _ why: String,
        old oldLocation: SourceLocation?,
        new newLocation: SourceLocation?,
        severity: ModelDiagnostic.Severity? = nil
    ) {
        let message = ChangeMessage.make(direction, rule, subject, why)
        let location = newLocation ?? oldLocation ?? SourceLocation(file: new.sourceURL?.path ?? "<memory>")
        changes.append(
            ModelChange(
                direction: direction,
                diagnostic: ModelDiagnostic(severity ?? direction.severity, message, code: rule.code, at: location),
                oldLocation: oldLocation
            )
        )
    }

    /// The name an entity or property is renamed from: Xcode's renaming identifier.
    static func renamingIdentifier(_ xmlAttributes: [String: String]) -> String? {
        let value = xmlAttributes["elementID"] ?? xmlAttributes["renamingIdentifier"]
        return value?.isEmpty == false ? value : nil
    }

    /// Every difference between the two models.
    mutating func run() {
        var pairs: [(EntityDescription, EntityDescription)] = []
        for entity in new.entities {
            if let previous = counterpart(of: entity) {
                entityNames[previous.name] = entity.name
                pairs.append((previous, entity))
            }
        }
        for entity in new.entities {
            guard let previous = counterpart(of: entity) else {
                note(
                    .entityAdded,
                    .read,
                    entity.name,
                    "a new entity: documents of the old model are read as before",
                    old: nil,
                    new: entity.location,
                    severity: .note
                )
                note(.lightweight, .migration, entity.name, "adding an entity", old: nil, new: entity.location)
                continue
            }
            compare(previous, entity)
        }
        for entity in old.entities where entityNames[entity.name] == nil {
            removed(entity)
        }
    }

    /// Old entity name -> new, for what the entities refer to (superentities, destinations).
    private(set) var entityNames: [String: String] = [:]

    /// The old entity `entity` continues: the one of its name, or the one its renaming
    /// identifier names when the new model has none of that name.
    private func counterpart(of entity: EntityDescription) -> EntityDescription? {
        if let same = old.entity(named: entity.name) { return same }
        guard let previous = Self.renamingIdentifier(entity.xmlAttributes), new.entity(named: previous) == nil else {
            return nil
        }
        return old.entity(named: previous)
    }

    private mutating func removed(_ entity: EntityDescription) {
        note(
            .entityRemoved,
            .read,
            entity.name,
            "the new model has no entity '\(entity.name)' (nor one renamed from it): documents holding its objects "
                + "are no longer read as such",
            old: entity.location,
            new: nil
        )
        note(
            .entityRemoved,
            .source,
            entity.name,
            "the generated class '\(entity.representedClassName ?? entity.name)' is gone",
            old: entity.location,
            new: nil
        )
        note(.lightweight, .migration, entity.name, "removing an entity", old: entity.location, new: nil)
    }

    /// The contract of an entity of either model.
    func contract(of entity: EntityDescription, isNew: Bool) -> JSONContract.Entity {
        (isNew ? newContract : oldContract).entities[entity.index]
    }
}
