import Foundation

/// A stack in memory it manages itself, for the decoder: its frames, whose elements change in
/// place through the subscript with no copy-on-write check, retain or release per access (an
/// array in a struct checks its buffer's uniqueness at every write to an element); and the
/// objects of the arrays it reads, one array after another, each moved out into an array of
/// its exact size when it ends (nested arrays end before the array around them goes on), so
/// that reading an array allocates once rather than once per doubling.
///
/// The encoder's frames (``EncodingFrames``) grow the same way but are indexed without checks
/// through their base pointer: kept apart, because the checks and the extra indirection cost
/// the encoder 3-7% of its instructions.
///
/// A class, so that a reader holding one mutates elements without being mutated itself.
/// Indices are checked as an array's are.
@_spi(Engine) public final class StackBuffer<Element> {
    // Unchecked exclusivity: a stack belongs to one reader or writer on one thread (and with
    // its accesses inlined into another module, the compiler can no longer prove that itself).
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) @usableFromInline var storedCount = 0
    /// How many elements (bytes) there are. The stored properties are internal, read through
    /// inlinable accessors: a client module accessing a class's stored property directly checks
    /// exclusivity at run time, unchecked or not.
    @inlinable public var count: Int { storedCount }
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// The memory's size at the first `append`.
    @usableFromInline let firstCapacity: Int

    /// An empty stack that takes room for `capacity` elements at its first `append`: a decode
    /// call makes three stacks, and a small document seldom uses more than one.
    @inlinable public init(capacity: Int = 16) {
        firstCapacity = max(capacity, 1)
        self.capacity = 0
        // Never read or freed while the capacity is 0.
        base = emptyBufferMemory.assumingMemoryBound(to: Element.self)
    }

    deinit {
        guard capacity > 0 else { return }
        base.deinitialize(count: storedCount)
        free(base)
    }

    /// Whether the stack has no elements.
    @inlinable public var isEmpty: Bool { storedCount == 0 }
    /// The elements' indices, bottom first.
    @inlinable public var indices: Range<Int> { 0..<storedCount }

    /// The element at `index`, read or changed in place.
    @inlinable public subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < storedCount, "element \(index) out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < storedCount, "element \(index) out of range")
            return base + index
        }
    }

    /// Where element `index` is: valid until the next `append`, which may move the elements.
    @inline(__always)
    @inlinable public func pointer(_ index: Int) -> UnsafeMutablePointer<Element> {
        precondition(index >= 0 && index < storedCount, "element \(index) out of range")
        return base + index
    }

    /// Pushes `element`, growing the memory when it is full.
    @inlinable public func append(_ element: Element) {
        if storedCount == capacity { grow() }
        (base + storedCount).initialize(to: element)
        storedCount += 1
    }

    /// Takes the first memory, or twice the memory.
    @usableFromInline func grow() {
        if capacity == 0 {
            base = .mallocated(capacity: firstCapacity)
            capacity = firstCapacity
        } else {
            base = base.movedToDoubledCapacity(count: storedCount, capacity: capacity)
            capacity *= 2
        }
    }

    /// The top element, removed; nil when the stack is empty.
    @inlinable public func popLast() -> Element? {
        guard storedCount > 0 else { return nil }
        storedCount -= 1
        return (base + storedCount).move()
    }

    /// Removes the elements from `start` up.
    @inlinable public func removeAll(from start: Int) {
        guard start < storedCount else { return }
        (base + start).deinitialize(count: storedCount - start)
        storedCount = start
    }

    /// The elements from `start` up, moved into an array of their own.
    @inlinable public func popArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= storedCount, "element \(start) out of range")
        let length = storedCount - start
        storedCount = start
        return [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
            if length > 0, let target = buffer.baseAddress { target.moveInitialize(from: base + start, count: length) }
            initialized = length
        }
    }
}

/// The address of memory that is not there yet or has no bytes: an empty ``StackBuffer`` or
/// ``ScratchBuffer`` before it first grows, and an empty input (``ScratchBuffer/empty``). A
/// real address, never read, written or freed.
@usableFromInline nonisolated(unsafe) let emptyBufferMemory = UnsafeMutableRawPointer.allocate(
    byteCount: 16,
    alignment: 16
)

extension UnsafeMutablePointer {
    /// Memory for `capacity` elements from malloc, freed with `free`. `allocate(capacity:)`
    /// takes the runtime's aligned path (posix_memalign) whatever the type, which costs about
    /// four times malloc: a decode call of a small document made a dozen such allocations.
    /// malloc's alignment (16 bytes) is at least every element type's here.
    @_spi(Engine) @inlinable public static func mallocated(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        precondition(MemoryLayout<Pointee>.alignment <= 16, "malloc's alignment is less than the element's")
        let (bytes, overflow) = MemoryLayout<Pointee>.stride.multipliedReportingOverflow(by: max(capacity, 1))
        guard !overflow, let memory = malloc(bytes) else {
            preconditionFailure("out of memory allocating \(capacity) elements")
        }
        return memory.bindMemory(to: Pointee.self, capacity: max(capacity, 1))
    }

    /// Grows a stack's memory (``mallocated(capacity:)``): new memory for twice `capacity`
    /// elements, with the `count` initialized ones moved there; this memory is freed. (The
    /// decoder's ``StackBuffer`` and the encoder's ``EncodingFrames`` grow this way.)
    @_spi(Engine) @inlinable public func movedToDoubledCapacity(count: Int, capacity: Int) -> UnsafeMutablePointer<
        Pointee
    > {
        let grown = UnsafeMutablePointer<Pointee>.mallocated(capacity: capacity * 2)
        grown.moveInitialize(from: self, count: count)
        free(self)
        return grown
    }
}
