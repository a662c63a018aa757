import Foundation

/// Where a value is in a JSON document, written the JSONPath way: `$.authors[3].books[1].year`.
///
/// ```swift
/// let path = JSONPath.root.appending(key: "authors").appending(index: 3)
/// print(path)   // $.authors[3]
/// ```
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a document.
    public enum Component: Sendable, Hashable {
        /// The member of an object with this key.
        case key(String)
        /// The element of an array at this index (from 0).
        case index(Int)
    }

    /// The steps from the document to the value.
    public var components: [Component]

    /// A path of these steps; no step is the document itself.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The document itself: `$`.
    public static let root = JSONPath()

    /// The path one object member further.
    public func appending(key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// The path one array element further.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path through every key of a key path.
    public func appending(_ keyPath: JSONKeyPath) -> JSONPath {
        appending(keys: keyPath.components)
    }

    /// The path through these object members, in order.
    public func appending(keys: some Sequence<String>) -> JSONPath {
        JSONPath(components + keys.map(Component.key))
    }

    /// The path followed by another one, taken as relative to it.
    public func appending(_ path: JSONPath) -> JSONPath {
        JSONPath(components + path.components)
    }

    /// `$.a.b[2]`; keys that are not plain identifiers are written `["a key"]`.
    ///
    /// A path of more than 32 components (a document nested thousands deep)
    /// is shortened to its first and last eight, with how many are left out between them:
    /// `$.a.a.a.a.a.a.a.a…(984 more)….a.a.a.a.a.a.a.b`; ``components`` keeps them all.
    public var description: String {
        var text = "$"
        guard components.count > Self.shortenedBeyond else {
            for component in components { Self.append(component, to: &text) }
            return text
        }
        for component in components.prefix(8) { Self.append(component, to: &text) }
        text += "…(\(components.count - 16) more)…"
        for component in components.suffix(8) { Self.append(component, to: &text) }
        return text
    }

    /// The most components a path's ``description`` shows in full.
    package static let shortenedBeyond = 32

    private static func append(_ component: Component, to text: inout String) {
        switch component {
        case .index(let index):
            text += "[\(index)]"
        case .key(let key):
            if isPlain(key) {
                text += "." + key
            } else {
                text +=
                    "[\""
                    + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\"]"
            }
        }
    }

    private static func isPlain(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy {
            $0 == "_" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
        }
    }
}
