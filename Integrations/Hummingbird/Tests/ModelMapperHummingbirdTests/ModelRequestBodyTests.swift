import Foundation
import Hummingbird
import ModelMapper
import ModelMapperHummingbird
import OrdersKit
import OrdersServer
import Testing

/// A server whose routes read bodies each way `ModelRequestBody` offers, with a limit of
/// `limit` bytes (nil: the context's 2 MiB).
private func bodyRouter(limit: Int? = 4096) throws -> Router<BasicRequestContext> {
    let model = try OrdersModel.load()
    let orders = try ModelRequestBody<Order>(model: model, maximumSize: limit)
    let order = try ModelRequestBody<Order>(model: model, at: "order")
    let router = Router()
    router.post("/many") { request, context in
        ModelResponse(try await orders.objects(from: request, context: context))
    }
    router.post("/one") { request, context in
        ModelResponse(try await order.object(from: request, context: context), status: .created)
    }
    router.post("/stream") { request, context -> String in
        var lines = 0
        for try await received in try orders.objectStream(from: request, context: context) {
            lines += received.lines.count
        }
        return "\(lines) lines"
    }
    router.post("/merge") { request, context -> String in
        let prepared = try await orders.preparedMerge(from: request, context: context)
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: orders.decoder.options))
        let merged = try await ModelRequestError.answering { try graph.merge(prepared) }
        return "\(merged.objects.count) orders, \(graph.count) objects"
    }
    return router
}

/// The first problem of an error answer.
private func firstProblem(_ answer: HTTPAnswer) throws -> [String: Any] {
    let json = try #require(try answer.json() as? [String: Any])
    let problems = try #require(json["errors"] as? [[String: Any]])
    return try #require(problems.first)
}

private let aBadTotal = Data(
    #"[{"order_id": 1, "customer": "Ann", "placed_at": "2026-11-28T10:00:00Z", "status": "paid", "total": "ten"}]"#
        .utf8
)

@Suite("Request bodies read through the model")
struct ModelRequestBodyTests {
    @Test("An array of orders decodes into generated classes and comes back as JSON")
    func arrayRoundTrip() async throws {
        try await withServer(bodyRouter(limit: nil)) { port in
            let answer = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/many",
                body: SampleOrders.body(count: 3)
            )
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
            let orders = try #require(try answer.json() as? [[String: Any]])
            #expect(orders.map { $0["order_id"] as? Int } == [1000, 1001, 1002])
            #expect(orders.map { ($0["lines"] as? [Any])?.count } == [3, 4, 5])
            #expect(orders[0]["placed_at"] as? String == "2026-11-01T00:15:30Z")
        }
    }

    @Test("One object at a key path, answered with the status asked for")
    func oneObject() async throws {
        let order = String(decoding: SampleOrders.body(count: 1, firstID: 7), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        try await withServer(bodyRouter()) { port in
            let answer = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/one",
                body: Data(#"{"order": \#(order)}"#.utf8)
            )
            #expect(answer.status == 201)
            let json = try #require(try answer.json() as? [String: Any])
            #expect(json["order_id"] as? Int == 7)
            #expect(json["customer"] as? String == "Customer 0 of the sample shop")
        }
    }

    @Test("A value the model refuses is a 400 with its path, line and column, from every way of reading")
    func wrongValue() async throws {
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream", "/merge"] {
                let answer = try await HTTPClient.send(port: port, method: "POST", path: path, body: aBadTotal)
                #expect(answer.status == 400, "\(path)")
                let problem = try firstProblem(answer)
                #expect(problem["path"] as? String == "$[0].total", "\(path)")
                #expect((problem["message"] as? String)?.hasPrefix("Order.total: expected ") == true, "\(path)")
                #expect(problem["line"] as? Int == 1, "\(path)")
                #expect((problem["column"] as? Int ?? 0) > 90, "\(path)")
            }
        }
    }

    @Test("A body cut short or not JSON is a 400 that says so")
    func malformed() async throws {
        let cut = SampleOrders.body(count: 2).prefix(150)
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream"] {
                for body in [Data(cut), Data("orders, please".utf8)] {
                    let answer = try await HTTPClient.send(port: port, method: "POST", path: path, body: body)
                    #expect(answer.status == 400, "\(path)")
                    let message = try #require(try firstProblem(answer)["message"] as? String)
                    #expect(message.contains("not valid JSON"), "\(path): \(message)")
                }
            }
        }
    }

    @Test("A body nested past the decoder's depth is a 400 that says how deep it may go")
    func nestedTooDeep() async throws {
        let deep = Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream"] {
                let answer = try await HTTPClient.send(port: port, method: "POST", path: path, body: deep)
                #expect(answer.status == 400, "\(path)")
                let message = try #require(try firstProblem(answer)["message"] as? String)
                #expect(message.hasSuffix("the document nests deeper than 512 levels"), "\(path): \(message)")
            }
        }
    }

    @Test("A body that does not say it is JSON is a 415", arguments: [nil, "text/plain", "application/jsonp"])
    func notJSON(contentType: String?) async throws {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream", "/merge"] {
                let answer = try await HTTPClient.send(
                    port: port,
                    method: "POST",
                    path: path,
                    headers: headers,
                    body: Data("[]".utf8)
                )
                #expect(answer.status == 415, "\(path)")
                let message = try #require(try firstProblem(answer)["message"] as? String)
                #expect(message.contains("application/json"))
            }
        }
    }

    @Test(
        "JSON types with parameters or a +json suffix are read",
        arguments: ["application/json; charset=utf-8", "application/vnd.orders+json", "Application/JSON"]
    )
    func jsonTypes(contentType: String) async throws {
        try await withServer(bodyRouter()) { port in
            let answer = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/many",
                headers: ["Content-Type": contentType],
                body: Data("[]".utf8)
            )
            #expect(answer.status == 200)
            #expect(answer.text == "[]")
        }
    }

    @Test("A body declared over the limit is a 413 before it is sent")
    func declaredTooLarge() async throws {
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream", "/merge"] {
                // 100 MB declared, 2 bytes sent: the answer comes without the rest.
                let answer = try await HTTPClient.send(
                    port: port,
                    method: "POST",
                    path: path,
                    body: Data("[]".utf8),
                    contentLength: 100_000_000
                )
                #expect(answer.status == 413, "\(path)")
                let message = try #require(try firstProblem(answer)["message"] as? String)
                #expect(message == "the body is larger than the 4096 bytes this endpoint reads")
            }
        }
    }

    @Test("A chunked body is refused with a 413 once its bytes pass the limit")
    func chunkedTooLarge() async throws {
        let body = SampleOrders.body(count: 8)
        #expect(body.count > 4096)
        try await withServer(bodyRouter()) { port in
            for path in ["/many", "/stream", "/merge"] {
                let answer = try await HTTPClient.send(
                    port: port,
                    method: "POST",
                    path: path,
                    body: body,
                    contentLength: -1
                )
                #expect(answer.status == 413, "\(path)")
            }
            let small = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/stream",
                body: SampleOrders.body(count: 2),
                contentLength: -1
            )
            #expect(small.status == 200)
            #expect(small.text == "7 lines")
        }
    }

    @Test("Streamed and merged bodies give what the whole body gives")
    func streamAndMerge() async throws {
        try await withServer(bodyRouter(limit: nil)) { port in
            let body = SampleOrders.body(count: 40)
            let streamed = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/stream",
                body: body,
                contentLength: -1
            )
            #expect(streamed.status == 200)
            #expect(streamed.text == "180 lines")
            let merged = try await HTTPClient.send(port: port, method: "POST", path: "/merge", body: body)
            #expect(merged.text == "40 orders, 220 objects")
        }
    }

    @Test("An entity, key path or limit that cannot work stops the start-up")
    func startUpErrors() throws {
        let model = try OrdersModel.load()
        #expect(throws: MappingError.self) { try ModelRequestBody<ModelObject>(model: model, entity: "Ordr") }
        #expect(throws: MappingError.self) { try ModelRequestBody<ModelObject>(model: model) }
        #expect(throws: MappingError.self) { try ModelRequestBody<LineItem>(model: model, entity: "Order") }
        #expect(throws: (any Error).self) { try ModelRequestBody<Order>(model: model, at: "orders..x") }
        #expect(throws: MappingError.self) { try ModelRequestBody<Order>(model: model, maximumSize: 0) }
        let dynamic = try ModelRequestBody<ModelObject>(model: model, entity: "LineItem")
        #expect(dynamic.entity.name == "LineItem")
    }

    @Test("An error's answer leaves out the underlying error's text")
    func underlyingErrorLeftOut() {
        struct Secret: Error, CustomStringConvertible { var description: String { "/srv/app/secret.key" } }
        let error = MappingError(
            .transformerFailed("Money"),
            path: JSONPath().appending(index: 2).appending(key: "total"),
            entityName: "Order",
            propertyName: "total",
            found: "\"ten\"",
            underlyingError: Secret()
        )
        let answer = ModelRequestError(error)
        #expect(answer.status == .badRequest)
        #expect(
            answer.problems == [
                .init(path: "$[2].total", message: "Order.total: value transformer 'Money' could not convert \"ten\"")
            ]
        )
        #expect(!answer.description.contains("secret"))
    }
}
