import Foundation

/// The quoted forms of a program's keys, one after another in one allocation: a plain value
/// of pointers, freed by its program.
@_spi(Engine) public struct QuotedKeyBlock {
    /// The keys' quoted forms, one after another.
    public let bytes: UnsafeMutablePointer<UInt8>
    /// Per key: where its form escaping slashes starts, then where its plain form starts; the
    /// last entry is the end.
    public let starts: UnsafeMutablePointer<Int>
    /// How many keys there are.
    public let count: Int

    /// The quoted forms of `keys`, copied into one block.
    @inlinable public init(_ keys: [QuotedKey]) {
        count = keys.count
        let total = keys.reduce(0) { $0 + $1.escapingSlashes.count + $1.plain.count }
        bytes = .allocate(capacity: max(total, 1))
        starts = .allocate(capacity: 2 * count + 1)
        var offset = 0
        for (index, key) in keys.enumerated() {
            for (form, quoted) in [key.escapingSlashes, key.plain].enumerated() {
                starts[2 * index + form] = offset
                for byte in quoted {
                    bytes[offset] = byte
                    offset += 1
                }
            }
        }
        starts[2 * count] = offset
    }

    /// Frees the block: its program calls this when it is freed.
    @inlinable public func deallocate() {
        bytes.deallocate()
        starts.deallocate()
    }

    /// The bytes of `"key":` for key `index`, with `/` escaped or not.
    @inline(__always)
    @inlinable public func quoted(_ index: Int, escapingSlashes: Bool) -> UnsafeBufferPointer<UInt8> {
        let entry = 2 * index + (escapingSlashes ? 0 : 1)
        return UnsafeBufferPointer(start: bytes + starts[entry], count: starts[entry + 1] - starts[entry])
    }
}
