import Foundation
@_spi(Engine) import ModelMapperSchema

extension ModelEncoder {
    /// Writes objects as a JSON array (wrapped in objects for each component of `keyPath`:
    /// `{"authors": [...]}`) to a file handle, in pieces as they are encoded: the output is
    /// never held whole, and `objects` may be a lazy sequence that makes them one at a time.
    ///
    /// For example:
    ///
    /// ```swift
    /// let handle = try FileHandle(forWritingTo: url)
    /// try ModelEncoder().encode(authors.lazy.filter(\.isActive), to: handle, at: "authors")
    /// ```
    ///
    /// Each object is written in full once per call, as ``encode(_:at:)`` does. Keys cannot be
    /// sorted (`.sortedKeys`) when streaming: that needs the whole output.
    ///
    /// - Throws: ``MappingError`` naming the path of a value that cannot be written, or
    ///   `.notRepresentable` when the options ask for sorted keys; writing errors.
    public func encode(_ objects: some Sequence<ModelObject>, to handle: FileHandle, at keyPath: String? = nil) throws {
        try stream(objects, at: keyPath) { writer in
            try handle.write(contentsOf: writer.bytes)
        }
    }

    /// Writes objects as a JSON array to an output stream (opened by the caller), in pieces as
    /// they are encoded; see ``encode(_:to:at:)-(_,FileHandle,_)``.
    ///
    /// - Throws: ``MappingError`` as when writing to a file handle; the stream's error when it
    ///   refuses bytes.
    public func encode(_ objects: some Sequence<ModelObject>, to stream: OutputStream, at keyPath: String? = nil) throws
    {
        try self.stream(objects, at: keyPath) { writer in
            let bytes = writer.bytes
            var written = 0
            while written < bytes.count {
                let count = bytes[written...]
                    .withUnsafeBufferPointer { buffer in
                        buffer.baseAddress.map { stream.write($0, maxLength: buffer.count) } ?? 0
                    }
                guard count > 0 else {
                    throw stream.streamError
                        ?? MappingError(.notRepresentable, detail: "the output stream took no more bytes")
                }
                written += count
            }
        }
    }

    /// The bytes of a streamed encoding are handed over once this many are written.
    static let flushSize = 1 << 16

    private func stream(_ objects: some Sequence<ModelObject>, at keyPath: String?, write: (JSONWriter) throws -> Void)
        throws
    {
        guard !options.outputFormatting.contains(.sortedKeys) else {
            throw MappingError(
                .notRepresentable,
                found: "sortedKeys",
                detail: "keys cannot be sorted when streaming: that needs the whole output"
            )
        }
        let keys = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        var encoder = ObjectEncoder(options: options)
        try encoder.writeArray(objects, wrappedIn: keys, flushSize: Self.flushSize, flush: write)
    }
}
