import Foundation

/// How an attribute's value transformer is used: looked up in the registry once per run, and
/// for the built-in date and list transformers, a path that reads and writes the bytes directly.
struct TransformerPlan {
    /// The work the built-in transformers do, done without going through Foundation values.
    enum Shortcut {
        case date(DateFormat)
        case commaSeparatedList
        case none
    }

    /// The transformer's name; empty for an attribute without one.
    let name: String
    /// The registered transformer; nil when none is registered under the name.
    let transformer: ValueTransformer?
    let shortcut: Shortcut

    init(name: ValueTransformer.Name?) {
        self.name = name?.rawValue ?? ""
        transformer = name.flatMap(ValueTransformer.valueTransformer(forName:))
        // Exactly the built-in classes: a subclass may change what they do.
        switch transformer.map({ ObjectIdentifier(type(of: $0)) }) {
        case ObjectIdentifier(DateTransformer.self):
            shortcut = .date((transformer as? DateTransformer)?.format ?? .iso8601)
        case ObjectIdentifier(CommaSeparatedListTransformer.self): shortcut = .commaSeparatedList
        default: shortcut = .none
        }
    }

    /// The registered transformer.
    ///
    /// - Throws: ``MappingError`` `.unregisteredTransformer` when there is none.
    func registered() throws(MappingError) -> ValueTransformer {
        guard let transformer else { throw MappingError(.unregisteredTransformer(name)) }
        return transformer
    }
}
