import Foundation

/// A growable byte buffer written by one ``JSONWriter``: appends are a store and an increment,
/// with no uniqueness check (an array's `append` pays one each time).
final class ByteBuffer {
    // Unchecked exclusivity: a writer and its buffer belong to one thread.
    @exclusivity(unchecked) private var start: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = Self.allocate(self.capacity)
    }

    // The bytes live in memory from malloc, grown with realloc, which moves large buffers
    // by remapping pages rather than copying them. Memory running out stops the program, as
    // it does in Swift's own allocator.
    deinit { free(start) }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { preconditionFailure("out of memory allocating \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    func bytes(from first: Int) -> [UInt8] {
        let first = min(max(first, 0), count)
        return Array(UnsafeBufferPointer(start: start + first, count: count - first))
    }

    var data: Data { Data(bytes: start, count: count) }

    /// The bytes written, as data that takes over the memory they are in (trimmed to their
    /// count, which realloc does in place); the buffer starts again empty.
    func takeData() -> Data {
        let length = count
        guard length > 0 else { return Data() }
        let whole = UnsafeMutableRawPointer(start)
        let taken = capacity - length > 64 ? realloc(start, length) ?? whole : whole
        capacity = 16
        start = Self.allocate(capacity)
        count = 0
        return Data(bytesNoCopy: taken, count: length, deallocator: .free)
    }

    func truncate(to count: Int) {
        if count < self.count { self.count = max(0, count) }
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if count + length > capacity { grow(to: count + length) }
        Self.copy(source, count: length, to: start + count)
        count += length
    }

    /// Copies bytes; keys and short values with two overlapping word copies instead of a
    /// call to memcpy.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, count length: Int, to destination: UnsafeMutablePointer<UInt8>) {
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
    func append(reserving length: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + length > capacity { grow(to: count + length) }
        count += body(start + count)
    }

    func reserveCapacity(_ wanted: Int) {
        guard wanted > capacity, let grown = realloc(start, wanted) else { return }
        start = grown.assumingMemoryBound(to: UInt8.self)
        capacity = wanted
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        guard let grown = realloc(start, newCapacity) else {
            preconditionFailure("out of memory growing to \(newCapacity) bytes")
        }
        start = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }
}
