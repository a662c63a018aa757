import Foundation

/// The mappings of a model's entities, compiled once per key casing, when first asked for,
/// under a lock: models are shared by threads, and the first decode on any of them compiles
/// the plans. Kept as long as the model: objects refer to their mappings unowned.
final class MappingTable: @unchecked Sendable {
    private let lock = NSLock()
    private var base: [EntityMapping]?
    private var cased: [String: [EntityMapping]] = [:]

    /// The mappings with the model's names as keys: the ones objects hold.
    func mappings(for records: [EntityRecord]) -> [EntityMapping] {
        lock.lock()
        defer { lock.unlock() }
        return baseLocked(records)
    }

    /// The mappings with keys made by `casing` and, with `identifiesByID`, an attribute
    /// named `id` as the identity of entities that declare none; the base ones for
    /// `.modelNames` alone.
    func mappings(for records: [EntityRecord], casing: JSONKeyCasing, identifiesByID: Bool = false) -> [EntityMapping] {
        lock.lock()
        defer { lock.unlock() }
        if casing.isModelNames, !identifiesByID { return baseLocked(records) }
        let key = casing.cacheKey + (identifiesByID ? "+id" : "")
        if let made = cased[key] { return made }
        let made = EntityMapping.mappings(for: records, casing: casing, identifiesByID: identifiesByID)
        cased[key] = made
        return made
    }

    private func baseLocked(_ records: [EntityRecord]) -> [EntityMapping] {
        if let base { return base }
        let made = EntityMapping.mappings(for: records, casing: .modelNames, identifiesByID: false)
        base = made
        return made
    }
}
