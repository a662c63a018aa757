import Foundation

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
