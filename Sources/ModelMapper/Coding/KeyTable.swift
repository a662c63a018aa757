import Foundation

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

/// A plain key with its quotes (`"name"`), up to 16 bytes, as two words and masks: the
/// decoder compares the next 16 bytes of text with it in four operations, with no call and no
/// loop. `length` is 0 for a key too long for it, or one that would be escaped.
struct QuotedKeyPattern {
    let length: Int
    let words: (UInt64, UInt64)
    let masks: (UInt64, UInt64)

    init(_ key: [UInt8]?) {
        guard let key, key.count + 2 <= 16 else {
            (length, words, masks) = (0, (0, 0), (0, 0))
            return
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var maskBytes = [UInt8](repeating: 0, count: 16)
        let quoted = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\"")]
        for (offset, byte) in quoted.enumerated() {
            bytes[offset] = byte
            maskBytes[offset] = 0xFF
        }
        func word(_ array: [UInt8], _ from: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(array[from + $1]) << (8 * UInt64($1)) }
        }
        length = quoted.count
        words = (word(bytes, 0), word(bytes, 8))
        masks = (word(maskBytes, 0), word(maskBytes, 8))
    }
}

/// What the members of one JSON object level feed: the keys of an entity's object, or of an
/// object inside it that flattened key paths (`pricing.retail_price`) go through.
final class KeyLevel: @unchecked Sendable {
    let table: KeyTable
    let nodes: [KeyNode]
    /// Where this level's entries start in a run's ``KeyOrder``: `nodes.count + 1` of them.
    let orderOffset: Int
    /// Per key, in node order, what the decoder does with its value and how it reads the key in
    /// place when it is the one expected next: the nodes as plain values (written in `init`,
    /// only read after). One entry past the last is never readable, so that a guess at the end
    /// needs no bounds check of its own.
    let entries: UnsafeMutablePointer<KeyEntry>

    init(nodes: [KeyNode], orderOffset: Int) {
        self.nodes = nodes
        let table = KeyTable(keys: nodes.map(\.key))
        self.table = table
        self.orderOffset = orderOffset
        entries = .allocate(capacity: nodes.count + 1)
        for index in 0...nodes.count {
            let action = index < nodes.count ? KeyAction(nodes[index]) : nil
            (entries + index).initialize(to: KeyEntry(plainKey: table.plainKey(index), action: action))
        }
    }

    deinit {
        table.deallocate()
        entries.deallocate()
    }
}

/// One key of a level as the decoder reads it: what reads its value and, for when it is the key
/// expected next (``KeyOrder``), its quoted form to compare in place with the text, side by side
/// in plain memory, so that reading an expected member takes one lookup.
struct KeyEntry {
    /// The key's quoted form as words (length 0: compare ``bytes``).
    let pattern: QuotedKeyPattern
    let bytes: UnsafeBufferPointer<UInt8>
    let action: KeyAction
    /// Whether it can be read in place: a key JSON spells only as its bytes, whose value one
    /// reader alone reads.
    let isReadable: Bool

    init(plainKey: (bytes: UnsafeBufferPointer<UInt8>, pattern: QuotedKeyPattern)?, action: KeyAction?) {
        pattern = plainKey?.pattern ?? QuotedKeyPattern(nil)
        bytes = plainKey?.bytes ?? UnsafeBufferPointer(start: nil, count: 0)
        self.action = action ?? KeyAction(kind: .skip, slot: -1, nested: nil)
        isReadable = plainKey != nil && action.map { $0.kind != .shared } ?? false
    }
}

/// The key order a run has seen documents use, per ``KeyLevel``: which key came first in the
/// last object read and which followed each key. The decoder tries that key first, comparing
/// it in place (``KeyTable/plainKey(_:)``), so that objects listing their keys in one order
/// (the usual case, and seldom the model's alphabetical one) are read without a lookup per
/// key. One per run, not shared: learning writes on every change of order.
///
/// Each level has `count + 1` entries from its `orderOffset`: at 0 the first key, at `i + 1`
/// the key after key `i`, each stored as its distance from `i + 1` so that zeroed memory
/// means "the keys in the model's order".
final class KeyOrder {
    let entries: UnsafeMutablePointer<Int32>

    init(count: Int) {
        entries = .allocate(capacity: max(count, 1))
        entries.initialize(repeating: 0, count: max(count, 1))
    }

    deinit {
        entries.deallocate()
    }
}

/// What the decoder does with the value of one key, worked out from its ``KeyNode`` once: a
/// plain value, so that reading a member touches no reference count.
struct KeyAction {
    enum Kind: UInt8 {
        /// An attribute reads the value (`slot`).
        case attribute
        /// A relationship reads it (`slot`); `nested` holds the owner's keys read inside it.
        case relationship
        /// An object of deeper keys (`nested`).
        case nested
        /// The key naming the object's entity.
        case typeKey
        /// Nothing reads it.
        case skip
        /// Several readers share the value: read once into a tree.
        case shared
    }

    let kind: Kind
    let slot: Int
    /// The level below, kept alive by the node.
    let nested: Unmanaged<KeyLevel>?

    init(kind: Kind, slot: Int, nested: Unmanaged<KeyLevel>?) {
        (self.kind, self.slot, self.nested) = (kind, slot, nested)
    }

    init(_ node: KeyNode) {
        nested = node.nested.map { Unmanaged.passUnretained($0) }
        if !node.hasSingleReader {
            (kind, slot) = (.shared, -1)
        } else if let attribute = node.attributes.first {
            (kind, slot) = (.attribute, attribute)
        } else if let relationship = node.relationship {
            (kind, slot) = (.relationship, relationship)
        } else if node.isTypeKey {
            (kind, slot) = (.typeKey, -1)
        } else if node.nested != nil {
            (kind, slot) = (.nested, -1)
        } else {
            (kind, slot) = (.skip, -1)
        }
    }
}

/// What one key of a level feeds.
final class KeyNode: Sendable {
    let key: String
    /// Slots of attributes whose key path ends here (usually none or one).
    let attributes: [Int]
    /// The slot of a relationship whose key path ends here.
    let relationship: Int?
    /// Keys below this one that longer key paths go through.
    let nested: KeyLevel?
    /// Whether this is the key naming the object's entity.
    let isTypeKey: Bool
    /// The key quoted for writing.
    let quoted: QuotedKey

    init(key: String, attributes: [Int], relationship: Int?, nested: KeyLevel?, isTypeKey: Bool) {
        self.key = key
        self.attributes = attributes
        self.relationship = relationship
        self.nested = nested
        self.isTypeKey = isTypeKey
        self.quoted = QuotedKey(key)
        let readers = attributes.count + (relationship == nil ? 0 : 1) + (nested == nil || relationship != nil ? 0 : 1)
        hasSingleReader = readers <= 1 && !(isTypeKey && readers > 0)
    }

    /// Whether one reader of the value is enough: an attribute alone, a relationship (with
    /// flattened keys under it read alongside), or an object of nested keys alone. Worked out
    /// once: the decoder asks for every member it reads.
    let hasSingleReader: Bool
}
