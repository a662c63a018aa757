import Foundation

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
