import Foundation
@_spi(Engine) import ModelMapperSchema

/// What one decoding call shares across the objects it reads: options, the model's plans,
/// collected errors, the identity map that makes repeated objects one, and transformers
/// looked up once.
final class DecodingRun {
    let model: ObjectModel
    /// What the run's objects hold to keep ``model`` alive (see ``ModelHandle``): one per run,
    /// or per stream, so that making an object counts no reference on the model.
    let modelHandle: ModelHandle
    let options: ModelDecoder.Options
    /// The tables every run with the model and conventions reads (see ``DecodingTables``):
    /// the run holds them, and reads them through the fields below.
    let tables: DecodingTables
    /// The tables' mappings and their plain-memory forms, read through the run (see
    /// ``DecodingTables`` for each).
    var mappings: [EntityMapping] { tables.mappings }
    var objectMappings: [EntityMapping] { tables.objectMappings }
    var mappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>> { tables.mappingRefs }
    var objectMappingRefs: UnsafeMutableBufferPointer<Unmanaged<EntityMapping>> { tables.objectMappingRefs }
    var objectClasses: UnsafeMutableBufferPointer<ModelObject.Type> { tables.objectClasses }
    var readingsByEntity: UnsafeMutableBufferPointer<UnsafeMutablePointer<SlotReading>> { tables.readingsByEntity }
    let strict: Bool
    @exclusivity(unchecked) private(set) var errors: [MappingError] = []
    /// The line and column of the last error the reader located, so that locating errors in
    /// document order reads the text once, not once per error.
    @exclusivity(unchecked) var errorCursor = (offset: 0, line: 1, column: 1)
    /// The objects decoded so far that have an identity.
    let identities: IdentityMap
    /// How attributes with transformers are read, looked up once per run; made at the first
    /// transformed value, so that a run over a document without one (most small requests)
    /// makes none of its three allocations.
    ///
    /// Unmanaged, and read through `_withUnsafeGuaranteedRef`, so that a transformed value's
    /// lookup counts no reference: the run holds the plans until it ends.
    var transformers: Unmanaged<TransformerPlans> {
        if let madeTransformers { return madeTransformers }
        let made = Unmanaged.passRetained(TransformerPlans(mappings: tables.mappings))
        madeTransformers = made
        return made
    }
    @exclusivity(unchecked) private var madeTransformers: Unmanaged<TransformerPlans>?
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
    @exclusivity(unchecked) var cycleSearchAllowance: Int
    /// How many pieces of a large array read on other threads the run took in (see
    /// ``ObjectDecoder/readArrayAcrossThreads(entity:path:)``): what tests and benchmarks
    /// tell the parallel reading by.
    @exclusivity(unchecked) var piecesReadApart = 0
    private(set) lazy var spellingWriters = (canonical: JSONWriter(capacity: 64), original: JSONWriter(capacity: 64))

    /// The transformer plans the run made, if it made any: for the next run of a stream's
    /// elements to take (see `init`'s `transformers`).
    var madeTransformerPlans: TransformerPlans? { madeTransformers?.takeUnretainedValue() }

    /// A run over a document of `byteCount` bytes (0 when unknown), which bounds the searches
    /// for cycles; `transformers`: the plans an earlier run of the same model and options made
    /// (a stream's elements, one run each, read one after another), so that each transformer is
    /// resolved, under the registry's lock, once per stream and not once per element; `handle`:
    /// the handle to `model` an earlier run of the stream made, for the same reason.
    init(
        model: ObjectModel,
        options: ModelDecoder.Options,
        byteCount: Int = 0,
        transformers: TransformerPlans? = nil,
        handle: ModelHandle? = nil
    ) {
        madeTransformers = transformers.map { Unmanaged.passRetained($0) }
        self.model = model
        modelHandle = handle ?? ModelHandle(model)
        self.identities = IdentityMap(documentBytes: byteCount)
        self.options = options
        let tables = DecodingTables.of(model, options: options.conventions)
        self.tables = tables
        self.strict = options.strictness == .strict
        self.keyOrder = KeyOrder(count: tables.mappings.last?.keyOrderEnd ?? 0)
        cycleSearchAllowance = Self.cycleSearchAllowance(forBytes: byteCount)
        documentBytes = byteCount
    }

    deinit {
        madeTransformers?.release()
    }

    /// The links a run over `byteCount` bytes may follow looking for cycles: enough for any
    /// document that repeats objects in the usual ways, and linear in its size.
    static func cycleSearchAllowance(forBytes byteCount: Int) -> Int {
        (1 << 16) &+ 64 &* min(byteCount, 1 << 40)
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

    /// The size of the document, for the tables below.
    private let documentBytes: Int
    @exclusivity(unchecked) private var madeURLs: TextMemory<URL>?
    @exclusivity(unchecked) private var madeLists: TextMemory<[String]>?

    /// The URLs read in this run, by their text; made at the first (most documents have none,
    /// and a small document's decode should not pay for the table).
    var urls: TextMemory<URL> {
        if let madeURLs { return madeURLs }
        let made = TextMemory<URL>(documentBytes: documentBytes)
        madeURLs = made
        return made
    }

    /// The comma-separated lists read in this run, by their text; made at the first.
    var lists: TextMemory<[String]> {
        if let madeLists { return madeLists }
        let made = TextMemory<[String]>(documentBytes: documentBytes)
        madeLists = made
        return made
    }

    /// Whether the run notes what the JSON gave each object (``givenValues``), for merging
    /// into an ``ObjectGraph``. Such a run leaves required values to the merge, which alone
    /// knows which objects are new.
    @exclusivity(unchecked) var recordsGivenValues = false
    /// What the JSON gave each object, when ``recordsGivenValues``.
    @exclusivity(unchecked) private(set) var givenValues = GivenValuesTable()
    /// Whether the run collects warnings (``warnings``): conflicting values are looked for
    /// when it does, or when they are errors.
    @exclusivity(unchecked) var collectsWarnings = false
    /// What the document did that is allowed but worth saying, in document order.
    @exclusivity(unchecked) private(set) var warnings: [MappingError] = []

    /// Whether a value a document gives an object it gave before is compared with the one
    /// before (see ``ModelDecoder/Options/conflictingValues``).
    var checksConflicts: Bool { collectsWarnings || options.conflictingValues == .error }

    /// Notes the slots of `slots` that hold a value (or null) as given to `object`, by a JSON
    /// object unless `isReference`; `insert`: what the record lacks, when it is a record (see
    /// ``GivenValues/insert``), noted for the object's first.
    func noteGivenValues(
        of object: ModelObject,
        _ slots: SlotPointer,
        count: Int,
        isReference: Bool,
        identityLists: [Int],
        insert: GivenValues.Insert?
    ) {
        givenValues.note(
            object,
            slots,
            count: count,
            isReference: isReference,
            identityLists: identityLists,
            insert: insert
        )
    }

    /// Takes in what a piece of the document read apart in a run of its own noted (see
    /// ``ObjectDecoder/readArrayAcrossThreads(entity:path:)``): what the JSON gave its objects,
    /// none of which this run has, and its warnings, which follow this run's in the document.
    func takeNotes(of piece: DecodingRun) {
        if !piece.givenValues.isEmpty { givenValues.append(contentsOf: piece.givenValues) }
        warnings.append(contentsOf: piece.warnings)
    }

    /// Notes that `holder`'s relationship in `slot` no longer holds `objects`: a later record
    /// of it gave the relationship others (see ``GivenValues/replacedIn``).
    func noteReplaced(_ objects: [ModelObject], holder: ModelObject, slot: Int) {
        givenValues.noteReplaced(objects, holder: holder, slot: slot)
    }

    /// A conflict between two values of one object: an error under
    /// ``ModelDecoder/Options/ConflictingValues/error``, else a warning.
    func reportConflict(_ conflict: MappingError) throws(MappingError) {
        if options.conflictingValues == .error { try report(conflict) } else { warnings.append(conflict) }
    }

    /// Throws the error, or records it when collecting.
    func report(_ error: MappingError) throws(MappingError) {
        guard options.collectsAllErrors else { throw error }
        errors.append(error)
    }
}
