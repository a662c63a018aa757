import Foundation
import Hummingbird
import ModelMapper

/// How an endpoint reads its request bodies through a model: the entity, where its objects are
/// in the JSON, the decoder's options and the size limit, all checked once, when the server
/// starts, so that a model or entity that does not exist stops the start-up instead of failing
/// each request.
///
/// A handler in a few lines, for example:
///
/// ```swift
/// let model = try OrdersModel.load()
/// let orders = try ModelRequestBody<Order>(model: model)   // a JSON array of orders
/// router.post("/orders") { request, context in
///     let received = try await orders.objects(from: request, context: context)
///     return ModelResponse(received)
/// }
/// ```
///
/// Every way of reading a body answers the same for the same bad body: 415 when the request
/// does not say it is JSON, 413 when it is over ``maximumSize`` (refused from its
/// `Content-Length` before a byte is read, or as soon as the bytes that arrived pass it), and
/// 400 with each error's JSON path, line and column when it is not JSON or does not fit the
/// model (``ModelRequestError``). Decoding runs on the calling task; one `ModelRequestBody`
/// serves every request at once (the model is shared, never written to).
public struct ModelRequestBody<Object: ModelObject>: Sendable {
    /// The decoder, with the options every request is read with.
    public let decoder: ModelDecoder
    /// The entity of the objects read (its subentities too, where the JSON names one).
    public let entity: EntityDescription
    /// Where the object or the array is in the body (`"data.orders"`); nil for the body itself.
    public let keyPath: String?
    /// The most bytes a body may have; nil for the request context's
    /// `maxUploadSize` (Hummingbird's default is 2 MiB).
    public let maximumSize: Int?

    /// Bodies of objects of `entity` (by default the entity `Object` is bound to) at `keyPath`,
    /// read by a decoder of `model` with `options`.
    ///
    /// - Parameters:
    ///   - model: the model; generated classes are bound to it (`OrdersModel.load()`).
    ///   - entity: the entity's name; nil for the one `Object`'s class is bound to, which a
    ///     body of plain `ModelObject`s must name.
    ///   - keyPath: where the object or array is in the body; nil for the body itself.
    ///   - options: how the JSON is read (limits of depth, string length and element count
    ///     included).
    ///   - maximumSize: the most bytes a body may have; nil for the context's `maxUploadSize`.
    /// - Throws: ``/ModelMapper/MappingError`` for an entity the model does not have (or one
    ///   another class is bound to) and a malformed key path; a `maximumSize` below 1 is refused
    ///   with `MappingError.notRepresentable`.
    public init(
        model: ObjectModel,
        entity: String? = nil,
        at keyPath: String? = nil,
        options: ModelDecoder.Options = ModelDecoder.Options(),
        maximumSize: Int? = nil
    ) throws {
        if let entity {
            self.entity = try model.checkedEntity(named: entity)
            // Every object of the entity is an `Object` (a generated class, or a subclass).
            let made = model.objectClass(for: self.entity)
            guard made is Object.Type else {
                throw MappingError(
                    .wrongEntity,
                    entityName: entity,
                    expected: "an entity whose objects are \(Object.self)",
                    found: "entity '\(entity)', whose objects are \(made)"
                )
            }
        } else {
            self.entity = try ModelObject.entity(for: Object.self, in: model)
        }
        if let keyPath { _ = try JSONKeyPath(parsing: keyPath) }
        if let maximumSize, maximumSize < 1 {
            throw MappingError(
                .notRepresentable,
                detail: "ModelRequestBody.maximumSize is \(maximumSize): a body limit is 1 byte or more"
            )
        }
        self.decoder = ModelDecoder(model: model, options: options)
        self.keyPath = keyPath
        self.maximumSize = maximumSize
    }

    /// The one object of the body.
    ///
    /// - Throws: ``ModelRequestError`` (400, 413, 415); the body's own errors (a connection
    ///   closed early).
    public func object(from request: Request, context: some RequestContext) async throws -> Object {
        let data = try await bodyData(of: request, context: context)
        return try ModelRequestError.answeringNow {
            try typed(decoder.decodeObject(of: entity, from: data, at: keyPath))
        }
    }

    /// The objects of the array in the body, in order.
    ///
    /// - Throws: as ``object(from:context:)``.
    public func objects(from request: Request, context: some RequestContext) async throws -> [Object] {
        let data = try await bodyData(of: request, context: context)
        return try ModelRequestError.answeringNow {
            try decoder.decodeObjects(of: entity, from: data, at: keyPath).map(typed)
        }
    }

    /// The array in the body decoded for a graph of the decoder's model and options, to be
    /// merged on the graph's own thread or actor (``/ModelMapper/ObjectGraph/merge(_:operations:)``):
    /// the expensive half of a merge, done on the request's task.
    ///
    /// For example, a graph shared between requests behind an actor:
    ///
    /// ```swift
    /// actor OrderStore {
    ///     let graph: ObjectGraph
    ///     init(model: ObjectModel) { graph = ObjectGraph(model: model) }
    ///     func merge(_ prepared: ObjectGraph.PreparedMerge) throws -> Int {
    ///         try graph.merge(prepared).objects.count
    ///     }
    /// }
    /// router.post("/orders") { request, context in
    ///     let prepared = try await orders.preparedMerge(from: request, context: context)
    ///     let merged = try await ModelRequestError.answering { try await store.merge(prepared) }
    ///     return "\(merged) orders merged"
    /// }
    /// ```
    ///
    /// The graph must read with the same options: `ObjectGraph(model:options:)` with
    /// `ObjectGraph.Options(decoding: decoder.options)`. The merge throws the body's errors
    /// (``/ModelMapper/MappingErrors``); ``ModelRequestError/answering(_:)`` answers them as
    /// a 400, as the other ways of reading do.
    ///
    /// - Throws: as ``object(from:context:)``.
    public func preparedMerge(from request: Request, context: some RequestContext) async throws
        -> ObjectGraph.PreparedMerge
    {
        let data = try await bodyData(of: request, context: context)
        return try ModelRequestError.answeringNow {
            try ObjectGraph.prepare(
                data,
                entity: entity,
                at: keyPath,
                model: decoder.model,
                options: ObjectGraph.Options(decoding: decoder.options)
            )
        }
    }

    /// The objects of the array in the body, decoded one at a time as the body arrives, so that
    /// a large array is never held whole: for bodies of many megabytes, with a ``maximumSize``
    /// to match. The limit counts the bytes as they come.
    ///
    /// For example:
    ///
    /// ```swift
    /// var count = 0
    /// for try await order in try orders.objectStream(from: request, context: context) {
    ///     count += order.lines.count
    /// }
    /// ```
    ///
    /// - Throws: ``ModelRequestError`` 415 and 413 (from `Content-Length`) at once; iterating
    ///   throws as ``objects(from:context:)``. The streaming reader reads strict JSON only.
    public func objectStream(from request: Request, context: some RequestContext) throws -> ModelRequestObjects<Object>
    {
        let (limit, _) = try checkedLimit(of: request, context: context)
        let objects = try ModelRequestError.answeringNow {
            try decoder.objects(of: entity, from: LimitedBody(body: request.body, limit: limit), at: keyPath)
        }
        return ModelRequestObjects(objects: objects)
    }

    // MARK: One rule for every way of reading

    /// The size limit for `request` and the length it declares, once its content type is
    /// checked and its declared length is within the limit.
    private func checkedLimit(of request: Request, context: some RequestContext) throws
        -> (limit: Int, declared: Int?)
    {
        let contentType = request.headers[.contentType]
        guard let contentType, Self.isJSON(contentType) else { throw ModelRequestError.notJSON(found: contentType) }
        let limit = maximumSize ?? context.maxUploadSize
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limit { throw ModelRequestError.tooLarge(limit: limit) }
        return (limit, declared)
    }

    /// The whole body, refused past the limit as soon as it passes it (counted as the stream
    /// counts it: ``LimitedBody``).
    private func bodyData(of request: Request, context: some RequestContext) async throws -> Data {
        let (limit, declared) = try checkedLimit(of: request, context: context)
        var data = Data()
        if let declared, declared > 0 { data.reserveCapacity(declared) }
        for try await chunk in LimitedBody(body: request.body, limit: limit) {
            chunk.withUnsafeBytes { bytes in data.append(contentsOf: bytes) }
        }
        return data
    }

    /// Whether a `Content-Type` says JSON: `application/json` or `application/…+json`, any case,
    /// parameters (`; charset=utf-8`) allowed.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";", maxSplits: 1).first
            .map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
        guard let type, type.hasPrefix("application/") else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }
}
