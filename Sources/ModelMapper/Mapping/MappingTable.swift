import Foundation

/// The mappings of a model's entities, compiled once per conventions (key casing, identities), when first asked for,
/// under a lock: models are shared by threads, and the first decode on any of them compiles
/// the plans. Kept as long as the model: objects refer to their mappings unowned.
final class MappingTable: @unchecked Sendable {
    private let lock = NSLock()
    private var base: [EntityMapping]?
    private var cased: [ModelConventions.Resolved: [EntityMapping]] = [:]

    /// The mappings with the model's names as keys: the ones objects hold.
    func mappings(for records: [EntityRecord]) -> [EntityMapping] {
        lock.lock()
        defer { lock.unlock() }
        return baseLocked(records)
    }

    /// The mappings with keys and identities made by `conventions`; the base ones for the base.
    func mappings(for records: [EntityRecord], conventions: ModelConventions.Resolved) -> [EntityMapping] {
        lock.lock()
        defer { lock.unlock() }
        if conventions.isBase { return baseLocked(records) }
        if let made = cased[conventions] { return made }
        let made = EntityMapping.mappings(for: records, conventions: conventions)
        cased[conventions] = made
        return made
    }

    private func baseLocked(_ records: [EntityRecord]) -> [EntityMapping] {
        if let base { return base }
        let made = EntityMapping.mappings(for: records, conventions: .base)
        base = made
        return made
    }
}
