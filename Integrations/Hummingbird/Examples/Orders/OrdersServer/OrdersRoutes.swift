import Foundation
import Hummingbird
import ModelMapper
import ModelMapperHummingbird
import OrdersKit

/// The example's two endpoints, through ModelMapper and (under `/codable`) through Codable.
///
/// - `POST /orders`: a JSON array of orders, merged into one graph held by an actor (an order
///   the graph has, by `order_id`, is updated; its lines, by `line_id`, replaced); the answer
///   is a ``ChangeSummary``.
/// - `GET /orders`: the graph's orders, as a JSON array.
public enum OrdersRoutes {
    /// A router with both sides' endpoints, each with a store of its own, reading bodies of up
    /// to `maximumBodySize` bytes.
    ///
    /// - Throws: what loading the model throws (at start-up, not per request).
    public static func router(maximumBodySize: Int = 2 << 20) throws -> Router<BasicRequestContext> {
        let router = Router()
        try addModelMapperRoutes(to: router, maximumBodySize: maximumBodySize)
        addCodableRoutes(to: router)
        return router
    }

    /// `POST /orders` and `GET /orders`.
    static func addModelMapperRoutes(to router: Router<BasicRequestContext>, maximumBodySize: Int) throws {
        let model = try OrdersModel.load()
        let orders = try ModelRequestBody<Order>(model: model, maximumSize: maximumBodySize)
        let store = OrderGraphStore(model: model, options: orders.decoder.options)
        router.post("/orders") { request, context -> Response in
            let prepared = try await orders.preparedMerge(from: request, context: context)
            return try answer(await ModelRequestError.answering { try await store.merge(prepared) })
        }
        router.get("/orders") { _, _ -> Response in
            jsonResponse(try await store.encodedOrders())
        }
    }

    /// `value` as a JSON response (both sides answer a POST this way).
    static func answer(_ value: some Encodable) throws -> Response {
        jsonResponse(try JSONEncoder().encode(value))
    }

    /// A 200 response with `data` as its JSON body.
    static func jsonResponse(_ data: Data) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
