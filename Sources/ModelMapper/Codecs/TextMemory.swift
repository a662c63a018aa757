import Foundation
@_spi(Engine) import ModelMapperSchema

/// Values a decoding run has read from strings, by their text: documents repeat their links (a
/// user's avatar in each of their posts, a product's image in each order) and their lists
/// (the same tags on many records), and `URL(string:)` costs more than reading the rest of a
/// small object, while a list read anew is an allocation per record that holds it. A
/// remembered value is the one reading the same text gives (`URL(string:)`, the
/// comma-separated list), and it is a value type, so remembering changes no value: equal lists
/// share their storage, as copies of one array do.
///
/// A table of fixed size, each text in the place its hash names, a newer text taking the place
/// of an older one: the memory stays bounded whatever the document, and a lookup costs a hash
/// of the bytes and one comparison, far less than a dictionary keyed by `String` (which hashes
/// with SipHash). A document whose links do not repeat (one per record) stops the remembering
/// after its first ones, so that it pays for no more than those.
final class TextMemory<Value> {
    private struct Entry {
        let hash: UInt64
        /// The text, as a native string, so that its UTF-8 is contiguous.
        let text: String
        let value: Value
    }

    /// The table's size: a power of two, from 16 places to 1,024, by the document's size
    /// (a place for every 256 bytes), so that a small response does not pay for a big table.
    let capacity: Int
    private var entries: [Entry?] = []
    private var lookups = 0
    private var hits = 0
    /// Lookups before the hit rate is judged, and the least rate that keeps the table.
    static var trial: Int { 256 }
    static var leastHitsPerTrial: Int { 16 }

    init(documentBytes: Int) {
        var capacity = 16
        while capacity < 1_024, capacity &* 256 < documentBytes { capacity &*= 2 }
        self.capacity = capacity
    }

    /// What `read` gives for `text` (valid UTF-8; `read` gets it as bytes and as a string),
    /// remembered for the rest of the run. `read` must give the same value for the same text.
    func value(
        _ text: UnsafeBufferPointer<UInt8>,
        read: (UnsafeBufferPointer<UInt8>, String) -> Value?
    ) -> Value? {
        guard lookups < Self.trial || hits >= Self.leastHitsPerTrial else {
            return read(text, UTF8Validation.string(ofValid: text))
        }
        lookups &+= 1
        let hash = Self.hash(text)
        if entries.isEmpty { entries = Array(repeating: nil, count: capacity) }
        let place = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (capacity &- 1)
        if let entry = entries[place], entry.hash == hash, Self.equal(entry.text, text) {
            hits &+= 1
            return entry.value
        }
        let string = UTF8Validation.string(ofValid: text)
        guard let value = read(text, string) else { return nil }
        entries[place] = Entry(hash: hash, text: string, value: value)
        return value
    }

    /// FNV-1a over eight bytes at a time: not hostile-proof, and need not be, since a collision
    /// only costs the reading that remembering would have saved.
    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var offset = 0
        while text.count &- offset >= 8 {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            offset &+= 8
        }
        while offset < text.count {
            hash = (hash ^ UInt64(base[offset])) &* 0x0000_0100_0000_01B3
            offset &+= 1
        }
        return hash ^ UInt64(text.count)
    }

    private static func equal(_ stored: String, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.utf8.count == text.count else { return false }
        let equal = stored.utf8.withContiguousStorageIfAvailable { stored in
            guard let a = stored.baseAddress, let b = text.baseAddress else { return true }
            return memcmp(a, b, text.count) == 0
        }
        return equal ?? stored.utf8.elementsEqual(text)
    }
}
