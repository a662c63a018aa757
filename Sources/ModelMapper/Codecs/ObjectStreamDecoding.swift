import Foundation
@_spi(Engine) import ModelMapperSchema

/// Decodes the elements of the array at a key path of a JSON document that arrives in
/// chunks, one object at a time: the engine behind ``ModelDecoder``'s streaming API.
///
/// Each element is decoded by its own reader over its own bytes, in a run of its own (so
/// identity uniquing works within the element), or in one run for the whole stream when asked
/// (identities then grow with the stream). Errors carry the element's path and their line
/// and column in the whole document.
///
/// Elements in runs of their own are independent, so with more than one thread allowed
/// (``ModelDecoder/Options/maximumThreads``) the stream decodes them ahead, in batches on the
/// pool (``StreamBatch``), while it finds the next ones: the objects, errors and their order
/// are those of one thread. An element that is not an object, and an error around the
/// elements, wait until every element before them is delivered, and are then read here, as
/// one thread reads them. Nothing is delivered later than on one thread: before the stream
/// asks for more bytes, every element whose bytes have all arrived is delivered.
struct ObjectStreamDecoding {
    private var stream: JSONArrayStream
    private let model: ObjectModel
    private let options: ModelDecoder.Options
    private let entity: Int
    private let sharedRun: DecodingRun?
    /// The bytes of elements a batch decoded ahead gathers at least; 0 when every element is
    /// decoded on the calling thread.
    private let batchBytes: Int
    /// How many batches may be decoded ahead at once: what bounds the memory the stream holds
    /// beyond one thread's (each batch holds the buffer it was found in, at most a chunk and
    /// the largest element, and the objects decoded from it).
    private let batchLimit: Int
    /// The batches decoded ahead not yet delivered, oldest first.
    private var ahead: [StreamBatch] = []
    /// What the batch being delivered decoded, the next element last.
    private var delivering: [Result<ModelObject, any Error>] = []
    /// What waits for the batches ahead to be delivered before it is read here.
    private var parked: Parked?
    private enum Parked {
        case element(JSONArrayStream.Element)
        case error(MappingError)
    }

    /// The bytes of elements a batch gathers, unless set for a test: enough that a batch's
    /// hand-over to the pool (a few microseconds, and a thread's wake-up) is small beside its
    /// decoding (about a millisecond), and several batches fit in a read. The fuzzing build
    /// (`Fuzz/`, `-D FUZZING`) gathers 64 bytes, so that its inputs of a few kilobytes are
    /// decoded ahead and compared with the one-thread stream.
    #if FUZZING
    static let batchBytes = 64
    #else
    static let batchBytes = 128 << 10
    #endif

    /// How many bytes a stream that reads its own input (a file) reads at a time: more when
    /// decoding ahead, enough for as many batches as may be ahead, of elements as large as the
    /// largest so far (every element that has arrived is delivered before the next read, so
    /// a read of one element leaves the other threads nothing), from 1 MiB to 64 MiB.
    var readSize: Int {
        guard batchBytes > 0 else { return ModelDecoder.chunkSize }
        let most = 64 << 20
        let perBatch = max(batchBytes, largestElement)
        // Compared before multiplying: an element can be as large as the text.
        return perBatch > most / batchLimit ? most : max(1 << 20, batchLimit * perBatch)
    }
    /// The bytes of the largest element found so far.
    private var largestElement = 0
    /// The transformer plans the elements read here share (one run each, one after another).
    private var transformers: TransformerPlans?
    /// The handle to the model that the objects of the elements read here share.
    private let handle: ModelHandle

    init(
        model: ObjectModel,
        options: ModelDecoder.Options,
        entity: Int,
        keyPath: [String],
        uniquesAcrossElements: Bool,
        batchBytes: Int = Self.batchBytes
    ) {
        self.model = model
        self.options = options
        self.entity = entity
        stream = JSONArrayStream(keyPath: keyPath, of: model.entityRecords[entity].name, limits: options)
        handle = ModelHandle(model)
        sharedRun = uniquesAcrossElements ? DecodingRun(model: model, options: options, handle: handle) : nil
        // One run for the stream makes each element depend on those before: one thread.
        let decodesAhead = !uniquesAcrossElements && options.maximumThreads > 1
        self.batchBytes = decodesAhead ? max(batchBytes, 1) : 0
        // The option is the caller's to set, to any count: more batches than a pool has
        // threads would only hold memory.
        batchLimit = 2 * min(max(options.maximumThreads, 1), 256)
    }

    /// Adds the next bytes of the document.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        stream.append(bytes)
    }

    /// The next object whose bytes have all arrived; nil when more are needed, or, with
    /// `atEnd`, when the document is finished.
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors) for the
    ///   element, or for malformed JSON around the elements.
    mutating func next(atEnd: Bool) throws -> ModelObject? {
        guard batchBytes > 0 else {
            guard let element = try stream.nextElement(atEnd: atEnd) else { return nil }
            return try decodeHere(element)
        }
        while true {
            if let result = delivering.popLast() { return try result.get() }
            if parked == nil, ahead.count < batchLimit { findBatches(atEnd: atEnd) }
            if !ahead.isEmpty {
                deliverOldest()
                continue
            }
            switch parked {
            case nil:
                return nil
            case .error(let error):
                parked = nil
                throw error
            case .element(let element):
                parked = nil
                return try decodeHere(element)
            }
        }
    }

    /// Decodes `element`, in the stream's buffer, on this thread.
    private mutating func decodeHere(_ element: JSONArrayStream.Element) throws -> ModelObject {
        let run = sharedRun ?? DecodingRun(model: model, options: options, transformers: transformers, handle: handle)
        // Made at the first transformed value: kept for the elements after this one.
        defer { if transformers == nil { transformers = run.madeTransformerPlans } }
        let path = stream.arrayPath.appending(index: element.index)
        let entity = self.entity
        let outcome = stream.buffer.withUnsafeBytes { raw -> Result<(ModelObject?, Int), MappingError> in
            Result { () throws(MappingError) in try Self.read(element, in: raw, entity: entity, path: path, run: run) }
        }
        let (object, end) = try outcome.get()
        // A scalar's range runs to the next delimiter, past its value: what follows the value
        // is the array's to judge, as the decoder judges it.
        if end < element.range.count { stream.resume(at: element.range.lowerBound + end) }
        return try Self.checked(object, path: path, entity: entity, run: run)
    }

    /// Gathers the elements whose bytes have all arrived into batches, as many as may be
    /// ahead; parks what must be read here, after them.
    private mutating func findBatches(atEnd: Bool) {
        var found: [JSONArrayStream.Element] = []
        var bytes = 0
        while ahead.count < batchLimit {
            let element: JSONArrayStream.Element?
            do {
                element = try stream.nextElement(atEnd: atEnd)
            } catch {
                parked = .error(error)
                break
            }
            guard let element else { break }
            // Only an object is read to the end of its range (see `decodeHere`).
            guard !element.range.isEmpty, stream.buffer[element.range.lowerBound] == UInt8(ascii: "{") else {
                parked = .element(element)
                break
            }
            found.append(element)
            bytes += element.range.count
            largestElement = max(largestElement, element.range.count)
            if bytes >= batchBytes {
                addBatch(of: found, submitting: true)
                found = []
                bytes = 0
            }
        }
        // A small batch at the end of what has arrived goes to the pool only when others are
        // ahead of it: else this thread, which delivers it next, decodes it at once.
        if !found.isEmpty { addBatch(of: found, submitting: !ahead.isEmpty) }
    }

    private mutating func addBatch(of elements: [JSONArrayStream.Element], submitting: Bool) {
        let batch = StreamBatch(
            buffer: stream.buffer,
            elements: elements,
            arrayPath: stream.arrayPath,
            model: model,
            options: options,
            entity: entity
        )
        ahead.append(batch)
        if submitting { batch.submit() }
    }

    /// Takes the oldest batch's results for delivery: decoded here when no one has started
    /// it; while another thread decodes it, this one decodes later batches no one has started.
    private mutating func deliverOldest() {
        let oldest = ahead.removeFirst()
        if !oldest.decodeUnlessStarted() {
            for later in ahead where !oldest.isDecoded { later.decodeUnlessStarted() }
        }
        delivering = oldest.results().reversed()
    }

    /// Reads `element` of `raw` (the stream's buffer) as an object of `entity` at `path`, in
    /// `run`: the object (nil for `null`), and where its reading ended, from the element's start.
    static func read(
        _ element: JSONArrayStream.Element,
        in raw: UnsafeRawBufferPointer,
        entity: Int,
        path: JSONPath,
        run: DecodingRun
    ) throws(MappingError) -> (ModelObject?, Int) {
        run.cycleSearchAllowance = DecodingRun.cycleSearchAllowance(forBytes: element.range.count)
        // The bytes after the element too: a scalar's error may name the delimiter ending it
        // (the reader reads one value, and stops where it ends).
        let bytes = UnsafeRawBufferPointer(rebasing: raw[element.range.lowerBound...])
        var reader = ObjectDecoder(bytes: bytes, run: run)
        // From the element's first byte: a byte-order mark may start the document only.
        reader.scanner.index = 0
        reader.scanner.origin = (element.line, element.column)
        let object = try reader.readObject(entity: entity, path: path)
        reader.scanner.skipWhitespace()
        return (object, reader.scanner.index)
    }

    /// The object an element read into, once its collected errors are thrown; an error for an
    /// element that is not an object.
    static func checked(_ object: ModelObject?, path: JSONPath, entity: Int, run: DecodingRun) throws -> ModelObject {
        try run.throwCollectedErrors()
        guard let object else {
            throw MappingError(
                .typeMismatch,
                path: path,
                entityName: run.model.entityRecords[entity].name,
                expected: "an object"
            )
        }
        return object
    }
}
