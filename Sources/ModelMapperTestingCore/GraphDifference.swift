import Foundation
import ModelMapper

/// One place where two object graphs differ: `$.books[0].title: expected "Tom Sawyer", found "Tom"`,
/// the path made of property names from the root object.
public struct GraphDifference: Sendable, Hashable, CustomStringConvertible {
    /// Where: property names (and indexes in to-many relationships) from the root object.
    public var path: JSONPath
    /// What each side has there, as text (`"Tom"`, `1876`, `nothing`, `null`, `3 objects`).
    public var expected: String
    /// What the graph compared has there, as text.
    public var found: String

    /// A difference at `path`.
    public init(path: JSONPath, expected: String, found: String) {
        self.path = path
        self.expected = expected
        self.found = found
    }

    /// This `GraphDifference` as text, as `print` and string interpolation show it.
    public var description: String { "\(path): expected \(expected), found \(found)" }
}
