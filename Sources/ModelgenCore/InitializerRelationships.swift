import ModelMapper

/// Which required to-one relationships the generated typed initializers take.
///
/// A typed initializer takes every value its entity requires, but required to-ones can form a
/// cycle: a `Passport` that requires its `Person` and a `Person` that requires its `Passport`
/// cannot both be made first. So the relationships are taken one by one, and one that would
/// close a cycle of "making an X needs a Y first" is left to be set after the objects are made
/// (its inverse, taken by the other side's initializer, then sets it).
///
/// The order decides which side of a cycle is left out, and puts first the relationships a
/// reader expects an initializer to take: a child's link to its parent (the inverse is a
/// to-many, `Book.author`), then a link to an object that owns this one (the inverse cascades
/// and the link does not), then the rest; by entity and relationship name within each.
struct InitializerRelationships {
    struct Key: Hashable {
        let entity: Int
        let name: String

        init(_ relationship: RelationshipDescription) {
            entity = relationship.entity.index
            name = relationship.name
        }
    }

    /// The relationships taken.
    private(set) var taken: Set<Key> = []
    /// The relationships left out, with why, for their documentation.
    private(set) var reasons: [Key: String] = [:]

    /// Whether a relationship is one the model requires: to-one, neither optional nor
    /// transient, as decoding requires it.
    static func isRequired(_ relationship: RelationshipDescription) -> Bool {
        !relationship.isToMany && !relationship.isOptional && !relationship.isTransient
    }

    init(model: ObjectModel) {
        let candidates = model.entities.flatMap { entity in
            entity.relationships.filter { $0.entity == entity && Self.isRequired($0) }
        }
        guard !candidates.isEmpty else { return }
        // The entities whose objects may stand for one of each entity: itself and its
        // subentities, those that are not abstract.
        var concrete: [Int: [Int]] = [:]
        func concreteFamily(_ entity: EntityDescription) -> [Int] {
            if let known = concrete[entity.index] { return known }
            var family = entity.isAbstract ? [] : [entity.index]
            var pending = entity.subentities
            while let next = pending.popLast() {
                if !next.isAbstract { family.append(next.index) }
                pending += next.subentities
            }
            concrete[entity.index] = family
            return family
        }
        // Making an object of the key's entity needs objects of these first.
        var needs: [Int: Set<Int>] = [:]
        func reaches(from starts: [Int], anyOf goals: Set<Int>) -> Bool {
            var seen = Set(starts)
            var stack = starts
            while let next = stack.popLast() {
                if goals.contains(next) { return true }
                for after in needs[next] ?? [] where seen.insert(after).inserted { stack.append(after) }
            }
            return false
        }
        var closing: [RelationshipDescription] = []
        for relationship in candidates.sorted(by: Self.precedes) {
            let key = Key(relationship)
            let sources = concreteFamily(relationship.entity)
            let destinations = concreteFamily(relationship.destinationEntity)
            guard !destinations.isEmpty else {
                reasons[key] =
                    "Not taken by `init(model:…)`: entity `\(relationship.destinationEntity.name)` and its "
                    + "subentities are abstract, so no object of it can be made."
                continue
            }
            if reaches(from: destinations, anyOf: Set(sources)) {
                closing.append(relationship)
                continue
            }
            taken.insert(key)
            for source in sources { needs[source, default: []].formUnion(destinations) }
        }
        // Once every relationship is decided: the reason names the inverse when it is taken.
        for relationship in closing { reasons[Key(relationship)] = cycleReason(relationship) }
    }

    /// Whether `first` is taken before `second`: children's links to their parents first, then
    /// links to an owner, then the rest, each by entity and relationship name.
    static func precedes(_ first: RelationshipDescription, _ second: RelationshipDescription) -> Bool {
        func rank(_ relationship: RelationshipDescription) -> Int {
            guard let inverse = relationship.inverseRelationship else { return 2 }
            if inverse.isToMany { return 0 }
            return inverse.deletionRule == .cascade && relationship.deletionRule != .cascade ? 1 : 2
        }
        return (rank(first), first.entity.name, first.name) < (rank(second), second.entity.name, second.name)
    }

    func cycleReason(_ relationship: RelationshipDescription) -> String {
        let prefix = "Not taken by `init(model:…)`: making the object it links to needs this one first"
        guard let inverse = relationship.inverseRelationship, takes(inverse) else {
            return prefix + " (the required relationships form a cycle); set it before reading it."
        }
        return prefix + "; make that `\(inverse.entity.name)` with this object as its `\(inverse.name)`, which "
            + "sets this one."
    }

    func takes(_ relationship: RelationshipDescription) -> Bool { taken.contains(Key(relationship)) }

    func reason(_ relationship: RelationshipDescription) -> String? { reasons[Key(relationship)] }
}
