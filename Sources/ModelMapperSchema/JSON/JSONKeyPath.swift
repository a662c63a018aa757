import Foundation

/// A path into nested JSON objects, parsed once from a model's `jsonKeyPath`.
///
/// `a.b.c` reads and writes `{"a": {"b": {"c": …}}}` ("flattened attributes"); a dot
/// that belongs to a JSON key is written `\.`, and a backslash `\\`:
///
/// ```swift
/// let path = try JSONKeyPath(parsing: "pricing.retail_price")
/// path.components          // ["pricing", "retail_price"]
/// try JSONKeyPath(parsing: #"links.self\.href"#).components   // ["links", "self.href"]
/// ```
public struct JSONKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The JSON keys from the outermost object inwards; never empty, no component is empty.
    public let components: [String]

    /// A path of one key, used as is (no dots are interpreted).
    public init(key: String) {
        self.components = [key]
    }

    /// A path from its components; returns nil when there are none or one is empty.
    public init?(components: [String]) {
        guard !components.isEmpty, !components.contains(where: \.isEmpty) else { return nil }
        self.components = components
    }

    /// Parses the dotted form, where `\.` is a literal dot and `\\` a literal backslash.
    ///
    /// - Throws: ``JSONKeyPath/SyntaxError`` for an empty path or component (`a..b`,
    ///   `.a`, `a.`) and for a backslash before anything but `.` or `\`.
    public init(parsing text: String) throws(SyntaxError) {
        // Fast path: no escapes, so components are the dot-separated pieces.
        // Dots are ASCII, so splitting the UTF-8 bytes cuts between characters.
        var text = text
        if let pieces = text.withUTF8({ Self.split($0) }) {
            guard !pieces.contains(where: \.isEmpty) else {
                throw SyntaxError(keyPath: text, reason: text.isEmpty ? "it is empty" : "it has an empty component")
            }
            self.components = pieces
            return
        }
        var components: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                guard character == "." || character == "\\" else {
                    throw SyntaxError(keyPath: text, reason: "'\\' must be followed by '.' or '\\', not '\(character)'")
                }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                components.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !escaping else {
            throw SyntaxError(keyPath: text, reason: "it ends with a lone '\\'")
        }
        components.append(current)
        guard !components.contains(where: \.isEmpty) else {
            throw SyntaxError(keyPath: text, reason: text.isEmpty ? "it is empty" : "it has an empty component")
        }
        self.components = components
    }

    /// The pieces between dots, or nil when there is an escape to interpret.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var pieces: [String] = []
        var start = 0
        for index in 0..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                return nil
            case UInt8(ascii: "."):
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                start = index + 1
            default:
                break
            }
        }
        pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        return pieces
    }

    /// The dotted form, escaped so that parsing it gives this path back.
    public var description: String {
        components.map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
        }
        .joined(separator: ".")
    }

    /// The reason a key path could not be parsed.
    public struct SyntaxError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
        /// The key path as written.
        public let keyPath: String
        /// What is wrong with it.
        public let reason: String

        /// The same text as ``description``, for `localizedDescription` and the other places
        /// Foundation shows an error.
        public var errorDescription: String? { description }

        /// This `SyntaxError` as text, as `print` and string interpolation show it.
        public var description: String {
            "invalid JSON key path '\(keyPath)': \(reason)"
        }
    }
}
