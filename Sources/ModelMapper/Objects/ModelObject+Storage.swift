/// The storage API the layers after objects use: values read and written as stored (see
/// ``Slot``), links followed without counting references, slots a decoder filled adopted, and
/// the relationship slots visited. `slots` itself is the objects' own: the codecs, the graph
/// and fetching go through these, so that how an object keeps its values can change here alone.
///
/// Writing a relationship slot here sets it as stored, with no inverse kept: for the decoder
/// and the graph, which link both sides themselves. A to-many list written here marks the
/// object as one whose lists may hold strong links (``Flags/mayListStrongLinks``). Code outside the library uses
/// ``ModelObject/setValue(_:forKey:)``.
extension ModelObject {
    /// The value stored in `slot`, copied (a reader that only looks, and counts no reference,
    /// reads it in place through ``withStoredValues(_:)``).
    @inline(__always)
    subscript(stored slot: Int) -> Slot {
        get { slots[slot] }
        set {
            if case .objects = newValue { noteListOfLinks() }
            slots[slot] = newValue
        }
    }

    /// Sets `slot` to the value of the same slot of `source` (slots of the object's entity),
    /// moved: `source`'s slot is left absent, and no reference is counted.
    @inline(__always)
    func moveStoredValue(_ slot: Int, from source: inout SlotStorage) {
        if source.state(at: slot) == .objects { noteListOfLinks() }
        slots.moveValue(slot, from: &source)
    }

    /// What `slot` holds, told without copying its value.
    @inline(__always)
    func storedState(atSlot slot: Int) -> SlotStorage.State {
        slots.state(at: slot)
    }

    /// The object a to-one slot links to, without counting a reference: valid while the slot
    /// keeps its value. Nil for anything else.
    @inline(__always)
    func linkedObject(inSlot slot: Int) -> Unmanaged<ModelObject>? {
        slots.linkedObject(at: slot)
    }

    /// The links of a to-many slot; empty for anything else.
    @inline(__always)
    func links(inSlot slot: Int) -> [Link] {
        slots.links(at: slot)
    }

    /// Calls `body` with the stored values' memory, to read them in place.
    @inline(__always)
    func withStoredValues<Result>(_ body: (SlotPointer) -> Result) -> Result {
        slots.withUnsafeSlots(body)
    }

    /// Takes over `count` slots a decoder filled in a block of `arena` (see
    /// ``SlotStorage/init(adopting:count:arena:)``) as the object's values, replacing what it held.
    /// The caller, which visits the relationship slots next, calls ``noteListOfLinks()`` for
    /// each list among them.
    @inline(__always)
    func adoptSlots(_ filled: SlotPointer, count: Int, arena: Unmanaged<SlotArena>) {
        slots = SlotStorage(adopting: filled, count: count, arena: arena)
    }

    /// Notes that one of the object's to-many lists may hold a strong link, for a list that
    /// came in with ``adoptSlots(_:count:arena:)`` (see ``Flags/mayListStrongLinks``).
    @inline(__always)
    func noteListOfLinks() {
        flags.insert(.mayListStrongLinks)
    }

    /// The object's relationship slots, with their inverses, in slot order: the layout's list,
    /// walked without counting a reference.
    @inline(__always)
    var relationshipSlots: UnsafeBufferPointer<EntityLayout.RelationshipSlot> { layout.relationshipList }
}
