import Hummingbird
import ModelMapper

/// The objects of a request body's array, decoded as the body arrives
/// (``ModelRequestBody/objectStream(from:context:)``); the decoder's errors come as
/// ``ModelRequestError``s, as from every other way of reading a body.
public struct ModelRequestObjects<Object: ModelObject>: AsyncSequence {
    /// An object of the array, in order.
    public typealias Element = Object

    let objects: ModelObjectSequence<LimitedBody>

    /// Iterates the objects.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var objects: ModelObjectSequence<LimitedBody>.AsyncIterator

        /// The next object; nil after the last.
        ///
        /// - Throws: ``ModelRequestError`` (400, 413); the body's own errors.
        public mutating func next() async throws -> Object? {
            let object: ModelObject?
            do {
                object = try await objects.next()
            } catch {
                throw ModelRequestError.answer(for: error)
            }
            return try object.map(typed)
        }
    }

    /// An iterator over the objects; the body is read once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(objects: objects.makeAsyncIterator())
    }
}

/// `object` as an `Object`: what every way of reading a body gives back.
///
/// - Throws: ``/ModelMapper/MappingError/wrongEntity(_:)`` for an object of another class (a
///   model whose entity the class is not bound to).
func typed<Object: ModelObject>(_ object: ModelObject) throws -> Object {
    guard let typed = object as? Object else {
        throw MappingError(
            .wrongEntity,
            entityName: object.entity.name,
            expected: "an instance of \(Object.self)",
            found: "an instance of \(type(of: object))"
        )
    }
    return typed
}
