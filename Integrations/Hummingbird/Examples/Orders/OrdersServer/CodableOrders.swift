import Foundation
import Hummingbird

/// The Codable way, for comparison: the same two endpoints doing the same work, with
/// `JSONDecoder` and `JSONEncoder` and the orders in a dictionary keyed by id behind an actor.

/// An order as a Codable struct: the fields of Orders.xcdatamodeld's `Order`, keyed as the JSON is.
struct OrderRecord: Codable, Sendable, Equatable {
    var orderID: Int64
    var customer: String
    var email: String?
    var note: String?
    var placedAt: Date
    var status: String
    var currency: String
    var total: Decimal
    var lines: [LineRecord]

    enum CodingKeys: String, CodingKey {
        case orderID = "order_id"
        case customer, email, note
        case placedAt = "placed_at"
        case status, currency, total, lines
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orderID = try container.decode(Int64.self, forKey: .orderID)
        customer = try container.decode(String.self, forKey: .customer)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        placedAt = try container.decode(Date.self, forKey: .placedAt)
        status = try container.decode(String.self, forKey: .status)
        // The model's default.
        currency = try container.decodeIfPresent(String.self, forKey: .currency) ?? "USD"
        total = try container.decode(Decimal.self, forKey: .total)
        lines = try container.decodeIfPresent([LineRecord].self, forKey: .lines) ?? []
    }
}

/// A line of an order, as `LineItem`.
struct LineRecord: Codable, Sendable, Equatable {
    var lineID: Int64
    var sku: String
    var name: String
    var quantity: Int32
    var unitPrice: Decimal

    enum CodingKeys: String, CodingKey {
        case lineID = "line_id"
        case sku, name, quantity
        case unitPrice = "unit_price"
    }
}

/// The orders by id, in the order they were first received.
actor CodableOrderStore {
    private var orders: [Int64: OrderRecord] = [:]
    private var order: [Int64] = []

    /// Inserts or replaces each record by its id.
    func upsert(_ records: [OrderRecord]) -> ChangeSummary {
        var summary = ChangeSummary(inserted: [], updated: [])
        for record in records {
            if let old = orders.updateValue(record, forKey: record.orderID) {
                if old != record { summary.updated.append(record.orderID) }
            } else {
                order.append(record.orderID)
                summary.inserted.append(record.orderID)
            }
        }
        return summary
    }

    /// Every order, first received first.
    func all() -> [OrderRecord] {
        order.compactMap { orders[$0] }
    }
}

extension OrdersRoutes {
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
