import Foundation
@_spi(Engine) import ModelMapperSchema

/// The JSON keys of one object level, matched against a key's raw UTF-8 bytes: no `String`
/// is made and nothing is hashed twice. A small open-addressing table on an FNV-1a hash,
/// confirmed by comparing bytes; the decoder first tries the key after the one it matched
/// last, since documents usually list keys in the same order every time.
///
/// A plain value of pointers, so that the decoder copies it around without reference
/// counting; the ``KeyLevel`` holding it frees its memory.
struct KeyTable: @unchecked Sendable {
    // One allocation each, written once in `init` and only read after: the table is shared by
    // every thread decoding with the model, and lookups do no bounds checks or retains.
    /// The keys' bytes, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where key `i` starts in `bytes`; `starts[i + 1]` is where it ends.
    private let starts: UnsafeMutablePointer<Int>
    private let hashes: UnsafeMutablePointer<UInt32>
    /// Key index + 1 per bucket, 0 for an empty one.
    private let buckets: UnsafeMutablePointer<Int32>
    /// Per key, whether JSON text can spell it only as its bytes (no quote, backslash or
    /// control character, which would have to be escaped).
    private let isPlain: UnsafeMutablePointer<Bool>
    /// Per key, its quoted form as words to compare with the text (see ``QuotedKeyPattern``).
    private let patterns: UnsafeMutablePointer<QuotedKeyPattern>
    private let mask: Int
    let count: Int

    /// A table of distinct keys; a key's index is its position in `keys`.
    init(keys: [String]) {
        count = keys.count
        let utf8 = keys.map { Array($0.utf8) }
        let total = utf8.reduce(0) { $0 + $1.count }
        bytes = .allocate(capacity: max(total, 1))
        starts = .allocate(capacity: count + 1)
        hashes = .allocate(capacity: max(count, 1))
        isPlain = .allocate(capacity: max(count, 1))
        patterns = .allocate(capacity: max(count, 1))
        var size = 4
        while size < count * 2 { size *= 2 }
        buckets = .allocate(capacity: size)
        buckets.initialize(repeating: 0, count: size)
        mask = size - 1
        var offset = 0
        for (index, key) in utf8.enumerated() {
            starts[index] = offset
            let plain = key.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            (isPlain + index).initialize(to: plain)
            (patterns + index).initialize(to: QuotedKeyPattern(plain ? key : nil))
            for byte in key {
                bytes[offset] = byte
                offset += 1
            }
            let hash = Self.hash(key)
            hashes[index] = hash
            var bucket = Int(hash) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(index + 1)
        }
        starts[count] = offset
    }

    /// Frees the table's memory (by its owner, once).
    func deallocate() {
        bytes.deallocate()
        starts.deallocate()
        hashes.deallocate()
        buckets.deallocate()
        isPlain.deallocate()
        patterns.deallocate()
    }

    /// Key `index`, when JSON text can spell it only as its bytes, for reading an expected key
    /// straight from the text (``JSONScanner/consumeKey(_:pattern:)``): its bytes and its
    /// quoted form as words. Nil for a key out of range or one that would be escaped.
    @inline(__always)
    func plainKey(_ index: Int) -> (bytes: UnsafeBufferPointer<UInt8>, pattern: QuotedKeyPattern)? {
        guard index < count, isPlain[index] else { return nil }
        let start = starts[index]
        return (UnsafeBufferPointer(start: bytes + start, count: starts[index + 1] - start), patterns[index])
    }

    /// The index of the key spelled by `key`, or nil.
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>, guess: Int) -> Int? {
        if guess < count, matches(guess, key) { return guess }
        let hash = Self.hash(key)
        var bucket = Int(hash) & mask
        while true {
            let entry = Int(buckets[bucket])
            if entry == 0 { return nil }
            if hashes[entry - 1] == hash, matches(entry - 1, key) { return entry - 1 }
            bucket = (bucket + 1) & mask
        }
    }

    /// The index of a key given as a string.
    func index(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { index(of: $0, guess: 0) }
    }

    @inline(__always)
    private func matches(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[index]
        let length = starts[index + 1] - start
        guard length == key.count else { return false }
        guard length > 0, let keyBase = key.baseAddress else { return true }
        return memcmp(bytes + start, keyBase, length) == 0
    }

    @inline(__always)
    private static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
