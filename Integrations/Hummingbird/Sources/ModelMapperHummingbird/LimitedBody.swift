import Hummingbird
import NIOCore

/// A request's body as chunks of bytes for the streaming decoder, refused with a 413 as soon as
/// the bytes that arrived pass `limit`.
struct LimitedBody: AsyncSequence {
    typealias Element = ByteBufferView

    let body: RequestBody
    let limit: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: RequestBody.AsyncIterator
        let limit: Int
        var count = 0

        mutating func next() async throws -> ByteBufferView? {
            guard let buffer = try await chunks.next() else { return nil }
            guard buffer.readableBytes <= limit - count else { throw ModelRequestError.tooLarge(limit: limit) }
            count += buffer.readableBytes
            return buffer.readableBytesView
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: body.makeAsyncIterator(), limit: limit)
    }
}
