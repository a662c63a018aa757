import Foundation

/// The contents of a file handle as an asynchronous sequence of chunks, read until its end.
public struct FileChunks: AsyncSequence, Sendable {
    /// A chunk of the file.
    public typealias Element = Data
    let handle: FileHandle

    /// The chunks of `handle`, from its current offset.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// An iterator that reads the file from the handle's current offset.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle) }

    /// Reads the file a chunk at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Throws: The error reading the file handle throws.
        public mutating func next() async throws -> Data? {
            guard let chunk = try handle.read(upToCount: ModelDecoder.chunkSize), !chunk.isEmpty else { return nil }
            return chunk
        }
    }
}
