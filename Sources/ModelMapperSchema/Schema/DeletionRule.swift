/// What Core Data does with a relationship's destination when its source is deleted.
///
/// ModelMapper has no store, so the rule is informational; it is kept so tools and
/// generated code can show it.
public enum DeletionRule: String, Sendable, Hashable, CaseIterable {
    /// The destination's inverse is cleared.
    case nullify = "Nullify"
    /// The destination is deleted too.
    case cascade = "Cascade"
    /// The source cannot be deleted while it has a destination.
    case deny = "Deny"
    /// Nothing is done to the destination.
    case noAction = "No Action"
}

extension DeletionRule {
    /// The rules by their names in model files.
    static let byName: [String: DeletionRule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}
