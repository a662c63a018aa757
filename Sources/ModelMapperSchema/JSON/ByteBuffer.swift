import Foundation

/// A growable byte buffer written by one ``JSONWriter``: appends are a store and an increment,
/// with no uniqueness check (an array's `append` pays one each time).
@_spi(Engine) public final class ByteBuffer {
    // Unchecked exclusivity: a writer and its buffer belong to one thread.
    @exclusivity(unchecked) @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var storedCount = 0
    /// How many elements (bytes) there are. The stored properties are internal, read through
    /// inlinable accessors: a client module accessing a class's stored property directly checks
    /// exclusivity at run time, unchecked or not.
    @inlinable public var count: Int { storedCount }
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes (at least 16).
    @inlinable public init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = Self.allocate(self.capacity)
    }

    // The bytes live in memory from malloc, grown with realloc, which moves large buffers
    // by remapping pages rather than copying them. Memory running out stops the program, as
    // it does in Swift's own allocator.
    deinit { free(start) }

    /// Memory for `capacity` bytes from malloc, so that realloc can grow it.
    @inlinable public static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { preconditionFailure("out of memory allocating \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// The bytes written, copied into an array.
    @inlinable public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: storedCount)) }

    /// The bytes written from offset `first` on, copied into an array.
    @inlinable public func bytes(from first: Int) -> [UInt8] {
        let first = min(max(first, 0), storedCount)
        return Array(UnsafeBufferPointer(start: start + first, count: storedCount - first))
    }

    /// The bytes written, copied into data.
    @inlinable public var data: Data { Data(bytes: start, count: storedCount) }

    /// The bytes written, as data that takes over the memory they are in (trimmed to their
    /// count, which realloc does in place); the buffer starts again empty.
    @inlinable public func takeData() -> Data {
        let length = storedCount
        guard length > 0 else { return Data() }
        let whole = UnsafeMutableRawPointer(start)
        let taken = capacity - length > 64 ? realloc(start, length) ?? whole : whole
        capacity = 16
        start = Self.allocate(capacity)
        storedCount = 0
        return Data(bytesNoCopy: taken, count: length, deallocator: .free)
    }

    /// Drops the bytes after the first `count`.
    @inlinable public func truncate(to count: Int) {
        if count < storedCount { storedCount = max(0, count) }
    }

    /// Appends one byte, growing the memory when it is full.
    @inline(__always)
    @inlinable public func append(_ byte: UInt8) {
        if storedCount == capacity { grow(to: storedCount + 1) }
        start[storedCount] = byte
        storedCount += 1
    }

    /// Appends bytes, growing the memory when they do not fit.
    @inline(__always)
    @inlinable public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if storedCount + length > capacity { grow(to: storedCount + length) }
        Self.copy(source, count: length, to: start + storedCount)
        storedCount += length
    }

    /// Copies bytes; keys and short values with two overlapping word copies instead of a
    /// call to memcpy.
    @inline(__always)
    @inlinable public static func copy(
        _ source: UnsafePointer<UInt8>,
        count length: Int,
        to destination: UnsafeMutablePointer<UInt8>
    ) {
        let target = UnsafeMutableRawPointer(destination)
        let from = UnsafeRawPointer(source)
        if length >= 8, length <= 16 {
            target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (target + length - 8).storeBytes(of: (from + length - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if length >= 4, length < 8 {
            target.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (target + length - 4).storeBytes(of: (from + length - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else {
            destination.update(from: source, count: length)
        }
    }

    /// Room for `length` more bytes, written by `body` from the pointer it gets, which
    /// returns how many it wrote (at most `length`).
    @inline(__always)
    @inlinable public func append(reserving length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storedCount + length > capacity { grow(to: storedCount + length) }
        storedCount += body(start + storedCount)
    }

    /// Grows the memory to hold `wanted` bytes, when it holds fewer.
    @inlinable public func reserveCapacity(_ wanted: Int) {
        guard wanted > capacity, let grown = realloc(start, wanted) else { return }
        start = grown.assumingMemoryBound(to: UInt8.self)
        capacity = wanted
    }

    /// Grows the memory, doubling, until it holds `needed` bytes.
    @inlinable public func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(start, newCapacity) else {
            preconditionFailure("out of memory growing to \(newCapacity) bytes")
        }
        start = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }
}
