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
    /// Which way the transformer's forward transformation goes.
    let direction: ValueTransformer.Direction

    init(name: ValueTransformer.Name?, direction: ValueTransformer.Direction = .modelToJSON) {
        self.name = name?.rawValue ?? ""
        let transformer = name.flatMap(ValueTransformer.valueTransformer(forName:))
        self.transformer = transformer
        // The transformer's own word first: the built-in ones go from the model to JSON.
        self.direction = transformer.flatMap { type(of: $0).direction } ?? direction
        // Exactly the built-in classes (which say they go from the model to JSON): a subclass
        // may change what they do.
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

    /// Whether `transformer` can go the way `towardsJSON` says: the reverse transformation
    /// must be allowed where that is the way.
    func canTransform(_ transformer: ValueTransformer, towardsJSON: Bool) -> Bool {
        (direction == .modelToJSON) == towardsJSON || type(of: transformer).allowsReverseTransformation()
    }

    /// Why ``canTransform(_:towardsJSON:)`` says no, for an error's detail.
    func cannotTransformDetail(towardsJSON: Bool) -> String {
        let needs = "it does not allow reverse transformation, which \(towardsJSON ? "encoding" : "decoding") needs"
        // Said for the way users of Core Data's field would not expect.
        return direction == .modelToJSON ? needs : needs + " (named in userInfo, its forward transformation reads JSON)"
    }

    /// `value` through `transformer` towards JSON or towards the model, the way ``direction`` says.
    ///
    /// - Throws: what the transformer throws.
    func transform(_ value: Any?, with transformer: ValueTransformer, towardsJSON: Bool) throws -> Any? {
        (direction == .modelToJSON) == towardsJSON
            ? try transformer.transformedValue(value) : try transformer.reverseTransformedValue(value)
    }
}
