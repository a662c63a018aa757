/// What the JSON gave each object of one decoding run (``GivenValues``), in the order the run
/// first noted the objects.
///
/// An object finds its entry through its ``ModelObject/runIndex``, which the table sets and
/// checks against the entry's object, so that the decoder noting values and the merge looking
/// them up several times per object hash nothing (issue 50: a dictionary by object identifier
/// was a third of a merge's instructions).
struct GivenValuesTable {
    /// The entries, each object's at its run index.
    private(set) var entries: [GivenValues] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The place of `object`'s entry, nil when the table has none.
    func index(of object: ModelObject) -> Int? {
        let index = Int(object.runIndex)
        guard index < entries.count, entries[index].object === object else { return nil }
        return index
    }

    /// What the JSON gave `object`, nil when the run noted nothing of it.
    subscript(object: ModelObject) -> GivenValues? {
        index(of: object).map { entries[$0] }
    }

    /// The slots the JSON gave `object` (see ``GivenValues/slots``), nil when the run noted
    /// nothing of it; without copying the rest of its entry.
    func slots(of object: ModelObject) -> SlotSet? {
        index(of: object).map { entries[$0].slots }
    }

    /// Whether the document gave `object`'s to-many at `slot` as a list of identities (see
    /// ``GivenValues/identityListSlots``).
    func isIdentityList(_ object: ModelObject, slot: Int) -> Bool {
        index(of: object).map { entries[$0].identityListSlots.contains(slot) } ?? false
    }

    /// Whether a JSON object gave `object` (see ``GivenValues/isGivenAsObject``), nil when the
    /// run noted nothing of it.
    func isGivenAsObject(_ object: ModelObject) -> Bool? {
        index(of: object).map { entries[$0].isGivenAsObject }
    }

    /// Notes the slots of `slots` that hold a value (or null) as given to `object`, by a JSON
    /// object unless `isReference`; `insert`: what the record lacks, kept for the first.
    mutating func note(
        _ object: ModelObject,
        _ slots: SlotPointer,
        count: Int,
        isReference: Bool,
        identityLists: [Int],
        insert: GivenValues.Insert?
    ) {
        let index = index(of: object) ?? add(GivenValues(object: object, count: count))
        for slot in 0..<min(count, entries[index].slots.slotCount) where slots.tag(slot) != .absent {
            entries[index].slots.insert(slot)
        }
        // A later record's relationship replaces an earlier one's, and so says how it listed.
        if !entries[index].identityListSlots.isEmpty {
            entries[index].identityListSlots.removeAll { slots.tag($0) != .absent }
        }
        if !identityLists.isEmpty { entries[index].identityListSlots.append(contentsOf: identityLists) }
        if !isReference { entries[index].isGivenAsObject = true }
        if entries[index].insert == nil { entries[index].insert = insert }
    }

    /// Notes that `holder`'s relationship in `slot` no longer holds `objects`.
    mutating func noteReplaced(_ objects: [ModelObject], holder: ModelObject, slot: Int) {
        for object in objects {
            guard let index = index(of: object) else { continue }
            entries[index].replacedIn = (holder, slot)
        }
    }

    /// Takes in the entries of a piece of the document read in a run of its own, whose objects
    /// this run does not have: they follow this run's, and their objects learn their new places.
    mutating func append(contentsOf piece: GivenValuesTable) {
        entries.reserveCapacity(entries.count + piece.entries.count)
        for entry in piece.entries where index(of: entry.object) == nil { add(entry) }
    }

    /// Adds `entry` at the end, and tells its object its place. A run of more than 2^32 - 1
    /// objects (some 380 GB of them) would give the last ones no place that checks, so that
    /// they read as noted nothing of, as the table's look-ups would say of any stranger.
    @discardableResult
    private mutating func add(_ entry: GivenValues) -> Int {
        let index = entries.count
        entry.object.runIndex = UInt32(truncatingIfNeeded: index)
        entries.append(entry)
        return index
    }
}
