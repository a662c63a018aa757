import Foundation
@_spi(Engine) import ModelMapperSchema

/// The skeleton of every decoding run, written once for the decoder's entry points, its partial
/// reader and the graph's merges: the text made readable, the run set up, the reader taken
/// down the key path (``KeyPathDescent``), the value there read, the rest of the document
/// checked, updates of objects that existed before applied only when the document had no
/// error, and the errors thrown or handed back.
extension ModelDecoder {
    /// Where the value a run reads is.
    enum Payload {
        /// Down this key path of the text (`"data.albums"`); the text itself when nil.
        case keyPath(String?)
        /// The whole text, a value taken out of a parsed document at `path` (which its
        /// errors start from).
        case extracted(at: JSONPath)
    }

    /// What a run does with the errors it finds.
    enum ErrorHandling {
        /// Throws them: the first, or all of them under ``Options/collectsAllErrors``.
        case throwing
        /// Collects every one into the run, with warnings, and hands them back; `forGraph`:
        /// also notes what the JSON gave each object, for a merge to check.
        case collecting(forGraph: Bool)
    }

    /// Reads `data` in a run of its own: `body` reads the value at `payload`, given the reader
    /// there and the value's path.
    ///
    /// - Parameters:
    ///   - data: the JSON text.
    ///   - payload: where the value read is.
    ///   - handling: whether errors are thrown or handed back.
    ///   - locatesByLine: whether errors give the line and column of the text (not for text
    ///     written from a parsed document, whose lines the caller never saw).
    ///   - body: reads the value, given the reader there and the value's path.
    /// - Returns: what `body` returned, and the run (its errors, warnings and notes).
    /// - Throws: ``MappingError`` for malformed JSON, a key path the document lacks, or (when
    ///   `.throwing`) what `body` found, all of it as ``MappingErrors`` when collecting.
    func run<Value>(
        _ data: Data,
        payload: Payload,
        errors handling: ErrorHandling = .throwing,
        locatesByLine: Bool = true,
        _ body: (inout ObjectDecoder, JSONPath) throws(MappingError) -> Value
    ) throws -> (value: Value, run: DecodingRun) {
        let components: [String]
        switch payload {
        case .keyPath(let keyPath): components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        case .extracted: components = []
        }
        let data = try readable(data)
        // The options copied once, into the run.
        let run: DecodingRun
        if case .collecting(let forGraph) = handling {
            var options = self.options
            options.collectsAllErrors = true
            run = DecodingRun(model: model, options: options, byteCount: data.count)
            run.recordsGivenValues = forGraph
            run.collectsWarnings = true
        } else {
            run = DecodingRun(model: model, options: options, byteCount: data.count)
        }
        let read = data.withUnsafeBytes { raw -> Result<Value, MappingError> in
            var reader = ObjectDecoder(bytes: raw, run: run, locatesByLine: locatesByLine)
            return Result { () throws(MappingError) in
                let value: Value
                do throws(MappingError) {
                    let path: JSONPath
                    switch payload {
                    case .keyPath(let keyPath): path = try reader.scanner.enter(components, keyPath: keyPath ?? "")
                    case .extracted(let at): path = at
                    }
                    value = try body(&reader, path)
                    try reader.scanner.leave(components.count)
                    try reader.scanner.finish()
                } catch {
                    try reader.finishUpdates(applying: false)
                    throw error
                }
                // Updates of objects that existed before wait for a document without errors.
                try reader.finishUpdates(applying: run.errors.isEmpty)
                return value
            }
        }
        let value = try read.get()
        if case .throwing = handling, !run.errors.isEmpty { throw MappingErrors(run.errors) }
        return (value, run)
    }
}
