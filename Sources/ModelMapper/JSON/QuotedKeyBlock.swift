import Foundation

/// The quoted forms of a program's keys, one after another in one allocation: a plain value
/// of pointers, freed by its program.
struct QuotedKeyBlock {
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Per key: where its form escaping slashes starts, then where its plain form starts; the
    /// last entry is the end.
    private let starts: UnsafeMutablePointer<Int>
    private let count: Int

    init(_ keys: [QuotedKey]) {
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

    func deallocate() {
        bytes.deallocate()
        starts.deallocate()
    }

    /// The bytes of `"key":` for key `index`, with `/` escaped or not.
    @inline(__always)
    func quoted(_ index: Int, escapingSlashes: Bool) -> UnsafeBufferPointer<UInt8> {
        let entry = 2 * index + (escapingSlashes ? 0 : 1)
        return UnsafeBufferPointer(start: bytes + starts[entry], count: starts[entry + 1] - starts[entry])
    }
}
