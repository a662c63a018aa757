import ModelMapper

/// One place where two JSON documents differ, said the way a reviewer would:
/// `$.authors[1].books[0].year: expected 1876, found "1876"`.
public struct JSONDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs there.
    public enum Kind: Sendable, Hashable {
        /// The values differ (a different value, or a value of another kind).
        case value(expected: JSONValue, found: JSONValue)
        /// The expected document has a member or element the other lacks.
        case missing(expected: JSONValue)
        /// The other document has a member or element the expected one lacks.
        case unexpected(found: JSONValue)
        /// The same keys, in another order.
        case keyOrder(expected: [String], found: [String])
    }

    /// Where the documents differ.
    public var path: JSONPath
    /// How they differ there.
    public var kind: Kind

    /// A difference of `kind` at `path`.
    public init(path: JSONPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// This `JSONDifference` as text, as `print` and string interpolation show it.
    public var description: String {
        switch kind {
        case .value(let expected, let found):
            "\(path): expected \(Self.show(expected)), found \(Self.show(found))"
        case .missing(let expected):
            "\(path): expected \(Self.show(expected)), found nothing"
        case .unexpected(let found):
            "\(path): expected nothing, found \(Self.show(found))"
        case .keyOrder(let expected, let found):
            "\(path): expected the keys in the order \(expected.joined(separator: ", ")), found "
                + "\(found.joined(separator: ", "))"
        }
    }

    /// A value as compact JSON, cut after 80 characters.
    static func show(_ value: JSONValue) -> String {
        let text = value.jsonText(options: [.withoutEscapingSlashes])
        return text.count > 80 ? text.prefix(79) + "…" : text
    }
}
