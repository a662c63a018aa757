import Foundation

/// The objects of a run by identity. Single integer identities, the usual kind, go in a
/// table per entity family with a multiplicative hash (a `Dictionary` hashes with SipHash).
///
/// The tables start small and double, at most three quarters full: a lookup is one random
/// access into them, and tables sized for the whole document at once (three times the buckets,
/// 24 bytes each) made that access miss the cache nearly every time, and cost a fresh page of
/// memory per few objects on every decode.
final class IdentityMap {
    /// A bucket: plain values, so that making, growing and freeing a table count no references
    /// per bucket. `object` holds a reference of the map's own, taken on insertion and given
    /// back in `deinit`; nil marks an empty bucket.
    fileprivate struct Entry {
        var value: Int64 = 0
        var object: Unmanaged<ModelObject>?
    }

    /// The integer identities of one entity family: buckets in memory of the map's own, so
    /// that a table is plain values and reading one from ``IdentityMap/tables`` counts no
    /// reference (an array of buckets would be retained and released at every lookup).
    fileprivate struct Table {
        var entries: UnsafeMutablePointer<Entry>?
        var capacity = 0
        var count = 0
    }

    // Unchecked exclusivity: a run is used by one decoder on one thread.
    /// Indexed by family (a root entity's index), grown to the largest family seen.
    @exclusivity(unchecked) private var tables: [Table] = []
    @exclusivity(unchecked) private var others: [IdentityKey: ModelObject] = [:]

    /// The buckets of a family's table at its first insertion.
    fileprivate static let initialCapacity = 64
    /// Mixed into every hash, chosen per map: a document's identities cannot be picked to
    /// fall into one run of buckets, which would make each insertion linear.
    private let seed = UInt64.random(in: .min ... .max)

    init() {}

    deinit {
        for table in tables {
            guard let entries = table.entries else { continue }
            for index in 0..<table.capacity { entries[index].object?.release() }
            entries.deallocate()
        }
    }

    /// Where an identity's object is in its family's table, or goes (-1: not in a table).
    struct Probe {
        fileprivate let family: Int
        fileprivate let value: Int64
        fileprivate let bucket: Int
    }

    /// The object of `key`, and where it is or goes, for ``insert(_:for:at:)``: one probe of
    /// the table for a lookup and the insertion after it (the table is grown first, so that the
    /// place stays right while nothing else is inserted in between).
    func find(_ key: IdentityKey) -> (object: ModelObject?, probe: Probe) {
        guard case .integer(let family, let value) = key, family >= 0 else {
            return (others[key], Probe(family: -1, value: 0, bucket: -1))
        }
        if family >= tables.count {
            tables.append(contentsOf: repeatElement(Table(), count: family + 1 - tables.count))
        }
        let (object, bucket) = tables[family].find(value, seed: seed)
        return (object, Probe(family: family, value: value, bucket: bucket))
    }

    /// Inserts `object` under `key`, which ``find(_:)`` did not find, where it said.
    func insert(_ object: ModelObject, for key: IdentityKey, at probe: Probe) {
        guard probe.bucket >= 0 else {
            self[key] = object
            return
        }
        tables[probe.family].insert(object, for: probe.value, at: probe.bucket, seed: seed)
    }

    subscript(key: IdentityKey) -> ModelObject? {
        get {
            guard case .integer(let family, let value) = key else { return others[key] }
            guard family >= 0, family < tables.count else { return nil }
            return tables[family].object(for: value, seed: seed)
        }
        set {
            guard case .integer(let family, let value) = key, family >= 0, let newValue else {
                others[key] = newValue
                return
            }
            if family >= tables.count {
                tables.append(contentsOf: repeatElement(Table(), count: family + 1 - tables.count))
            }
            tables[family].insert(newValue, for: value, seed: seed)
        }
    }
}

extension IdentityMap.Table {
    /// The value times a constant, the two halves of the 128-bit product folded together: every
    /// bit of the value reaches the low bits the mask keeps.
    private static func bucket(_ value: Int64, seed: UInt64, mask: Int) -> Int {
        let product = (UInt64(bitPattern: value) ^ seed).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return Int(truncatingIfNeeded: product.high ^ product.low) & mask
    }

    func object(for value: Int64, seed: UInt64) -> ModelObject? {
        guard let entries else { return nil }
        let mask = capacity - 1
        var index = Self.bucket(value, seed: seed, mask: mask)
        while let object = entries[index].object {
            if entries[index].value == value { return object.takeUnretainedValue() }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The object of `value`, and its bucket; or nil and the empty bucket it goes into (the
    /// table made or grown first, so that one more fits).
    mutating func find(_ value: Int64, seed: UInt64) -> (object: ModelObject?, bucket: Int) {
        if entries == nil { allocate(IdentityMap.initialCapacity) }
        if (count + 1) * 4 > capacity * 3 { grow(seed: seed) }
        guard let entries else { return (nil, -1) }
        let mask = capacity - 1
        var index = Self.bucket(value, seed: seed, mask: mask)
        while let existing = entries[index].object {
            if entries[index].value == value { return (existing.takeUnretainedValue(), index) }
            index = (index + 1) & mask
        }
        return (nil, index)
    }

    /// Puts `object` into the empty bucket ``find(_:seed:)`` gave for `value`.
    mutating func insert(_ object: ModelObject, for value: Int64, at bucket: Int, seed: UInt64) {
        guard let entries, bucket >= 0, bucket < capacity, entries[bucket].object == nil else {
            insert(object, for: value, seed: seed)
            return
        }
        entries[bucket] = IdentityMap.Entry(value: value, object: .passRetained(object))
        count += 1
    }

    /// Sets the object of `value`, giving back the reference to one it replaces.
    mutating func insert(_ object: ModelObject, for value: Int64, seed: UInt64) {
        if entries == nil { allocate(IdentityMap.initialCapacity) }
        if (count + 1) * 4 > capacity * 3 { grow(seed: seed) }
        guard let entries else { return }
        let mask = capacity - 1
        var index = Self.bucket(value, seed: seed, mask: mask)
        while let existing = entries[index].object {
            if entries[index].value == value {
                entries[index].object = .passRetained(object)
                existing.release()
                return
            }
            index = (index + 1) & mask
        }
        entries[index] = IdentityMap.Entry(value: value, object: .passRetained(object))
        count += 1
    }

    /// Empty buckets, `capacity` of them (a power of two).
    private mutating func allocate(_ capacity: Int) {
        let buckets = UnsafeMutablePointer<IdentityMap.Entry>.allocate(capacity: capacity)
        buckets.initialize(repeating: IdentityMap.Entry(), count: capacity)
        entries = buckets
        self.capacity = capacity
    }

    /// Twice the buckets; the entries move with their references.
    private mutating func grow(seed: UInt64) {
        guard let old = entries else { return }
        let oldCapacity = capacity
        allocate(oldCapacity * 2)
        guard let entries else { return }
        let mask = capacity - 1
        for position in 0..<oldCapacity where old[position].object != nil {
            let entry = old[position]
            var index = Self.bucket(entry.value, seed: seed, mask: mask)
            while entries[index].object != nil { index = (index + 1) & mask }
            entries[index] = entry
        }
        old.deallocate()
    }
}
