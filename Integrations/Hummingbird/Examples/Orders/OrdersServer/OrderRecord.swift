import Foundation

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
