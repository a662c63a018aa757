import Foundation
@_spi(Engine) import ModelMapperSchema

/// The objects of a run by identity. Single integer identities, the usual kind, go in a
/// table per entity family with a multiplicative hash (a `Dictionary` hashes with SipHash).
///
/// The tables start small and double, at most three quarters full: a lookup is one random
/// access into them, and tables sized for the whole document at once (three times the buckets,
/// 24 bytes each) made that access miss the cache nearly every time, and cost a fresh page of
/// memory per few objects on every decode. (Half full cost more than it saved: growing twice
/// the buckets outweighed the shorter probes, 2.2 million instructions against 1.6 in the
/// strings benchmark.)
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
        /// The buckets at the first insertion (the map's ``IdentityMap/initialCapacity``).
        let firstCapacity: Int
    }

    // Unchecked exclusivity: a run is used by one decoder on one thread.
    /// Indexed by family (a root entity's index), `tableCount` of them, grown to the largest
    /// family seen: memory of the map's own, so that reaching a family's table checks no
    /// array's uniqueness.
    @exclusivity(unchecked) private var tables: UnsafeMutablePointer<Table>?
    @exclusivity(unchecked) private var tableCount = 0
    @exclusivity(unchecked) private var others: [IdentityKey: ModelObject] = [:]

    /// The buckets of a family's table at its first insertion: 64, or 8 for a document of under
    /// 4 KB, where a call's fixed cost is most of it (zeroing 64 buckets and looking through
    /// them again when freed cost a 157-byte document 3% of its decode).
    fileprivate let initialCapacity: Int
    /// Mixed into every hash: a document's identities cannot be picked to fall into one run
    /// of buckets, which would make each insertion linear. Chosen once per process, as Swift's
    /// own hashing seed is: chosen per map, it cost a `getrandom` system call per decode call,
    /// about a quarter of a 157-byte document's decode time (which instruction counts miss).
    private let seed = IdentityMap.processSeed
    private static let processSeed = UInt64.random(in: .min ... .max)

    /// A map for a run over a document of `documentBytes` bytes (0 when unknown).
    init(documentBytes: Int) {
        initialCapacity = documentBytes > 0 && documentBytes < 4_096 ? 8 : 64
    }

    deinit {
        guard let tables else { return }
        for family in 0..<tableCount {
            guard let entries = tables[family].entries else { continue }
            for index in 0..<tables[family].capacity { entries[index].object?.release() }
            free(entries)
        }
        tables.deinitialize(count: tableCount)
        free(tables)
    }

    /// The table of `family`, made (with those below it) when new.
    @inline(__always)
    private func table(_ family: Int) -> UnsafeMutablePointer<Table> {
        if family >= tableCount { addTables(through: family) }
        // Never nil here: addTables allocates.
        return tables.unsafelyUnwrapped + family
    }

    /// Empty tables up to and including `family`'s.
    private func addTables(through family: Int) {
        let count = family + 1
        // From malloc (`allocate` takes posix_memalign's slower path), freed with `free`.
        let grown = UnsafeMutablePointer<Table>.mallocated(capacity: count)
        if let tables {
            grown.moveInitialize(from: tables, count: tableCount)
            free(tables)
        }
        (grown + tableCount).initialize(repeating: Table(firstCapacity: initialCapacity), count: count - tableCount)
        tables = grown
        tableCount = count
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
    @inline(__always)
    func find(_ key: IdentityKey) -> (object: ModelObject?, probe: Probe) {
        guard case .integer(let family, let value) = key, family >= 0 else {
            return (others[key], Probe(family: -1, value: 0, bucket: -1))
        }
        let (object, bucket) = table(family).pointee.find(value, seed: seed)
        return (object, Probe(family: family, value: value, bucket: bucket))
    }

    /// Inserts `object` under `key`, which ``find(_:)`` did not find, where it said.
    @inline(__always)
    func insert(_ object: ModelObject, for key: IdentityKey, at probe: Probe) {
        guard probe.bucket >= 0 else {
            self[key] = object
            return
        }
        table(probe.family).pointee.insert(object, for: probe.value, at: probe.bucket, seed: seed)
    }

    /// Takes in every identity of `other`, a map of a run over a later part of the same array
    /// read apart (see ``ObjectDecoder/readArrayAcrossThreads(entity:path:)``), when none of
    /// them is here already, and answers true; answers false, taking nothing, when one is (the
    /// later part would have found an object of the earlier one, so it must be read again, in
    /// this run). `inserting`: false to only ask, when no later part will be looked up.
    func absorb(_ other: IdentityMap, inserting: Bool) -> Bool {
        for key in other.others.keys where others[key] != nil { return false }
        if let theirs = other.tables, let tables {
            for family in 0..<min(other.tableCount, tableCount) where tables[family].count > 0 {
                let table = theirs[family]
                guard let entries = table.entries else { continue }
                for position in 0..<table.capacity where entries[position].object != nil {
                    if tables[family].object(for: entries[position].value, seed: seed) != nil { return false }
                }
            }
        }
        guard inserting else { return true }
        for (key, object) in other.others { others[key] = object }
        guard let theirs = other.tables else { return true }
        for family in 0..<other.tableCount {
            let table = theirs[family]
            guard let entries = table.entries else { continue }
            for position in 0..<table.capacity {
                guard let object = entries[position].object else { continue }
                self.table(family).pointee
                    .insert(
                        object.takeUnretainedValue(),
                        for: entries[position].value,
                        seed: seed
                    )
            }
        }
        return true
    }

    subscript(key: IdentityKey) -> ModelObject? {
        get {
            guard case .integer(let family, let value) = key else { return others[key] }
            guard family >= 0, family < tableCount else { return nil }
            return table(family).pointee.object(for: value, seed: seed)
        }
        set {
            guard case .integer(let family, let value) = key, family >= 0, let newValue else {
                others[key] = newValue
                return
            }
            table(family).pointee.insert(newValue, for: value, seed: seed)
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
        if entries == nil { allocate(firstCapacity) }
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
        if entries == nil { allocate(firstCapacity) }
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
        // Zero bytes are an empty bucket (value 0, no object), and an Entry is plain values: so
        // calloc for a large table, whose pages come zeroed from the system instead of being
        // written; a small one from malloc, zeroed here, since glibc's calloc skips its
        // per-thread cache of freed blocks (freed with free, in deinit and grow).
        let bytes = capacity * MemoryLayout<IdentityMap.Entry>.stride
        let isSmall = bytes <= 1024
        guard let raw = isSmall ? malloc(bytes) : calloc(capacity, MemoryLayout<IdentityMap.Entry>.stride) else {
            preconditionFailure("out of memory allocating \(capacity) identity buckets")
        }
        if isSmall { raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes) }
        entries = raw.bindMemory(to: IdentityMap.Entry.self, capacity: capacity)
        self.capacity = capacity
    }

    /// Four times the buckets while the table is small, then twice; the entries move with their
    /// references. Quadrupling cuts what growing writes by a third (each bucket is zeroed and
    /// each entry moved about 1.3 times, not 2: the strings benchmark's decode went from 3.4% to
    /// 2.9% above a decode with no identities), for a small table up to four times the size it
    /// needs; doubling past 65,536 buckets keeps a large document's at most about twice.
    private mutating func grow(seed: UInt64) {
        guard let old = entries else { return }
        let oldCapacity = capacity
        allocate(oldCapacity < 1 << 16 ? oldCapacity * 4 : oldCapacity * 2)
        guard let entries else { return }
        let mask = capacity - 1
        for position in 0..<oldCapacity where old[position].object != nil {
            let entry = old[position]
            var index = Self.bucket(entry.value, seed: seed, mask: mask)
            while entries[index].object != nil { index = (index + 1) & mask }
            entries[index] = entry
        }
        free(old)
    }
}
