import Foundation
import Hummingbird
import ModelMapper
import ModelMapperHummingbird
import OrdersKit
import Testing

// The Swift blocks of Integrations/Hummingbird/README.md, as they are there (CI checks that each
// block is in this file), compiled and run.

/// "A handler in ten lines".
private func handlerInTenLines() throws -> Router<BasicRequestContext> {
    let model = try OrdersModel.load()
    // Checked here, at start-up: the entity bound to Order, the key path, the limit.
    let orders = try ModelRequestBody<Order>(model: model, maximumSize: 1 << 20)
    let router = Router()
    router.post("/orders") { request, context -> ModelResponse in
        let received = try await orders.objects(from: request, context: context)  // [Order]
        return ModelResponse(received, status: .created)
    }
    return router
}

// "Sharing the model and a graph between requests".
actor OrderStore {
    let graph: ObjectGraph
    init(model: ObjectModel, options: ModelDecoder.Options) {
        graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
    }
    func merge(_ prepared: ObjectGraph.PreparedMerge) throws -> Int {
        try graph.merge(prepared).objects.count
    }
}

private func sharingAGraph() throws -> Router<BasicRequestContext> {
    let model = try OrdersModel.load()
    let orders = try ModelRequestBody<Order>(model: model)
    let router = Router()
    let store = OrderStore(model: model, options: orders.decoder.options)
    router.post("/orders") { request, context -> String in
        let prepared = try await orders.preparedMerge(from: request, context: context)
        // The merge throws the body's errors (every element's): answered as a 400.
        let merged = try await ModelRequestError.answering { try await store.merge(prepared) }
        return "\(merged) orders merged"
    }
    return router
}

@Suite("The README's examples")
struct ReadmeExampleTests {
    @Test("The handler in ten lines answers 201 with the orders")
    func handler() async throws {
        try await withServer(handlerInTenLines()) { port in
            let answer = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: Data(
                    #"[{"order_id": 1, "customer": "Ann", "placed_at": "2026-11-28T10:00:00Z", "status": "paid", "total": 9.5}]"#
                        .utf8
                )
            )
            #expect(answer.status == 201)
            #expect((try answer.json() as? [[String: Any]])?.first?["customer"] as? String == "Ann")
        }
    }

    @Test("The shared graph merges, and a bad body is a 400")
    func sharedGraph() async throws {
        try await withServer(sharingAGraph()) { port in
            let body = Data(
                #"[{"order_id": 1, "customer": "Ann", "placed_at": "2026-11-28T10:00:00Z", "status": "paid", "total": 9.5}]"#
                    .utf8
            )
            let first = try await HTTPClient.send(port: port, method: "POST", path: "/orders", body: body)
            #expect(first.text == "1 orders merged")
            let bad = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: Data(#"[{"order_id": "x"}]"#.utf8)
            )
            #expect(bad.status == 400)
        }
    }
}
