import Foundation
@_spi(Engine) import ModelMapperSchema

/// Elements of a stream decoded on the pool while the stream reads on (see
/// ``ObjectStreamDecoding``): consecutive elements whose bytes have all arrived, each decoded
/// exactly as the stream would decode it on the calling thread, in a run of its own.
///
/// The batch holds the stream's buffer as it was when the elements were found (an array
/// shares its storage, so nothing is copied here; the stream's next change copies what it
/// keeps), so each element is read with the bytes after it, as on the calling thread.
///
/// It is decoded once, by whichever comes first: a block on Dispatch's global queue (the one
/// pool of threads the process has), or the calling thread when it needs the batch and no
/// block has started it, so that a busy pool never makes a stream wait for a thread.
final class StreamBatch: @unchecked Sendable {
    // Set once, before the batch is shared.
    private let buffer: [UInt8]
    private let elements: [JSONArrayStream.Element]
    private let arrayPath: JSONPath
    private let model: ObjectModel
    private let options: ModelDecoder.Options
    private let entity: Int

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var state = State.waiting
    private var outcomes: [Result<ModelObject, any Error>] = []
    private enum State { case waiting, decoding, decoded }

    /// A batch of `elements`, found in `buffer`, of the array at `arrayPath`, of objects of
    /// `entity`; each is decoded in a run of its own with `options`.
    init(
        buffer: [UInt8],
        elements: [JSONArrayStream.Element],
        arrayPath: JSONPath,
        model: ObjectModel,
        options: ModelDecoder.Options,
        entity: Int
    ) {
        self.buffer = buffer
        self.elements = elements
        self.arrayPath = arrayPath
        self.model = model
        self.options = options
        self.entity = entity
    }

    /// Submits the batch to the pool.
    func submit() {
        DispatchQueue.global().async { self.decodeUnlessStarted() }
    }

    /// Decodes the batch here when no one has started it; false when someone has.
    @discardableResult
    func decodeUnlessStarted() -> Bool {
        condition.lock()
        guard state == .waiting else {
            condition.unlock()
            return false
        }
        state = .decoding
        condition.unlock()
        let decoded = decodeElements()
        condition.lock()
        outcomes = decoded
        state = .decoded
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Whether the batch is decoded.
    var isDecoded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .decoded
    }

    /// What each element decoded into, or its error, in order: decoded here when no one has
    /// started the batch, else waited for.
    func results() -> [Result<ModelObject, any Error>] {
        decodeUnlessStarted()
        condition.lock()
        defer { condition.unlock() }
        while state != .decoded { condition.wait() }
        let taken = outcomes
        outcomes = []
        return taken
    }

    private func decodeElements() -> [Result<ModelObject, any Error>] {
        let model = self.model
        let options = self.options
        let entity = self.entity
        // The batch's elements, read one after another, share transformer plans and a handle
        // to the model, made on this thread.
        var transformers: TransformerPlans?
        let handle = ModelHandle(model)
        return buffer.withUnsafeBytes { raw in
            elements.map { element in
                let run = DecodingRun(model: model, options: options, transformers: transformers, handle: handle)
                // Made at the first transformed value: kept for the elements after this one.
                defer { if transformers == nil { transformers = run.madeTransformerPlans } }
                let path = arrayPath.appending(index: element.index)
                return Result {
                    let (object, _) = try ObjectStreamDecoding.read(
                        element,
                        in: raw,
                        entity: entity,
                        path: path,
                        run: run
                    )
                    // The batch holds objects only (see `ObjectStreamDecoding.batches`), whose
                    // reading ends at or past their range: nothing for the stream to resume.
                    return try ObjectStreamDecoding.checked(object, path: path, entity: entity, run: run)
                }
            }
        }
    }
}
