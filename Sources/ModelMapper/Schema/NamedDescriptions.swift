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
    private let make: @Sendable (Int) -> Description

    init(names: [String], positions: [String: Int], make: @escaping @Sendable (Int) -> Description) {
        self.names = names
        self.positions = positions
        self.make = make
    }

    /// The description with this name, or nil.
    public subscript(name: String) -> Description? {
        positions[name].map(make)
    }

    /// The names, in declaration order.
    public var keys: [String] { names }

    /// The descriptions, in declaration order.
    public var values: [Description] { names.indices.map { make(positions[names[$0]] ?? $0) } }

    public var count: Int { names.count }

    public var isEmpty: Bool { names.isEmpty }

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
