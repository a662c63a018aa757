/// When each object of a graph came in and when it last changed, with a journal of the stamps
/// in the order they were made, so that ``ObjectGraph/changes(since:)`` reads what changed
/// since a point in time in proportion to the changes, not to the graph (a server that answers
/// each request with what it changed would otherwise walk its whole store per request).
struct ChangeStamps {
    /// The generation each object of the graph came in at.
    private(set) var insertedAt: [ObjectIdentifier: UInt64] = [:]
    /// The generation each object last changed at, for those changed since they came in.
    private(set) var updatedAt: [ObjectIdentifier: UInt64] = [:]
    /// Every stamp, oldest first (generations only grow). Held strongly, so that an identifier
    /// in it is never another object's; compacted to each object's latest stamp, of objects
    /// still in the graph, once it is twice as long as the graph, so that it stays linear in it.
    private var journal: [(generation: UInt64, object: ModelObject)] = []

    /// Notes that `object` came into the graph at `generation`.
    mutating func noteInserted(_ object: ModelObject, at generation: UInt64) {
        insertedAt[ObjectIdentifier(object)] = generation
        append(object, generation)
    }

    /// Notes that `object`, in the graph, changed at `generation`.
    mutating func noteUpdated(_ object: ModelObject, at generation: UInt64) {
        updatedAt[ObjectIdentifier(object)] = generation
        append(object, generation)
    }

    /// Forgets `object`, removed from the graph, and says when it came in (0: never noted).
    mutating func forget(_ object: ModelObject) -> UInt64 {
        updatedAt[ObjectIdentifier(object)] = nil
        return insertedAt.removeValue(forKey: ObjectIdentifier(object)) ?? 0
    }

    /// The objects of the graph stamped at `generation` or later, each once, in no particular
    /// order. Linear in the stamps made since (and a logarithm of the journal to find them).
    func objects(stampedSince generation: UInt64) -> [ModelObject] {
        var low = 0
        var high = journal.count
        while low < high {
            let middle = low + (high - low) / 2
            if journal[middle].generation < generation { low = middle + 1 } else { high = middle }
        }
        var seen = Set<ObjectIdentifier>()
        var objects: [ModelObject] = []
        for (_, object) in journal[low...] where isInGraph(object) {
            if seen.insert(ObjectIdentifier(object)).inserted { objects.append(object) }
        }
        return objects
    }

    /// Whether `object` is still in the graph (noted as inserted and not forgotten).
    private func isInGraph(_ object: ModelObject) -> Bool {
        insertedAt[ObjectIdentifier(object)] != nil
    }

    private mutating func append(_ object: ModelObject, _ generation: UInt64) {
        journal.append((generation, object))
        guard journal.count > 64, journal.count > 2 * insertedAt.count else { return }
        // Each object's latest stamp is its last entry: keep that one, of objects still in.
        var kept = Set<ObjectIdentifier>()
        var compacted: [(generation: UInt64, object: ModelObject)] = []
        for entry in journal.reversed() where isInGraph(entry.object) {
            if kept.insert(ObjectIdentifier(entry.object)).inserted { compacted.append(entry) }
        }
        journal = compacted.reversed()
    }
}
