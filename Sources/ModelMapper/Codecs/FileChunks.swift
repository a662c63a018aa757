import Foundation

/// The contents of a file handle as an asynchronous sequence of chunks, read until its end.
public struct FileChunks: AsyncSequence, Sendable {
    /// A chunk of the file.
    public typealias Element = Data
    let handle: FileHandle
    /// How many bytes a chunk holds at most.
    let chunkSize: Int

    /// The chunks of `handle`, from its current offset.
    public init(handle: FileHandle) {
        self.init(handle: handle, chunkSize: ModelDecoder.chunkSize)
    }

    /// The chunks of `handle`, `chunkSize` bytes at most each.
    init(handle: FileHandle, chunkSize: Int) {
        self.handle = handle
        self.chunkSize = Swift.max(chunkSize, 1)
    }

    /// An iterator that reads the file from the handle's current offset.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle, chunkSize: chunkSize) }

    /// Reads the file a chunk at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle
        let chunkSize: Int

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Throws: The error reading the file handle throws.
        public mutating func next() async throws -> Data? {
            guard let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty else { return nil }
            return chunk
        }
    }
}
