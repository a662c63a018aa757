/// A read-only, by-name view of descriptions: `entitiesByName`, `attributesByName`, …
///
/// Subscripting by name is a dictionary lookup, as with Core Data's dictionaries;
/// iterating gives `(key, value)` pairs in the model's declaration order.
///
/// ```swift
/// if let author = model.entitiesByName["Author"] {
///     for (name, attribute) in author.attributesByName { print(name, attribute.attributeType) }
/// }
/// ```
public struct NamedDescriptions<Description: Sendable>: Sendable, Sequence {
    private let names: [String]
    private let positions: [String: Int]
    private let includes: @Sendable (Int) -> Bool
    private let make: @Sendable (Int) -> Description

    /// - Parameters:
    ///   - names: the names in this view, in declaration order.
    ///   - positions: name -> position for a superset of `names` (an entity's whole property table).
    ///   - includes: whether a position belongs to this view (an attribute, for `attributesByName`).
    ///   - make: the description at a position.
    init(
        names: [String],
        positions: [String: Int],
        includes: @escaping @Sendable (Int) -> Bool = { _ in true },
        make: @escaping @Sendable (Int) -> Description
    ) {
        self.names = names
        self.positions = positions
        self.includes = includes
        self.make = make
    }

    /// The description with this name, or nil.
    public subscript(name: String) -> Description? {
        guard let position = positions[name], includes(position) else { return nil }
        return make(position)
    }

    /// The names, in declaration order.
    public var keys: [String] { names }

    /// The descriptions, in declaration order.
    public var values: [Description] { names.indices.map { make(positions[names[$0]] ?? $0) } }

    /// The number of descriptions.
    public var count: Int { names.count }

    /// Whether there is none.
    public var isEmpty: Bool { names.isEmpty }

    /// The `(name, description)` pairs in declaration order.
    public func makeIterator() -> AnyIterator<(key: String, value: Description)> {
        var index = 0
        return AnyIterator {
            guard index < names.count else { return nil }
            defer { index += 1 }
            let name = names[index]
            return (name, make(positions[name] ?? index))
        }
    }
}
