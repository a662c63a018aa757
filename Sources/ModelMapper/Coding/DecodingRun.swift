import Foundation

/// What one decoding call shares across the objects it reads: options, the model's plans,
/// collected errors, the identity map that makes repeated objects one, and transformers
/// looked up once.
final class DecodingRun {
    let model: ObjectModel
    let options: ModelDecoder.Options
    /// The model's mappings for the options' key casing, read once per run.
    let mappings: [EntityMapping]
    /// The mappings objects are made with: the model's own (keys as named in the model),
    /// whatever the casing, so that an object's mapping does not depend on how it was read.
    let objectMappings: [EntityMapping]
    /// The same, unretained in plain memory, for the decoder to look one up per object
    /// without counting references (`mappings` keeps them alive).
    let mappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>>
    /// ``objectMappings`` likewise.
    let objectMappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>>
    /// The model's class for each entity, likewise in plain memory.
    let objectClasses: UnsafeMutableBufferPointer<ModelObject.Type>
    /// Each entity's slot readings: its mapping's, or, for an entity whose class checks raw
    /// values (``ObjectModel/rawValueChecks``), a copy of the run's own in which the checked
    /// attributes take the careful path. Plain memory, read once per object.
    let readingsByEntity: UnsafeMutableBufferPointer<UnsafeMutablePointer<SlotReading>>
    /// The copies of ``readingsByEntity`` the run made, freed with it.
    private var checkedReadings: [UnsafeMutablePointer<SlotReading>] = []
    let strict: Bool
    private(set) var errors: [MappingError] = []
    /// The line and column of the last error the reader located, so that locating errors in
    /// document order reads the text once, not once per error.
    var errorCursor = (offset: 0, line: 1, column: 1)
    /// The objects decoded so far that have an identity.
    let identities: IdentityMap
    /// How attributes with transformers are read, looked up once per run.
    let transformers: TransformerPlans
    /// Where strings with escapes are decoded.
    let scratch = ScratchBuffer()
    /// Where decoded objects' slots are made. An object graph belongs to one thread at a time,
    /// and so does a run.
    @exclusivity(unchecked) var slotAllocator = SlotArena.Allocator()
    /// The order of keys seen so far.
    let keyOrder: KeyOrder
    /// Where a value's spelling is compared with the encoder's, when keeping the source.
    /// How many links the searches that keep strong links free of cycles may still follow
    /// (see ``ObjectDecoder``'s `replace`): a bound linear in the document.
    var cycleSearchAllowance: Int
    private(set) lazy var spellingWriters = (canonical: JSONWriter(capacity: 64), original: JSONWriter(capacity: 64))

    /// A run over a document of `byteCount` bytes (0 when unknown), which bounds the searches for cycles.
    init(model: ObjectModel, options: ModelDecoder.Options, byteCount: Int = 0) {
        self.model = model
        self.identities = IdentityMap()
        self.options = options
        self.mappings = model.mappings(for: options.keyCasing, identifiesByID: options.identifiesByIDAttribute)
        self.objectMappings =
            options.keyCasing.isModelNames && !options.identifiesByIDAttribute ? mappings : model.mappings
        mappingRefs = .allocate(capacity: max(mappings.count, 1))
        _ = mappingRefs.initialize(from: mappings.map { Unmanaged.passUnretained($0) })
        objectMappingRefs = .allocate(capacity: max(mappings.count, 1))
        _ = objectMappingRefs.initialize(from: objectMappings.map { Unmanaged.passUnretained($0) })
        objectClasses = .allocate(capacity: max(model.objectClasses.count, 1))
        _ = objectClasses.initialize(from: model.objectClasses)
        readingsByEntity = .allocate(capacity: max(mappings.count, 1))
        _ = readingsByEntity.initialize(from: mappings.map(\.readings))
        if model.hasRawValueChecks {
            for (entity, checks) in model.rawValueChecks.enumerated() where !checks.isEmpty {
                let count = mappings[entity].slotCount
                let copy = UnsafeMutablePointer<SlotReading>.allocate(capacity: max(count, 1))
                copy.initialize(from: mappings[entity].readings, count: count)
                for check in checks { copy[check.slot] = copy[check.slot].checkingRawValues() }
                readingsByEntity[entity] = copy
                checkedReadings.append(copy)
            }
        }
        self.strict = options.strictness == .strict
        self.transformers = TransformerPlans(mappings: mappings)
        self.keyOrder = KeyOrder(count: mappings.last?.keyOrderEnd ?? 0)
        cycleSearchAllowance = Self.cycleSearchAllowance(forBytes: byteCount)
    }

    /// The links a run over `byteCount` bytes may follow looking for cycles: enough for any
    /// document that repeats objects in the usual ways, and linear in its size.
    static func cycleSearchAllowance(forBytes byteCount: Int) -> Int {
        (1 << 16) &+ 64 &* min(byteCount, 1 << 40)
    }

    deinit {
        readingsByEntity.deallocate()
        for readings in checkedReadings { readings.deallocate() }
        mappingRefs.deallocate()
        objectMappingRefs.deallocate()
        objectClasses.deallocate()
    }

    /// Runs `body`, then throws the collected errors, if any.
    func finish<Result>(_ body: (DecodingRun) throws -> Result) throws -> Result {
        let result = try body(self)
        if !errors.isEmpty { throw MappingErrors(errors) }
        return result
    }

    /// Throws the errors collected since the last call, if any, and forgets them: for a run
    /// shared by the elements of a stream, each element's errors are its own.
    func throwCollectedErrors() throws {
        guard !errors.isEmpty else { return }
        let collected = errors
        errors = []
        throw MappingErrors(collected)
    }

    /// Whether the run notes which slots of each object the JSON gave (``presentSlots``), for
    /// merging into an ``ObjectGraph``: a relationship an inverse filled in was not given.
    var recordsPresentSlots = false
    /// The slots the JSON gave each object, by object, when ``recordsPresentSlots``.
    private(set) var presentSlots: [ObjectIdentifier: [Bool]] = [:]

    /// Notes the slots of `slots` that hold a value (or null) as given to `object`.
    func notePresentSlots(of object: ModelObject, _ slots: UnsafeMutablePointer<Slot>, count: Int) {
        let identifier = ObjectIdentifier(object)
        var present = presentSlots[identifier] ?? Array(repeating: false, count: count)
        for slot in 0..<min(count, present.count) {
            if case .absent = slots[slot] { continue }
            present[slot] = true
        }
        presentSlots[identifier] = present
    }

    /// Throws the error, or records it when collecting.
    func report(_ error: MappingError) throws(MappingError) {
        guard options.collectsAllErrors else { throw error }
        errors.append(error)
    }
}

/// The transformer plans of a model's attributes, per entity and slot, made on first use:
/// one run of the decoder or encoder looks each transformer up once.
final class TransformerPlans {
    private let mappings: [EntityMapping]
    /// Where each entity's slots start in `table`, and the plans made so far, by slot: plain
    /// memory, so that a lookup (one per transformed value) counts no references.
    private let offsets: UnsafeMutablePointer<Int>
    private let table: UnsafeMutablePointer<Unmanaged<Box>?>
    private let tableCount: Int
    /// The plans, kept alive here; `table` refers to them unretained.
    private var boxes: [Box] = []

    private final class Box {
        let plan: TransformerPlan
        init(_ plan: TransformerPlan) { self.plan = plan }
    }

    init(mappings: [EntityMapping]) {
        self.mappings = mappings
        offsets = .allocate(capacity: max(mappings.count, 1))
        var total = 0
        for (entity, mapping) in mappings.enumerated() {
            (offsets + entity).initialize(to: total)
            total += mapping.slotCount
        }
        tableCount = max(total, 1)
        table = .allocate(capacity: tableCount)
        table.initialize(repeating: nil, count: tableCount)
    }

    deinit {
        offsets.deallocate()
        table.deallocate()
    }

    func plan(entity: Int, slot: Int) -> TransformerPlan {
        box(entity: entity, slot: slot)._withUnsafeGuaranteedRef { $0.plan }
    }

    /// The plan's shortcut alone, read without copying the plan.
    func shortcut(entity: Int, slot: Int) -> TransformerPlan.Shortcut {
        box(entity: entity, slot: slot)._withUnsafeGuaranteedRef { $0.plan.shortcut }
    }

    private func box(entity: Int, slot: Int) -> Unmanaged<Box> {
        let index = offsets[entity] + slot
        precondition(index < tableCount, "slot \(slot) of entity \(entity) out of range")
        if let box = table[index] { return box }
        let box = Box(TransformerPlan(name: mappings[entity].properties[slot].transformerName))
        boxes.append(box)
        table[index] = .passUnretained(box)
        return .passUnretained(box)
    }
}

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

    /// The integer identities of one entity family.
    fileprivate struct Table {
        var entries: [Entry] = []
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
            for entry in table.entries { entry.object?.release() }
        }
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
        guard !entries.isEmpty else { return nil }
        let mask = entries.count - 1
        var index = Self.bucket(value, seed: seed, mask: mask)
        while let object = entries[index].object {
            if entries[index].value == value { return object.takeUnretainedValue() }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Sets the object of `value`, giving back the reference to one it replaces.
    mutating func insert(_ object: ModelObject, for value: Int64, seed: UInt64) {
        if entries.isEmpty { entries = Array(repeating: IdentityMap.Entry(), count: IdentityMap.initialCapacity) }
        if (count + 1) * 4 > entries.count * 3 { grow(seed: seed) }
        let mask = entries.count - 1
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

    /// Twice the buckets; the entries move with their references.
    private mutating func grow(seed: UInt64) {
        let old = entries
        entries = Array(repeating: IdentityMap.Entry(), count: old.count * 2)
        let mask = entries.count - 1
        for entry in old where entry.object != nil {
            var index = Self.bucket(entry.value, seed: seed, mask: mask)
            while entries[index].object != nil { index = (index + 1) & mask }
            entries[index] = entry
        }
    }
}

/// The identity of an object within a run: its entity family and identity values, typed.
enum IdentityKey: Hashable {
    case integer(family: Int, Int64)
    case string(family: Int, String)
    case values(family: Int, [IdentityValue])

    /// The key of an object's slots; nil when an identity value is unset or null.
    init?(family: Int, slots: UnsafeMutablePointer<Slot>, identitySlots: UnsafeBufferPointer<Int>) {
        if identitySlots.count == 1 {
            switch slots[identitySlots[0]] {
            case .integer(let value): self = .integer(family: family, value)
            case .string(let value): self = .string(family: family, value)
            case let slot:
                guard let value = IdentityValue(slot) else { return nil }
                self = .values(family: family, [value])
            }
            return
        }
        var values: [IdentityValue] = []
        values.reserveCapacity(identitySlots.count)
        for slot in identitySlots {
            guard let value = IdentityValue(slots[slot]) else { return nil }
            values.append(value)
        }
        self = .values(family: family, values)
    }
}

/// One identity attribute's value.
enum IdentityValue: Hashable {
    case integer(Int64)
    case floatingPoint(Double)
    case boolean(Bool)
    case string(String)
    case decimal(Decimal)
    case date(Date)
    case uuid(UUID)
    case url(URL)
    case data(Data)
    case strings([String])
    /// Any other value, by its description.
    case other(String)

    init?(_ slot: Slot) {
        switch slot {
        case .absent, .null, .object, .objects: return nil
        case .integer(let value): self = .integer(value)
        case .floatingPoint(let value): self = .floatingPoint(value)
        case .boolean(let value): self = .boolean(value)
        case .string(let value): self = .string(value)
        case .decimal(let value): self = .decimal(value)
        case .date(let value): self = .date(value)
        case .uuid(let value): self = .uuid(value)
        case .url(let value): self = .url(value)
        case .data(let value): self = .data(value)
        case .strings(let value): self = .strings(value)
        case .boxed(let box): self = .other(String(describing: box.value))
        }
    }
}
