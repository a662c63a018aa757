import Foundation

/// A JSON key with its quoted forms ready: `"key":`, with `/` escaped and not. A class, so
/// that handing one to the writer costs one retain.
final class QuotedKey: Sendable {
    let key: String
    let escapingSlashes: [UInt8]
    let plain: [UInt8]

    init(_ key: String) {
        self.key = key
        escapingSlashes = JSONWriter.quotedKey(key, options: [])
        plain = JSONWriter.quotedKey(key, options: .withoutEscapingSlashes)
    }
}
