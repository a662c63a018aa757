import Foundation

/// ``ObjectGraph/MergeOperations`` resolved against a model: the operations of the document's
/// objects, and of each entity's relationship slots.
struct MergePlan {
    typealias Operation = ObjectGraph.MergeOperation

    let document: Operation
    /// Per entity, per slot: the operations on the objects under that relationship; empty
    /// when every relationship has the default (``isDefault``).
    private let bySlot: [[Operation]]
    private let relationships: Operation
    /// Whether records without an identity are left out (``ObjectGraph/MergeOperations/skipsRecordsWithoutIdentity``).
    let skipsRecordsWithoutIdentity: Bool
    /// Whether the plan does what a merge does unless told: insert and update everywhere.
    let isDefault: Bool

    static let `default` = MergePlan(
        document: .insertAndUpdate,
        relationships: .insertAndUpdate,
        bySlot: [],
        skipsRecordsWithoutIdentity: false
    )

    private init(
        document: Operation,
        relationships: Operation,
        bySlot: [[Operation]],
        skipsRecordsWithoutIdentity: Bool
    ) {
        self.document = document
        self.relationships = relationships
        self.bySlot = bySlot
        self.skipsRecordsWithoutIdentity = skipsRecordsWithoutIdentity
        isDefault =
            document == .insertAndUpdate && relationships == .insertAndUpdate && bySlot.isEmpty
            && !skipsRecordsWithoutIdentity
    }

    /// Resolves `operations` for the entities of `model` with `mappings`.
    ///
    /// - Throws: ``MappingError`` for a key of `byRelationship` that names no entity, or no
    ///   relationship of its entity, with the closest name.
    init(_ operations: ObjectGraph.MergeOperations, model: ObjectModel, mappings: [EntityMapping]) throws {
        guard !operations.byRelationship.isEmpty else {
            self.init(
                document: operations.document,
                relationships: operations.relationships,
                bySlot: [],
                skipsRecordsWithoutIdentity: operations.skipsRecordsWithoutIdentity
            )
            return
        }
        // The entries by entity index and relationship name, each checked against the model.
        var named: [Int: [String: Operation]] = [:]
        for (key, operation) in operations.byRelationship {
            let (entity, relationship) = try Self.resolve(key, in: model)
            named[entity, default: [:]][relationship] = operation
        }
        let bySlot = mappings.enumerated()
            .map { entity, mapping in
                var slots = [Operation](repeating: operations.relationships, count: mapping.slotCount)
                for relationship in mapping.relationshipList {
                    let name = mapping.properties[relationship.slot].name
                    // The entity's own entry, else its nearest superentity's.
                    var current: Int? = entity
                    while let index = current {
                        if let operation = named[index]?[name] {
                            slots[relationship.slot] = operation
                            break
                        }
                        current = model.entityRecords[index].superentity
                    }
                }
                return slots
            }
        self.init(
            document: operations.document,
            relationships: operations.relationships,
            bySlot: bySlot,
            skipsRecordsWithoutIdentity: operations.skipsRecordsWithoutIdentity
        )
    }

    /// The operations on the objects `entity`'s relationship at `slot` holds.
    func operation(entity: Int, slot: Int) -> Operation {
        bySlot.isEmpty ? relationships : bySlot[entity][slot]
    }

    /// The entity index and relationship name of a key `Entity.relationship`.
    private static func resolve(_ key: String, in model: ObjectModel) throws -> (Int, String) {
        let parts = key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw MappingError(
                .unknownRelationship(key),
                detail: "merge operations name a relationship as Entity.relationship, such as Band.albums"
            )
        }
        guard let entity = model.entitiesByName[parts[0]] else { throw model.unknownEntity(parts[0]) }
        guard entity.relationshipsByName[parts[1]] != nil else {
            let names = entity.relationships.map(\.name)
            throw MappingError(
                .unknownRelationship(parts[1]),
                entityName: entity.name,
                detail: ClosestName.to(parts[1], among: names).map { "did you mean '\($0)'?" }
                    ?? (names.isEmpty
                        ? "\(entity.name) has no relationships"
                        : "its relationships are " + names.prefix(12).joined(separator: ", "))
            )
        }
        return (entity.index, parts[1])
    }
}
