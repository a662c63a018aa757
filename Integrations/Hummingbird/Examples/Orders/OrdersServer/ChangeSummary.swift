/// What a `POST /orders` changed, the answer of both sides: the orders new to the store and
/// the orders it had whose values or lines changed, by id, in the body's order.
public struct ChangeSummary: Codable, Sendable, Equatable {
    /// The orders the store did not have.
    public var inserted: [Int64]
    /// The orders the store had, changed.
    public var updated: [Int64]

    /// A summary of `inserted` and `updated` orders.
    public init(inserted: [Int64], updated: [Int64]) {
        self.inserted = inserted
        self.updated = updated
    }
}
