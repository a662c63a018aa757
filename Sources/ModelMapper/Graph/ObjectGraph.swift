import Foundation

/// An object graph in memory, merged from many JSON documents: objects of every entity,
/// one per identity across all of them, linked by nesting and by foreign keys. There is no
/// store: everything lives in memory, as long as the graph.
///
/// For example, with the four arrays of a music API, merged in any order:
///
/// ```swift
/// let graph = ObjectGraph(model: model)               // the model's conventions (Bands: snake_case)
/// try graph.merge(data, entity: "Album", at: "albums") // "band": "Japan" waits for the band
/// try graph.merge(data, entity: "Band", at: "bands")   // …and links to it now
/// let japan = graph.object(of: "Band", identity: "Japan")
/// japan?.value(forKey: "albums")                       // [Tin Drum]
/// ```
///
/// Merging a document inserts the objects it has that the graph has not and updates those it
/// has: keys present overwrite, keys absent leave the value alone, `null` clears (see
/// ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``). A graph reads the keys and identities a
/// ``ModelDecoder`` reads, with the same defaults: the model's conventions
/// (``/ModelMapperSchema/ModelConventions``), and where the model says nothing, keys that are the
/// model's own names. Identities are the model's identity attributes
/// (``/ModelMapperSchema/MappingKeys/entityIdentityAttributes``), or an attribute named `id` where an entity
/// declares none; they compare by value across JSON types (`101` and `"101"` are one
/// `Integer 64` identity).
///
/// A graph and its objects belong to one thread or actor at a time: it is not `Sendable`.
/// Decoding, the expensive half of a merge, can run elsewhere: ``prepare(_:entity:at:model:options:)``
/// is `static` and gives a ``PreparedMerge`` that may cross threads.
public final class ObjectGraph {
    /// How documents are read into the graph.
    public struct Options: Sendable {
        /// How JSON is decoded, with the decoder's defaults; its `collectsAllErrors` is always
        /// on (every error of an element is reported).
        public var decoding: ModelDecoder.Options
        /// What an unresolved foreign key (a reference to an object the graph does not have)
        /// is at the end of a merge; `.pending` by default.
        public var unresolvedReferences: UnresolvedReferencePolicy = .pending

        /// The default options: a decoder's defaults, references kept pending.
        public init(
            decoding: ModelDecoder.Options = ModelDecoder.Options(),
            unresolvedReferences: UnresolvedReferencePolicy = .pending
        ) {
            self.decoding = decoding
            self.unresolvedReferences = unresolvedReferences
        }
    }

    /// What a merge does with a reference to an object the graph does not have.
    public enum UnresolvedReferencePolicy: Sendable, Hashable {
        /// The merge fails and changes nothing (``ObjectGraphError/unresolvedReferences(_:)``).
        case error
        /// The reference waits (see ``unresolvedReferences``) and links when a later merge
        /// brings the object.
        case pending
        /// An object with nothing but the identity is made (see ``placeholders``); a later
        /// merge fills it in.
        case placeholder
    }

    /// A reference that waits for its object: `owner`'s relationship `relationship` refers
    /// to the object of `entity` with `identity`.
    public struct UnresolvedReference: CustomStringConvertible {
        /// The object whose relationship waits.
        public let owner: ModelObject
        /// The name of the relationship.
        public let relationship: String
        /// The destination entity.
        public let entity: EntityDescription
        /// The identity attributes' values, by attribute name.
        public let identity: [String: Any]

        /// This `UnresolvedReference` as text, as `print` and string interpolation show it.
        public var description: String {
            let values = identity.keys.sorted().map { "\($0): \(identity[$0] ?? "nil")" }.joined(separator: ", ")
            return "\(owner.entity.name).\(relationship) -> \(entity.name) (\(values))"
        }
    }

    /// What changed in the graph since a ``ChangePoint``.
    public struct Changes {
        /// Objects merged in (or made placeholders) since the point, and still in the graph.
        public var inserted: [ModelObject]
        /// Objects in the graph before the point that a merge, a setter or ``noteUpdated(_:)`` changed.
        public var updated: [ModelObject]
        /// Objects in the graph before the point that were removed since.
        public var deleted: [ModelObject]

        /// Whether nothing changed.
        public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
    }

    /// A point in the graph's history, to ask what changed since (see ``changes(since:)``).
    public struct ChangePoint: Sendable, Hashable, Comparable {
        let generation: UInt64
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: ChangePoint, rhs: ChangePoint) -> Bool { lhs.generation < rhs.generation }
    }

    /// The model of the graph's objects.
    public let model: ObjectModel
    /// How documents are merged into the graph.
    public let options: Options
    /// The mappings the graph's decoding uses (key casing, `id` identities): identities are
    /// taken with them.
    let mappings: [EntityMapping]

    /// The objects, by identity.
    var identities: [IdentityKey: ModelObject] = [:]
    /// The objects of each entity, in the order they came.
    var lists: [ObjectList]
    /// When each object came in, and when it last changed.
    var stamps = ChangeStamps()
    /// Removed objects, with when; only those that were in the graph at some point.
    var deletions: [(generation: UInt64, object: ModelObject, insertedAt: UInt64)] = []
    /// Advanced by every change, so that a ``ChangePoint`` tells before from after.
    var generation: UInt64 = 1
    /// References waiting for their object, by the identity they wait for; forgotten ones stay
    /// until resolved or swept (see ObjectGraph+PendingReferences).
    var pending: [IdentityKey: [PendingLink]] = [:]
    /// The identities each relationship waits for: what tells a waiting reference in `pending`
    /// from a forgotten one.
    var waitingKeys: [PendingSlot: Set<IdentityKey>] = [:]
    /// How many references `pending` holds, and how many of them are forgotten.
    var pendingEntryCount = 0
    var forgottenPendingCount = 0
    /// What the graph's objects tell it when code changes them through their setters: made on
    /// first use, as most graphs' objects are never changed by code.
    lazy var changeObserver = ObjectChangeObserver(
        { [weak self] object in self?.noteUpdated(object) },
        waitingReference: { [weak self] object, relationship in
            self?.unresolvedReferences.first { $0.owner === object && $0.relationship == relationship }?.description
        }
    )

    /// An object's relationship, as waiting references know it.
    struct PendingSlot: Hashable {
        let owner: ObjectIdentifier
        let slot: Int
    }

    /// A reference waiting for the object with its identity.
    struct PendingLink {
        let owner: ModelObject
        let slot: Int
        let entity: Int
        /// The identity's values, slot by slot of the destination entity.
        let identity: [(slot: Int, value: Slot)]
    }

    /// An empty graph of `model`'s objects.
    public init(model: ObjectModel, options: Options = Options()) {
        self.model = model
        self.options = options
        mappings = model.mappings(for: options.decoding.conventions(for: model))
        lists = Array(repeating: ObjectList(), count: mappings.count)
    }

    deinit {
        // Objects link each other; the graph lets them go with nothing held.
        lists.removeAll()
    }

    // MARK: Reading

    /// The number of objects in the graph.
    public var count: Int { lists.reduce(0) { $0 + $1.count } }

    /// The objects of `entity`, in the order they came, and with `includingSubentities`
    /// (the default) those of its subentities after them; none when the model has no such
    /// entity.
    ///
    /// For example: `graph.objects(of: "Band")`.
    public func objects(of entity: some EntitySpecifier, includingSubentities: Bool = true) -> [ModelObject] {
        guard let entity = model.entity(entity) else { return [] }
        guard includingSubentities else { return lists[entity.index].objects }
        var result: [ModelObject] = []
        var stack = [entity.index]
        while let current = stack.popLast() {
            result.append(contentsOf: lists[current].objects)
            stack.append(contentsOf: model.entityRecords[current].subentities.reversed())
        }
        return result
    }

    /// The object of `entity` (or of its family) with the given identity: the identity
    /// attribute's value for an entity with one, by attribute name for several. Values
    /// convert as JSON does (`"101"` finds the `Integer 64` identity 101). Nil when the graph
    /// has no such object, or the model no such entity.
    ///
    /// For example: `graph.object(of: "Band", identity: "Japan")`,
    /// `graph.object(of: membership, identity: ["band": "Japan", "musician": "David Sylvian"])`.
    public func object(of entity: some EntitySpecifier, identity: Any) -> ModelObject? {
        guard let entity = model.entity(entity) else { return nil }
        guard let key = try? identityKey(of: entity.index, identity: identity) else { return nil }
        return identities[key]
    }

    /// Whether `object` is in the graph.
    public func contains(_ object: ModelObject) -> Bool {
        object.model === model && lists[object.layout.entityIndex].contains(object)
    }

    /// The references that wait for an object the graph does not have yet.
    public var unresolvedReferences: [UnresolvedReference] {
        waitingLinks()
            .map { link in
                let properties = mappings[link.entity].properties
                var identity: [String: Any] = [:]
                for (slot, value) in link.identity {
                    identity[properties[slot].name] = value.attributeValue(type: properties[slot].attributeType)
                }
                return UnresolvedReference(
                    owner: link.owner,
                    relationship: link.owner.layout.properties[link.slot].name,
                    entity: EntityDescription(model: model, index: link.entity),
                    identity: identity
                )
            }
    }

    /// The objects that are not whole yet, until a merge fills them in: made for references to
    /// objects the graph did not have (``UnresolvedReferencePolicy/placeholder``, or a top-level
    /// array of identifiers), or given by their identity alone while lacking a required value.
    public var placeholders: [ModelObject] {
        lists.flatMap { $0.objects }.filter { $0.flags.contains(.isGraphPlaceholder) }
    }

    /// Checks every object of the graph for what the decoder would refuse and the encoder
    /// refuses to write (see ``ModelObject/validate(checkingBounds:)``), without encoding. Placeholders,
    /// incomplete until a merge fills them in, are not checked: ``placeholders`` lists them.
    ///
    /// For example:
    ///
    /// ```swift
    /// try graph.validate()   // Photo.title at $: a value (String) is required, …
    /// ```
    ///
    /// - Throws: ``MappingError`` for one problem; ``MappingErrors`` for several. Each path is
    ///   `$` followed by the property, and the error names the entity.
    public func validate(checkingBounds: Bool = false) throws {
        var problems: [MappingError] = []
        for list in lists {
            for object in list.objects where !object.flags.contains(.isGraphPlaceholder) {
                guard !ValueCheck.passes(object, bounds: checkingBounds) else { continue }
                problems += ValueCheck.problems(
                    of: object,
                    keyed: object.baseMapping,
                    at: .root,
                    bounds: checkingBounds
                )
            }
        }
        try ModelObject.throwing(problems)
    }

    // MARK: Changes

    /// The present point in the graph's history.
    public var changePoint: ChangePoint { ChangePoint(generation: generation) }

    /// What changed since `point`: objects inserted, updated (not counting those inserted
    /// since) and deleted (not counting those inserted since), so that a caller can send them.
    /// Inserted and updated objects come in the graph's order (by entity, then as they came).
    /// It costs in proportion to what changed since the point, not to the graph's size, so that
    /// a server may ask it after every request.
    ///
    /// For example:
    ///
    /// ```swift
    /// let before = graph.changePoint
    /// try graph.merge(update, entity: "Band", at: "bands")
    /// graph.changes(since: before).updated   // [Japan]
    /// ```
    public func changes(since point: ChangePoint) -> Changes {
        var changes = Changes(inserted: [], updated: [], deleted: [])
        // In the graph's order: by entity, then as the objects came.
        let changed = stamps.objects(stampedSince: point.generation)
            .map {
                (
                    entity: $0.layout.entityIndex, position: lists[$0.layout.entityIndex].position(of: $0) ?? 0,
                    object: $0
                )
            }
            .sorted { ($0.entity, $0.position) < ($1.entity, $1.position) }
        for (_, _, object) in changed {
            let identifier = ObjectIdentifier(object)
            if stamps.insertedAt[identifier] ?? 0 >= point.generation {
                changes.inserted.append(object)
            } else if let updated = stamps.updatedAt[identifier], updated >= point.generation {
                changes.updated.append(object)
            }
        }
        changes.deleted = deletions.filter { $0.generation >= point.generation && $0.insertedAt < point.generation }
            .map(\.object)
        return changes
    }

    /// Notes that `object` changed, so that ``changes(since:)`` lists it as updated. The
    /// object's setters (``ModelObject/setValue(_:forKey:)``, the relationship calls, and the
    /// typed setters generated classes have) call it themselves; call it for changes made
    /// otherwise, such as to a value a transformer reads from a mutable class.
    public func noteUpdated(_ object: ModelObject) {
        guard contains(object) else { return }
        stamps.noteUpdated(object, at: nextGeneration())
    }

    func nextGeneration() -> UInt64 {
        generation += 1
        return generation - 1
    }

    // MARK: Removing

    /// Removes `object` from the graph: its relationships are cleared (and with them the
    /// inverses that pointed back at it), references waiting on its behalf are dropped, and
    /// other objects' relationships to it no longer hold it.
    ///
    /// For example:
    ///
    /// ```swift
    /// if let album = graph.object(of: "Album", identity: "Tin Drum") {
    ///     graph.remove(album)  // the band's `albums` no longer holds it
    /// }
    /// ```
    ///
    /// - Returns: whether the object was in the graph.
    @discardableResult
    public func remove(_ object: ModelObject) -> Bool {
        remove(contentsOf: [object]) == 1
    }

    /// Removes objects from the graph, as ``remove(_:)`` does each, in one pass: removing many
    /// of the objects a long list holds (albums of one band) costs that list's length once.
    ///
    /// Time is linear in the objects removed and their links, plus, when some entity has a
    /// relationship without an inverse to the entities of the objects removed, the objects of
    /// that entity (nothing else tells which of them hold those objects).
    ///
    /// - Returns: how many of the objects were in the graph.
    @discardableResult
    public func remove(contentsOf objects: some Sequence<ModelObject>) -> Int {
        var removing: [ModelObject] = []
        var removingSet = Set<ObjectIdentifier>()
        for object in objects where contains(object) && removingSet.insert(ObjectIdentifier(object)).inserted {
            removing.append(object)
        }
        guard !removing.isEmpty else { return 0 }
        let unlinks = DeferredUnlinks()
        // Others' links through relationships without an inverse: found by a scan of the
        // entities that have such a relationship to one of the entities removed from.
        let removedEntities = Set(removing.map { $0.layout.entityIndex })
        for (entity, mapping) in mappings.enumerated() {
            for relationship in mapping.relationshipList where relationship.inverse < 0 {
                guard removedEntities.contains(where: { isSubentity($0, of: relationship.destination) }) else {
                    continue
                }
                for other in lists[entity].objects where !removingSet.contains(ObjectIdentifier(other)) {
                    let linked = other.linkedObjects(atSlot: relationship.slot)
                    guard linked.contains(where: { removingSet.contains(ObjectIdentifier($0)) }) else { continue }
                    try? other.replaceRelationship(
                        atSlot: relationship.slot,
                        with: linked.filter { !removingSet.contains(ObjectIdentifier($0)) },
                        null: !relationship.isToMany,
                        deferring: unlinks
                    )
                }
            }
        }
        // Their own relationships, and through inverses the links back to them.
        for object in removing {
            for relationship in object.relationshipSlots {
                try? object.replaceRelationship(atSlot: relationship.slot, with: [], null: false, deferring: unlinks)
            }
        }
        unlinks.applyAll()
        let generation = nextGeneration()
        for object in removing {
            for relationship in object.relationshipSlots { object[stored: relationship.slot] = .absent }
            if let key = identityKey(of: object), identities[key] === object { identities[key] = nil }
            dropPending(owner: object)
            lists[object.layout.entityIndex].remove(object)
            // A placeholder removed still lacks what it lacked: it stays one.
            object.changeObserver = nil
            deletions.append((generation, object, stamps.forget(object)))
        }
        return removing.count
    }

    /// Whether `entity` is `ancestor` or one of its subentities.
    func isSubentity(_ entity: Int, of ancestor: Int) -> Bool {
        var current: Int? = entity
        while let index = current {
            if index == ancestor { return true }
            current = model.entityRecords[index].superentity
        }
        return false
    }

    // MARK: Identities

    /// An object's identity, with the graph's mappings; nil when its entity has none or an
    /// identity value is unset.
    func identityKey(of object: ModelObject) -> IdentityKey? {
        let mapping = mappings[object.layout.entityIndex]
        guard !mapping.identitySlotList.isEmpty else { return nil }
        return object.withStoredValues {
            IdentityKey(family: mapping.identityFamily, slots: $0, identitySlots: mapping.identitySlotList)
        }
    }

    /// An object given by its identity alone, as an unresolved reference describes it:
    /// `Band (name: Japan)`.
    func describeIdentity(of object: ModelObject) -> String {
        let mapping = mappings[object.layout.entityIndex]
        let values = mapping.identitySlotList
            .map { slot in
                let property = mapping.properties[slot]
                return "\(property.name): "
                    + (object[stored: slot].attributeValue(type: property.attributeType).map { "\($0)" } ?? "nil")
            }
            .sorted()
        return "\(object.entity.name) (\(values.joined(separator: ", ")))"
    }

    /// The identity key of entity `index` for a value given in code.
    func identityKey(of index: Int, identity: Any) throws -> IdentityKey? {
        let mapping = mappings[index]
        guard !mapping.identitySlotList.isEmpty else { return nil }
        let probe = ModelObject(entity: EntityDescription(model: model, index: index))
        if mapping.identitySlotList.count == 1, !(identity is [String: Any]) {
            let slot = mapping.identitySlotList[0]
            try probe.setValue(Self.converted(identity, to: mapping.properties[slot].attributeType), atSlot: slot)
        } else {
            guard let values = identity as? [String: Any] else { return nil }
            for slot in mapping.identitySlotList {
                let property = mapping.properties[slot]
                guard let value = values[property.name] else { return nil }
                try probe.setValue(Self.converted(value, to: property.attributeType), atSlot: slot)
            }
        }
        return identityKey(of: probe)
    }

    /// Integers given as text and text given as integers, as JSON reads them leniently.
    private static func converted(_ value: Any, to type: AttributeType) -> Any {
        switch type {
        case .integer16, .integer32, .integer64:
            if let text = value as? String, let number = Int64(text) { return number }
            if let number = value as? Int { return Int64(number) }
            return value
        case .string:
            if let number = value as? any BinaryInteger { return "\(number)" }
            return value
        default:
            return value
        }
    }
}
