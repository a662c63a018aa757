import Foundation
@_spi(Engine) import ModelMapperSchema

/// The URLs a decoding run has read, by their text: documents repeat their links (a user's
/// avatar in each of their posts, a product's image in each order), and `URL(string:)` costs
/// more than reading the rest of a small object. A remembered URL is the one `URL(string:)`
/// gives for the same text, so remembering changes no value.
///
/// A table of fixed size, each text in the place its hash names, a newer text taking the place
/// of an older one: the memory stays bounded whatever the document, and a lookup costs a hash
/// of the bytes and one comparison, far less than a dictionary keyed by `String` (which hashes
/// with SipHash). A document whose links do not repeat (one per record) stops the remembering
/// after its first ones, so that it pays for no more than those.
final class URLMemory {
    private struct Entry {
        let hash: UInt64
        /// The text, as made for `URL(string:)`: native, so its UTF-8 is contiguous.
        let text: String
        let url: URL
    }

    /// The table's size: a power of two, from 16 places to 1,024, by the document's size
    /// (a place for every 256 bytes), so that a small response does not pay for a big table.
    let capacity: Int
    private var entries: [Entry?] = []
    private var lookups = 0
    private var hits = 0
    /// Lookups before the hit rate is judged, and the least rate that keeps the table.
    static let trial = 256
    static let leastHitsPerTrial = 16

    init(documentBytes: Int) {
        var capacity = 16
        while capacity < 1_024, capacity &* 256 < documentBytes { capacity &*= 2 }
        self.capacity = capacity
    }

    /// `URL(string:)` of `text` (valid UTF-8), remembered for the rest of the run.
    func url(_ text: UnsafeBufferPointer<UInt8>) -> URL? {
        guard lookups < Self.trial || hits >= Self.leastHitsPerTrial else {
            return URL(string: UTF8Validation.string(ofValid: text))
        }
        lookups &+= 1
        let hash = Self.hash(text)
        if entries.isEmpty { entries = Array(repeating: nil, count: capacity) }
        let place = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (capacity &- 1)
        if let entry = entries[place], entry.hash == hash, Self.equal(entry.text, text) {
            hits &+= 1
            return entry.url
        }
        let string = UTF8Validation.string(ofValid: text)
        guard let url = URL(string: string) else { return nil }
        entries[place] = Entry(hash: hash, text: string, url: url)
        return url
    }

    /// FNV-1a over eight bytes at a time: not hostile-proof, and need not be, since a collision
    /// only costs the `URL(string:)` that remembering would have saved.
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
