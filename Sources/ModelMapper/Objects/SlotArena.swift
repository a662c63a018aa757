import Foundation
@_spi(Engine) import ModelMapperSchema

/// Memory for the slots of many objects made together, handed out in order: one allocation
/// for the slots of dozens of objects instead of one each.
///
/// A decoded object's slot block was its second allocation, and the most expensive one:
/// larger than malloc's fast bins, so that freeing a graph's blocks one by one coalesced each
/// with its neighbours (about 500 instructions a block, a tenth of decoding a wide record).
/// Here each object that adopts slots (``SlotStorage/init(adopting:count:arena:)``) keeps the
/// arena alive, and the arena is freed with the last of them.
///
/// The cost, chosen knowingly: slot memory of objects decoded together is given back when the
/// last of them is freed, so an object kept from a large decode keeps its arena's other
/// blocks (at most ``maximumCapacity`` bytes) until then. The memory kept is never
/// more than what the decoded objects' slots took.
final class SlotArena {
    private let base: UnsafeMutableRawPointer
    /// How many bytes the arena has room for (a multiple of 8, as every block is).
    let capacity: Int
    /// How many were handed out.
    private var used = 0

    /// The bytes of the largest arena an ``Allocator`` makes (unless one object needs more):
    /// about a thousand slots.
    static let maximumCapacity = 16 * 1024
    /// The bytes of an allocator's first arena: a decode of a single small object should not
    /// take the largest.
    static let initialCapacity = 512

    private init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer(UnsafeMutablePointer<UInt64>.mallocated(capacity: capacity / 8))
    }

    deinit {
        // Every block handed out was deinitialized by its owner (an object's storage, or the
        // decoder for a block no object adopted): only the memory is left.
        free(base)
    }

    /// Hands out arenas' blocks in order, starting a new arena when the current one is full.
    /// One per decoding run.
    struct Allocator {
        private var current: SlotArena?

        /// `count` absent slots and their arena, retained once for the caller: the caller
        /// passes that count on to the object that adopts the block (or releases it with
        /// ``SlotStorage/release(_:count:arena:)``).
        mutating func allocateAbsent(count: Int) -> (slots: SlotPointer, arena: Unmanaged<SlotArena>) {
            let bytes = SlotPointer.byteCount(count: count)
            if let current, current.capacity - current.used >= bytes {
                return Self.take(bytes, count: count, from: Unmanaged.passUnretained(current))
            }
            // Doubling up to the largest, so that small decodes stay small.
            let next = min(2 * (current?.capacity ?? SlotArena.initialCapacity / 2), SlotArena.maximumCapacity)
            let arena = SlotArena(capacity: max(next, bytes))
            current = arena
            return Self.take(bytes, count: count, from: Unmanaged.passUnretained(arena))
        }

        /// A block of `arena`, which the allocator holds: reached without counting a reference
        /// of its own, so that the one count the caller gets is the only one (issue 50).
        @inline(__always)
        private static func take(_ bytes: Int, count: Int, from arena: Unmanaged<SlotArena>)
            -> (slots: SlotPointer, arena: Unmanaged<SlotArena>)
        {
            let slots = arena._withUnsafeGuaranteedRef { arena in
                let slots = SlotPointer(absentIn: arena.base + arena.used, count: count)
                arena.used += bytes
                return slots
            }
            return (slots, arena.retain())
        }
    }
}
