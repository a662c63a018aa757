import Foundation
import Hummingbird

extension OrdersRoutes {
    // The Codable way, for comparison: the same two endpoints doing the same work, with
    // `JSONDecoder` and `JSONEncoder` and the orders in a dictionary keyed by id behind an actor.

    /// `POST /codable/orders` and `GET /codable/orders`.
    static func addCodableRoutes(to router: Router<BasicRequestContext>) {
        let store = CodableOrderStore()
        router.post("/codable/orders") { request, context -> Response in
            guard let type = request.headers[.contentType], type.lowercased().hasPrefix("application/json") else {
                throw HTTPError(.unsupportedMediaType)
            }
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let records: [OrderRecord]
            do {
                records = try decoder.decode([OrderRecord].self, from: Data(body.readableBytesView))
            } catch let error as DecodingError {
                throw HTTPError(.badRequest, message: "\(error)")
            }
            return try answer(await store.upsert(records))
        }
        router.get("/codable/orders") { _, _ -> Response in
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            return jsonResponse(try encoder.encode(await store.all()))
        }
    }
}
