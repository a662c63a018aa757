import Foundation

/// A JSON key with its quoted forms ready: `"key":`, with `/` escaped and not. A class, so
/// that handing one to the writer costs one retain.
@_spi(Engine) public final class QuotedKey: Sendable {
    /// The key.
    public let key: String
    /// The key quoted, with slashes escaped.
    public let escapingSlashes: [UInt8]
    /// The key quoted, with slashes as they are.
    public let plain: [UInt8]

    /// Both quoted forms of `key`.
    @inlinable public init(_ key: String) {
        self.key = key
        escapingSlashes = JSONWriter.quotedKey(key, options: [])
        plain = JSONWriter.quotedKey(key, options: .withoutEscapingSlashes)
    }
}
