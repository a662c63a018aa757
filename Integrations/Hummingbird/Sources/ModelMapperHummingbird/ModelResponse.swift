import Foundation
import Hummingbird
import ModelMapper

/// Objects as a JSON response, written by a ``/ModelMapper/ModelEncoder``: one object, or an
/// array (at a key path when given), with `Content-Type: application/json`.
///
/// For example:
///
/// ```swift
/// router.get("/orders/:id") { request, context -> ModelResponse in
///     let id = try context.parameters.require("id", as: Int64.self)
///     guard let order = try await store.order(id) else { throw HTTPError(.notFound) }
///     return ModelResponse(order)
/// }
/// ```
///
/// The objects are encoded when Hummingbird asks for the response, on the handler's task; an
/// object the encoder refuses (a value JSON cannot hold) is the server's error, a 500 whose
/// cause goes to the log, not to the client.
public struct ModelResponse: ResponseGenerator {
    private enum Contents {
        case object(ModelObject)
        case objects([ModelObject], keyPath: String?)
    }

    private let contents: Contents
    /// The response's status.
    public var status: HTTPResponse.Status
    /// The encoder that writes the objects.
    public var encoder: ModelEncoder

    /// One object, as a JSON object.
    public init(_ object: ModelObject, status: HTTPResponse.Status = .ok, encoder: ModelEncoder = ModelEncoder()) {
        contents = .object(object)
        self.status = status
        self.encoder = encoder
    }

    /// Objects, as a JSON array, or as the array at `keyPath` of an object
    /// (`"orders"` writes `{"orders": [...]}`).
    public init(
        _ objects: [ModelObject],
        at keyPath: String? = nil,
        status: HTTPResponse.Status = .ok,
        encoder: ModelEncoder = ModelEncoder()
    ) {
        contents = .objects(objects, keyPath: keyPath)
        self.status = status
        self.encoder = encoder
    }

    /// The response: the status, and the objects as JSON.
    ///
    /// - Throws: ``/ModelMapper/MappingError`` for an object the encoder refuses.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data: Data
        switch contents {
        case .object(let object): data = try encoder.encode(object)
        case .objects(let objects, let keyPath): data = try encoder.encode(objects, at: keyPath)
        }
        return Self.json(data, status: status)
    }

    /// A response of `status` with `data` as its JSON body.
    static func json(_ data: Data, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(data.count)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
