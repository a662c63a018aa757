import ModelMapper

extension ModelDiffer {
    /// A relationship's cardinality, destination and counts.
    mutating func compareRelationships(
        _ subject: String,
        _ previous: RelationshipDescription,
        _ relationship: RelationshipDescription,
        _ was: Property,
        _ now: Property
    ) {
        let (before, after) = (previous.location, relationship.location)
        if previous.isToMany != relationship.isToMany {
            let why = relationship.isToMany ? "now to-many, was to-one" : "now to-one, was to-many"
            note(
                .cardinalityChanged,
                .read,
                subject,
                why + ": values the old model read are refused",
                old: before,
                new: after
            )
            note(
                .cardinalityChanged,
                .write,
                subject,
                why + ": readers of the old model refuse what is written",
                old: before,
                new: after
            )
            note(
                .cardinalityChanged,
                .source,
                subject,
                why + ": the generated property's type changes",
                old: before,
                new: after
            )
            if relationship.isToMany {
                note(.lightweight, .migration, subject, "a to-one relationship made to-many", old: before, new: after)
            } else {
                note(
                    .needsMappingModel,
                    .migration,
                    subject,
                    "a to-many relationship made to-one: lightweight migration does not infer it",
                    old: before,
                    new: after
                )
            }
        }
        let oldDestination = entityNames[previous.destinationEntity.name] ?? previous.destinationEntity.name
        if oldDestination != relationship.destinationEntity.name {
            let why = "its destination is now '\(relationship.destinationEntity.name)', was '\(oldDestination)'"
            note(.destinationChanged, .read, subject, why, old: before, new: after)
            note(.destinationChanged, .write, subject, why, old: before, new: after)
            note(.destinationChanged, .source, subject, why, old: before, new: after)
            note(.needsMappingModel, .migration, subject, why, old: before, new: after)
        }
        if previous.isToMany, relationship.isToMany {
            compareCounts(subject, previous, relationship)
            if previous.isOrdered != relationship.isOrdered {
                note(
                    .cardinalityChanged,
                    .source,
                    subject,
                    relationship.isOrdered
                        ? "now ordered: the generated property's type changes"
                        : "no longer ordered: the generated property's type changes",
                    old: before,
                    new: after
                )
                note(
                    .lightweight,
                    .migration,
                    subject,
                    "a to-many relationship made ordered or unordered",
                    old: before,
                    new: after
                )
            }
        }
    }

    private mutating func compareCounts(
        _ subject: String,
        _ previous: RelationshipDescription,
        _ relationship: RelationshipDescription
    ) {
        let (before, after) = (previous.location, relationship.location)
        // 0 is no limit.
        let oldMax = previous.maxCount > 0 ? previous.maxCount : Int.max
        let newMax = relationship.maxCount > 0 ? relationship.maxCount : Int.max
        let counts =
            "\(relationship.minCount)...\(relationship.maxCount > 0 ? String(relationship.maxCount) : ""), "
            + "was \(previous.minCount)...\(previous.maxCount > 0 ? String(previous.maxCount) : "")"
        if relationship.minCount > previous.minCount || newMax < oldMax {
            note(
                .countsTightened,
                .read,
                subject,
                "its counts are now \(counts): arrays the old model accepted may be refused",
                old: before,
                new: after
            )
        }
        if relationship.minCount < previous.minCount || newMax > oldMax {
            note(
                .countsLoosened,
                .write,
                subject,
                "its counts are now \(counts): the new model may write arrays readers of the old model refuse",
                old: before,
                new: after
            )
        }
    }
}
