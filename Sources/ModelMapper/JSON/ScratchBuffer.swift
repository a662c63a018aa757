import Foundation

/// A growable byte buffer reused across strings, so that decoding escapes allocates only
/// when a string is longer than any before it.
final class ScratchBuffer {
    // Unchecked exclusivity: a buffer belongs to one decoding run on one thread.
    @exclusivity(unchecked) private(set) var start: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    /// A valid address for empty inputs.
    nonisolated(unsafe) static let empty = UnsafePointer<UInt8>(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    init(capacity: Int = 256) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    func removeAll() { count = 0 }

    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = newCapacity
    }

    func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(scalar: Unicode.Scalar) {
        guard let encoded = UTF8.encode(scalar) else { return }
        for unit in encoded { append(unit) }
    }
}
