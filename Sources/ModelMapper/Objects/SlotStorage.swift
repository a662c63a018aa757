import Foundation
@_spi(Engine) import ModelMapperSchema

/// The slots of one object, in memory the object owns, packed (see ``SlotPointer``): no array
/// header to keep or to check for uniqueness on every write; the decoder fills them in place,
/// in a block of a ``SlotArena``, and hands them over as they are
/// (``init(adopting:count:arena:)``); freed with a loop over the slots' tags, destroying only
/// those that hold a reference.
///
/// Not copyable: the object holds the only one, and a copy would free the slots twice.
struct SlotStorage: ~Copyable {
    // The fields are ordered so that the storage takes 21 bytes (the object's next fields fill
    // the rest of its last word): every object holds one, and an object's size is most of what a
    // decoded graph takes.
    private var base: SlotPointer
    /// The arena the slots are a block of, if they are. Slots the storage owns without one are
    /// its own allocation (a copy of the initial slots), freed with it.
    private var arena: SlotArena?
    /// The number of slots, as 32 bits: an entity's properties are elements of a model file,
    /// far fewer than 2^32.
    private let storedCount: UInt32
    /// Whether the slots at `base` are the storage's own; otherwise they are an entity's
    /// initial slots (``EntityMapping/initialSlotBuffer``), shared until the first write
    /// copies them, so that an object the decoder fills makes no copy of them at all.
    private var owns: Bool

    /// The number of slots.
    var count: Int { Int(storedCount) }

    /// The entity's initial slots, shared: they live as long as the mapping, which the object holds.
    init(sharing initial: SlotPointer, count: Int) {
        base = initial
        storedCount = UInt32(count)
        owns = false
        arena = nil
    }

    /// Takes over `count` slots of an arena's block (``SlotArena/Allocator/allocateAbsent(count:)``),
    /// and the count on the arena that came with it: the storage owns the slots from now on.
    init(adopting slots: SlotPointer, count: Int, arena: Unmanaged<SlotArena>) {
        storedCount = UInt32(count)
        base = slots
        owns = true
        self.arena = arena.takeRetainedValue()
    }

    /// Releases the values of an arena's block that no object adopted, and the count on its arena.
    static func release(_ slots: SlotPointer, count: Int, arena: Unmanaged<SlotArena>) {
        _ = SlotStorage(adopting: slots, count: count, arena: arena)
    }

    deinit {
        guard owns else { return }
        // Slot by slot, by each one's tag: most hold numbers, dates or nothing, which need no
        // destroying.
        for index in 0..<count { base.deinitialize(index) }
        // An arena's block goes with the arena (released after this).
        if arena == nil { base.deallocate(count: count) }
    }

    var indices: Range<Int> { 0..<count }

    /// The link of a to-one slot, moved out (the slot is left absent); nil for anything else,
    /// and for storage still sharing the entity's initial slots (they hold no links). The
    /// payload is taken out here, so that the caller holds the only copy of it.
    mutating func takeLink(_ index: Int) -> Link? {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        guard owns, base.tag(index) == .object else { return nil }
        return base.take(index, as: Link.self)
    }

    /// The links of a to-many slot, moved out (the slot is left absent); empty for anything
    /// else, as for ``takeLink(_:)``. The list is taken out here, so that the caller's copy is
    /// the only one and changing it copies nothing.
    mutating func takeLinks(_ index: Int) -> [Link] {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        guard owns, base.tag(index) == .objects else { return [] }
        return base.take(index, as: [Link].self)
    }

    /// Calls `body` with the slots' memory, to read them in place.
    func withUnsafeSlots<Result>(_ body: (SlotPointer) -> Result) -> Result {
        body(base)
    }

    /// What a slot holds, told without copying its value (which would count a reference).
    enum State {
        case absent, null, object, objects, value
    }

    /// What slot `index` holds.
    func state(at index: Int) -> State {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        switch base.tag(index) {
        case .absent: return .absent
        case .null: return .null
        case .object: return .object
        case .objects: return .objects
        default: return .value
        }
    }

    /// The object a to-one slot links to, without counting a reference: valid while the slot
    /// keeps its value. Nil for anything else.
    func linkedObject(at index: Int) -> Unmanaged<ModelObject>? {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        guard base.tag(index) == .object else { return nil }
        return base.payload(index, as: Link.self).pointee.unmanagedObject
    }

    /// The link of a to-one slot, in place (reading it counts no reference): valid until the
    /// slot is next written. Nil for anything else.
    func link(at index: Int) -> UnsafeMutablePointer<Link>? {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        return base.tag(index) == .object ? base.payload(index, as: Link.self) : nil
    }

    /// The links of a to-many slot; empty for anything else.
    func links(at index: Int) -> [Link] {
        precondition(index >= 0 && index < count, "slot \(index) out of range")
        guard base.tag(index) == .objects else { return [] }
        return base.payload(index, as: [Link].self).pointee
    }

    /// A slot, copied; the index must be one of the entity's slots, as an array's would.
    /// (A reader that only looks, and counts no reference, reads the payload in place:
    /// ``withUnsafeSlots(_:)``.)
    subscript(index: Int) -> Slot {
        get {
            precondition(index >= 0 && index < count, "slot \(index) out of range")
            return base[index]
        }
        @inline(__always) set {
            precondition(index >= 0 && index < count, "slot \(index) out of range")
            if !owns { copyInitialSlots() }
            base[index] = newValue
        }
    }

    /// Sets slot `index` to the value of the same slot of `source`, moved (no reference is
    /// counted): `source`'s slot is left absent. Both have the same entity's slots.
    mutating func moveValue(_ index: Int, from source: inout SlotStorage) {
        precondition(index >= 0 && index < count && index < source.count, "slot \(index) out of range")
        if !owns { copyInitialSlots() }
        guard source.owns else {
            base[index] = source.base[index]
            return
        }
        base.moveAssign(index, from: source.base, index)
    }

    /// Makes the slots the storage's own: a copy of the entity's initial slots it shared.
    @inline(never)
    private mutating func copyInitialSlots() {
        let copy = SlotPointer.allocateAbsent(count: count)
        for slot in 0..<count { copy.initialize(slot, to: base[slot]) }
        base = copy
        owns = true
    }
}
