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
final class StackBuffer<Element> {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < count, "element \(index) out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "element \(index) out of range")
            return base + index
        }
    }

    /// Where element `index` is: valid until the next `append`, which may move the elements.
    @inline(__always)
    func pointer(_ index: Int) -> UnsafeMutablePointer<Element> {
        precondition(index >= 0 && index < count, "element \(index) out of range")
        return base + index
    }

    func append(_ element: Element) {
        if count == capacity {
            base = base.movedToDoubledCapacity(count: count, capacity: capacity)
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The top element, removed; nil when the stack is empty.
    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count -= 1
        return (base + count).move()
    }

    /// Removes the elements from `start` up.
    func removeAll(from start: Int) {
        guard start < count else { return }
        (base + start).deinitialize(count: count - start)
        count = start
    }

    /// The elements from `start` up, moved into an array of their own.
    func popArray(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "element \(start) out of range")
        let length = count - start
        count = start
        return [Element](unsafeUninitializedCapacity: length) { buffer, initialized in
            if length > 0, let target = buffer.baseAddress { target.moveInitialize(from: base + start, count: length) }
            initialized = length
        }
    }
}

extension UnsafeMutablePointer {
    /// Grows a stack's memory: new memory for twice `capacity` elements, with the `count`
    /// initialized ones moved there; this memory is freed. (The decoder's ``StackBuffer`` and
    /// the encoder's ``EncodingFrames`` grow this way.)
    func movedToDoubledCapacity(count: Int, capacity: Int) -> UnsafeMutablePointer<Pointee> {
        let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: self, count: count)
        deallocate()
        return grown
    }
}
