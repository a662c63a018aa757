/// The slots of the objects a decoder is reading, one buffer per nesting depth, reused by
/// every object read at that depth: reading a value writes straight into memory, with no
/// array to allocate per object or to check for uniqueness per value. A finished object's
/// slots are moved out into its own array in one copy.
///
/// The arena tracks how many slots of each depth hold values, so that whatever is left when
/// an error abandons a decode is released.
final class SlotArena {
    // Unchecked exclusivity: an arena belongs to one decoder, on one thread, and dynamic
    // checks would cost more than the accesses.
    @exclusivity(unchecked) private var buffers: [UnsafeMutablePointer<Slot>] = []
    @exclusivity(unchecked) private var capacities: [Int] = []
    /// How many slots of each depth are initialized (0: none).
    @exclusivity(unchecked) private var initialized: [Int] = []

    deinit {
        for depth in buffers.indices {
            buffers[depth].deinitialize(count: initialized[depth])
            buffers[depth].deallocate()
        }
    }

    /// `count` absent slots for the object read at `depth`.
    func push(depth: Int, count: Int) -> UnsafeMutablePointer<Slot> {
        while buffers.count <= depth {
            buffers.append(.allocate(capacity: 8))
            capacities.append(8)
            initialized.append(0)
        }
        discard(depth: depth)
        if capacities[depth] < count {
            buffers[depth].deallocate()
            buffers[depth] = .allocate(capacity: count)
            capacities[depth] = count
        }
        // One store per slot: `initialize(repeating:)` would copy the value through its witness.
        let buffer = buffers[depth]
        for index in 0..<count { (buffer + index).initialize(to: .absent) }
        initialized[depth] = count
        return buffers[depth]
    }

    /// Moves the slots of `depth` out into an object's storage, in one bitwise copy.
    func take(depth: Int) -> SlotStorage {
        let count = initialized[depth]
        initialized[depth] = 0
        return SlotStorage(moving: buffers[depth], count: count)
    }

    /// Releases the values of `depth`, if any.
    func discard(depth: Int) {
        guard depth < initialized.count, initialized[depth] > 0 else { return }
        buffers[depth].deinitialize(count: initialized[depth])
        initialized[depth] = 0
    }
}
