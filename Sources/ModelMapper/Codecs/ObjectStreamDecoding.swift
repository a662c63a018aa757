import Foundation
@_spi(Engine) import ModelMapperSchema

/// Decodes the elements of the array at a key path of a JSON document that arrives in
/// chunks, one object at a time: the engine behind ``ModelDecoder``'s streaming API.
///
/// Each element is decoded by its own reader over its own bytes, in a run of its own (so
/// identity uniquing works within the element), or in one run for the whole stream when asked
/// (identities then grow with the stream). Errors carry the element's path and their line
/// and column in the whole document.
struct ObjectStreamDecoding {
    private var stream: JSONArrayStream
    private let model: ObjectModel
    private let options: ModelDecoder.Options
    private let entity: Int
    private let sharedRun: DecodingRun?

    init(model: ObjectModel, options: ModelDecoder.Options, entity: Int, keyPath: [String], uniquesAcrossElements: Bool)
    {
        self.model = model
        self.options = options
        self.entity = entity
        stream = JSONArrayStream(keyPath: keyPath, of: model.entityRecords[entity].name, limits: options)
        sharedRun = uniquesAcrossElements ? DecodingRun(model: model, options: options) : nil
    }

    var isFinished: Bool { stream.isFinished }

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
        guard let element = try stream.nextElement(atEnd: atEnd) else { return nil }
        let run = sharedRun ?? DecodingRun(model: model, options: options)
        run.cycleSearchAllowance = DecodingRun.cycleSearchAllowance(forBytes: element.range.count)
        let path = stream.arrayPath.appending(index: element.index)
        let entity = self.entity
        let outcome = stream.buffer.withUnsafeBytes { raw -> Result<(ModelObject?, Int), MappingError> in
            // The bytes after the element too: a scalar's error may name the delimiter ending it
            // (the reader reads one value, and stops where it ends).
            let bytes = UnsafeRawBufferPointer(rebasing: raw[element.range.lowerBound...])
            var reader = ObjectDecoder(bytes: bytes, run: run)
            // From the element's first byte: a byte-order mark may start the document only.
            reader.scanner.index = 0
            reader.scanner.origin = (element.line, element.column)
            return Result { () throws(MappingError) in
                let object = try reader.readObject(entity: entity, path: path)
                reader.scanner.skipWhitespace()
                return (object, reader.scanner.index)
            }
        }
        let (object, end) = try outcome.get()
        // A scalar's range runs to the next delimiter, past its value: what follows the value
        // is the array's to judge, as the decoder judges it.
        if end < element.range.count { stream.resume(at: element.range.lowerBound + end) }
        try run.throwCollectedErrors()
        guard let object else {
            throw MappingError(
                .typeMismatch,
                path: path,
                entityName: model.entityRecords[entity].name,
                expected: "an object"
            )
        }
        return object
    }
}
