import Foundation

/// A growable byte buffer reused across strings, so that decoding escapes allocates only
/// when a string is longer than any before it.
@_spi(Engine) public final class ScratchBuffer {
    // Unchecked exclusivity: a buffer belongs to one decoding run on one thread.
    @exclusivity(unchecked) @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var storedCount = 0
    /// How many elements (bytes) there are. The stored properties are internal, read through
    /// inlinable accessors: a client module accessing a class's stored property directly checks
    /// exclusivity at run time, unchecked or not.
    @inlinable public var count: Int { storedCount }
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// A valid address for empty inputs.
    public nonisolated(unsafe) static let empty = UnsafePointer<UInt8>(
        emptyBufferMemory.assumingMemoryBound(to: UInt8.self)
    )

    /// The memory's size when the first bytes are appended.
    @usableFromInline let firstCapacity: Int

    /// An empty buffer that takes room for `capacity` bytes when the first are appended: most
    /// small documents' decodes have no escaped string to decode into it.
    @inlinable public init(capacity: Int = 256) {
        firstCapacity = max(capacity, 1)
        self.capacity = 0
        // Never read, written or freed while the capacity is 0.
        start = emptyBufferMemory.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        if capacity > 0 { free(start) }
    }

    /// Empties the buffer, keeping its memory.
    @inlinable public func removeAll() { storedCount = 0 }

    /// Makes room for `extra` more bytes. The test alone is inlined: it runs for every byte an
    /// escaped string appends, and the growing almost never.
    @inlinable public func reserve(_ extra: Int) {
        if storedCount + extra > capacity { grow(toHold: extra) }
    }

    /// Grows the memory, doubling, to hold `extra` more bytes.
    @usableFromInline @inline(never) func grow(toHold extra: Int) {
        var newCapacity = max(capacity * 2, firstCapacity)
        while newCapacity < storedCount + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.mallocated(capacity: newCapacity)
        if capacity > 0 {
            grown.update(from: start, count: storedCount)
            free(start)
        }
        start = grown
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable public func append(_ byte: UInt8) {
        reserve(1)
        start[storedCount] = byte
        storedCount += 1
    }

    /// Appends bytes.
    @inlinable @inline(__always) public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + storedCount).update(from: source, count: bytes.count)
        storedCount += bytes.count
    }

    /// Appends the UTF-8 form of `scalar`.
    @inlinable public func append(scalar: Unicode.Scalar) {
        guard let encoded = UTF8.encode(scalar) else { return }
        for unit in encoded { append(unit) }
    }
}
