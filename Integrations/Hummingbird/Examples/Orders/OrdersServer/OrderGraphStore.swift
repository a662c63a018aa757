import Foundation
import ModelMapper
import OrdersKit

/// One graph of orders shared by every request: decoding happens on each request's task
/// (``ModelRequestBody/preparedMerge(from:context:)``), only the merge and the encoding of the
/// graph's objects here, since the graph and its objects belong to one actor.
actor OrderGraphStore {
    private let graph: ObjectGraph
    private let encoder = ModelEncoder()

    init(model: ObjectModel, options: ModelDecoder.Options) {
        graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
    }

    /// Merges a prepared body, and says which orders were new and which changed.
    func merge(_ prepared: ObjectGraph.PreparedMerge) throws -> ChangeSummary {
        let before = graph.changePoint
        let result = try graph.merge(prepared)
        let changes = graph.changes(since: before)
        let inserted = Set(changes.inserted.compactMap { ($0 as? Order)?.orderID })
        var touched = Set(changes.updated.compactMap { ($0 as? Order)?.orderID })
        for line in changes.inserted + changes.updated {
            if let order = (line as? LineItem)?.order { touched.insert(order.orderID) }
        }
        var summary = ChangeSummary(inserted: [], updated: [])
        for case let order as Order in result.objects {
            if inserted.contains(order.orderID) {
                summary.inserted.append(order.orderID)
            } else if touched.contains(order.orderID) {
                summary.updated.append(order.orderID)
            }
        }
        return summary
    }

    /// The graph's orders as a JSON array, first merged first.
    func encodedOrders() throws -> Data {
        try encoder.encode(graph.objects(of: "Order"))
    }
}
