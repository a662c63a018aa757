import Foundation

extension ModelDecoder {
    /// Decodes the objects of the array at `keyPath` of a JSON file (the document itself
    /// when nil) one at a time, reading the file in chunks: memory stays bounded by the
    /// largest element, however long the file.
    ///
    /// For example:
    ///
    /// ```swift
    /// try decoder.forEachObject(of: bookEntity, inFileAt: url, at: "books") { book in
    ///     index.add(book)
    /// }
    /// ```
    ///
    /// Objects with the same identity are one object within an element; with
    /// `uniquesAcrossElements`, across the whole file (memory then grows with the identities
    /// kept).
    ///
    /// - Throws: ``MappingError`` (``MappingErrors`` when collecting all errors) for the first
    ///   element that does not decode, with its path and its line and column in the file, or
    ///   for malformed JSON around the elements; errors `body` throws; file-system errors.
    public func forEachObject(
        of entity: some EntitySpecifier,
        inFileAt url: URL,
        at keyPath: String? = nil,
        uniquesAcrossElements: Bool = false,
        _ body: (ModelObject) throws -> Void
    ) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try forEachObject(
            of: entity,
            readingFrom: handle,
            at: keyPath,
            uniquesAcrossElements: uniquesAcrossElements,
            body
        )
    }

    /// Decodes the objects of the array at `keyPath` of the JSON read from `handle` until its
    /// end, one at a time; see ``forEachObject(of:inFileAt:at:uniquesAcrossElements:_:)``.
    ///
    /// - Throws: ``MappingError`` as for a file; errors `body` throws; reading errors.
    public func forEachObject(
        of entity: some EntitySpecifier,
        readingFrom handle: FileHandle,
        at keyPath: String? = nil,
        uniquesAcrossElements: Bool = false,
        _ body: (ModelObject) throws -> Void
    ) throws {
        var decoding = try streamDecoding(of: entity, at: keyPath, uniquesAcrossElements: uniquesAcrossElements)
        while true {
            let chunk = try handle.read(upToCount: decoding.readSize) ?? Data()
            let atEnd = chunk.isEmpty
            if !atEnd { decoding.append(chunk) }
            while let object = try decoding.next(atEnd: atEnd) { try body(object) }
            if atEnd { return }
        }
    }

    /// The objects of the array at `keyPath` of JSON that arrives as an asynchronous sequence
    /// of byte chunks (`Data`, `[UInt8]`, …), decoded one at a time as the chunks come.
    ///
    /// For example:
    ///
    /// ```swift
    /// for try await book in try decoder.objects(of: bookEntity, from: chunks, at: "books") {
    ///     print(book.value(forKey: "title") ?? "")
    /// }
    /// ```
    ///
    /// - Throws: ``MappingError`` for a malformed key path. Iterating throws what
    ///   ``forEachObject(of:inFileAt:at:uniquesAcrossElements:_:)`` throws, and the chunks' errors.
    public func objects<Chunks: AsyncSequence>(
        of entity: some EntitySpecifier,
        from chunks: Chunks,
        at keyPath: String? = nil,
        uniquesAcrossElements: Bool = false
    ) throws -> ModelObjectSequence<Chunks> where Chunks.Element: Sequence<UInt8> {
        ModelObjectSequence(
            chunks: chunks,
            decoding: try streamDecoding(of: entity, at: keyPath, uniquesAcrossElements: uniquesAcrossElements)
        )
    }

    /// The objects of the array at `keyPath` of a JSON file, decoded one at a time as the
    /// file is read in chunks.
    ///
    /// - Throws: ``MappingError`` for a malformed key path; file-system errors when the file
    ///   cannot be opened. Iterating throws as for ``objects(of:from:at:uniquesAcrossElements:)``.
    public func objects(
        of entity: some EntitySpecifier,
        inFileAt url: URL,
        at keyPath: String? = nil,
        uniquesAcrossElements: Bool = false
    ) throws -> ModelObjectSequence<FileChunks> {
        let decoding = try streamDecoding(of: entity, at: keyPath, uniquesAcrossElements: uniquesAcrossElements)
        // Read as `forEachObject` reads a file: enough at a time for the batches decoded ahead.
        return ModelObjectSequence(
            chunks: FileChunks(handle: try FileHandle(forReadingFrom: url), chunkSize: decoding.readSize),
            decoding: decoding
        )
    }

    /// How many bytes a stream reads at a time.
    static let chunkSize = 1 << 16

    private func streamDecoding(of entity: some EntitySpecifier, at keyPath: String?, uniquesAcrossElements: Bool)
        throws -> ObjectStreamDecoding
    {
        let entity = try model.checkedEntity(entity)
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        guard options.syntax == .strict else {
            throw MappingError(
                .invalidJSON,
                detail: "the streaming readers read strict JSON only (ModelDecoder.Options.syntax is .lenient): "
                    + "decode the document whole to allow comments and trailing commas"
            )
        }
        return ObjectStreamDecoding(
            model: model,
            options: options,
            entity: entity.index,
            keyPath: components,
            uniquesAcrossElements: uniquesAcrossElements
        )
    }
}

/// The objects of a JSON array decoded one at a time from chunks of bytes as they arrive
/// (``ModelDecoder/objects(of:from:at:uniquesAcrossElements:)``).
public struct ModelObjectSequence<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
    /// An object decoded from one element of the array.
    public typealias Element = ModelObject
    let chunks: Chunks
    let decoding: ObjectStreamDecoding

    /// An iterator that reads the chunks as objects need them.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator(), decoding: decoding)
    }

    /// Reads chunks as objects need them.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: Chunks.AsyncIterator
        var decoding: ObjectStreamDecoding
        var atEnd = false

        /// The next object of the array, or `nil` after its last.
        ///
        /// - Throws: ``MappingError`` for a value the model refuses or a syntax error, located in
        ///   the document; what the chunks' sequence throws.
        public mutating func next() async throws -> ModelObject? {
            while true {
                if let object = try decoding.next(atEnd: atEnd) { return object }
                if atEnd { return nil }
                if let chunk = try await chunks.next() {
                    decoding.append(chunk)
                } else {
                    atEnd = true
                }
            }
        }
    }
}
