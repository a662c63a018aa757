import Foundation

/// Updating objects that existed before the run: the document is read into them only once it
/// has been read whole without an error.
extension ObjectDecoder {
    /// The reader's state for objects that existed before the run.
    struct Updates {
        /// The object the top-level object is read into, if not a new one.
        var target: ModelObject?
        /// Whether `target` is updated (values present overwrite, absent ones keep) rather than
        /// filled, and objects it reaches are matched by identity (see ``update(_:path:)``).
        var isUpdating = false
        /// The objects that existed before this run and that it updates: their updates wait in
        /// `pending` until the whole document has been read without an error.
        var updatedObjects: Set<ObjectIdentifier> = []
        var pending: [PendingUpdate] = []
    }

    /// Reads the object at the reading position (the value at `path`) as an update of
    /// `object`: values present overwrite, absent ones keep, `null` clears. Objects nested in
    /// it that have the identity of an object `object` reaches (through any of its
    /// relationships) update that object rather than replacing it. The updates wait until
    /// the whole document has been read (``finishUpdates(applying:)``), so that a document
    /// with an error changes nothing.
    mutating func update(_ object: ModelObject, path: JSONPath) throws(MappingError) {
        updates.isUpdating = true
        defer { updates.isUpdating = false }
        updates.updatedObjects.insert(ObjectIdentifier(object))
        if settings.uniquesObjectsByIdentity { registerReachableObjects(from: object) }
        _ = try readObject(entity: object.layout.entityIndex, path: path, into: object)
    }

    /// Puts every object `root` reaches, with an identity, in the run's identity map, and
    /// notes them as objects this run updates rather than makes. An explicit stack: graphs
    /// may be deep.
    mutating func registerReachableObjects(from root: ModelObject) {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending = [root]
        while let object = pending.popLast() {
            let mapping =
                object.model === run.model
                ? run.objectMappings[object.layout.entityIndex] : object.baseMapping
            let identity = object.withStoredValues { slots in
                mapping.identitySlotList.isEmpty
                    ? nil
                    : IdentityKey(family: mapping.identityFamily, slots: slots, identitySlots: mapping.identitySlotList)
            }
            if let identity, object !== root, run.identities[identity] == nil {
                run.identities[identity] = object
                updates.updatedObjects.insert(ObjectIdentifier(object))
            }
            for relationship in mapping.relationshipList {
                let related: [ModelObject]
                if let linked = object.linkedObject(inSlot: relationship.slot) {
                    related = [linked.takeUnretainedValue()]
                } else {
                    related = object.links(inSlot: relationship.slot).compactMap(\.object)
                }
                for next in related where seen.insert(ObjectIdentifier(next)).inserted { pending.append(next) }
            }
        }
    }

    /// Applies the updates of objects that existed before the run, in the order their JSON
    /// ended (`applying`), or lets them go unapplied after an error.
    ///
    /// - Throws: ``MappingError`` when a relationship cannot be replaced; the updates before
    ///   it stay applied.
    mutating func finishUpdates(applying: Bool) throws(MappingError) {
        let pending = updates.pending
        updates.pending = []
        var next = 0
        defer {
            for item in pending[next...] {
                SlotStorage.release(item.frame.slots, count: item.frame.slotCount, arena: item.frame.arena)
            }
        }
        guard applying else { return }
        while next < pending.count {
            let item = pending[next]
            // Counted before: `update` takes the frame's slots over, whether it throws or not.
            next += 1
            try update(item.object, with: item.frame, source: item.source, storedPath: item.path)
        }
    }
}
