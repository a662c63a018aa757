import Foundation
import OrdersServer
import Testing

/// Runs the example server on 127.0.0.1 for the length of `body`.
private func withOrdersServer(_ body: @Sendable (Int) async throws -> Void) async throws {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let application = try OrdersServer.application(port: 0, logLevel: .critical) { continuation.yield($0) }
    try await withApplication(application, ports: ports, body)
}

private func summary(_ answer: HTTPAnswer) throws -> ChangeSummary {
    try JSONDecoder().decode(ChangeSummary.self, from: answer.body)
}

@Suite("The Orders example server, both sides")
struct OrdersServerTests {
    @Test(
        "POST merges by id and says what changed, GET gives the orders back; both sides agree",
        arguments: ["/orders", "/codable/orders"]
    )
    func postAndGet(path: String) async throws {
        try await withOrdersServer { port in
            let first = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: path,
                body: SampleOrders.body(count: 50)
            )
            #expect(first.status == 200)
            #expect(try summary(first) == ChangeSummary(inserted: Array(1000..<1050), updated: []))

            let again = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: path,
                body: SampleOrders.body(count: 50)
            )
            #expect(try summary(again) == ChangeSummary(inserted: [], updated: []))

            // A later revision changes every order's status and some quantities; 10 new orders.
            let revised = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: path,
                body: SampleOrders.body(count: 60, revision: 1)
            )
            #expect(try summary(revised) == ChangeSummary(inserted: Array(1050..<1060), updated: Array(1000..<1050)))

            let listed = try await HTTPClient.send(port: port, method: "GET", path: path)
            #expect(listed.status == 200)
            let orders = try #require(try listed.json() as? [[String: Any]])
            #expect(orders.count == 60)
            #expect(orders.first?["status"] as? String == "paid")
            #expect((orders.first?["lines"] as? [[String: Any]])?.map { $0["quantity"] as? Int } == [2, 3, 1])
        }
    }

    @Test("Both sides write the same orders")
    func sidesAgree() async throws {
        try await withOrdersServer { port in
            for path in ["/orders", "/codable/orders"] {
                _ = try await HTTPClient.send(port: port, method: "POST", path: path, body: SampleOrders.body(count: 5))
            }
            let ours = try await HTTPClient.send(port: port, method: "GET", path: "/orders")
            let codable = try await HTTPClient.send(port: port, method: "GET", path: "/codable/orders")
            // Decimals and dates are written each side's way: compare what they say.
            let decode = { (answer: HTTPAnswer) throws -> [OrderView] in
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .iso8601
                return try decoder.decode([OrderView].self, from: answer.body)
            }
            let ourOrders = try decode(ours)
            #expect(ourOrders.count == 5)
            #expect(ourOrders == (try decode(codable)))
        }
    }

    @Test("Bad bodies get their status and good ones still merge")
    func badBodies() async throws {
        try await withOrdersServer { port in
            let notJSON = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                headers: ["Content-Type": "text/csv"],
                body: Data("1,2".utf8)
            )
            #expect(notJSON.status == 415)
            let huge = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: Data("[".utf8),
                contentLength: 100_000_000
            )
            #expect(huge.status == 413)
            let cut = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: SampleOrders.body(count: 3).prefix(500)
            )
            #expect(cut.status == 400)
            let wrongType = String(decoding: SampleOrders.body(count: 3), as: UTF8.self)
                .replacingOccurrences(of: #""quantity": 3,"#, with: #""quantity": "three","#)
            let refused = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: Data(wrongType.utf8)
            )
            #expect(refused.status == 400)
            // A graph's merge reports every element's error.
            let problems = try #require((try refused.json() as? [String: Any])?["errors"] as? [[String: Any]])
            #expect(
                problems.compactMap { $0["path"] as? String } == [
                    "$[0].lines[2].quantity", "$[1].lines[1].quantity", "$[2].lines[0].quantity",
                    "$[2].lines[3].quantity",
                ]
            )
            let good = try await HTTPClient.send(
                port: port,
                method: "POST",
                path: "/orders",
                body: SampleOrders.body(count: 2)
            )
            #expect(good.status == 200)
            let listed = try await HTTPClient.send(port: port, method: "GET", path: "/orders")
            #expect((try listed.json() as? [Any])?.count == 2)
        }
    }

    @Test("Concurrent requests all merge into the one graph")
    func concurrentRequests() async throws {
        try await withOrdersServer { port in
            try await withThrowingTaskGroup(of: ChangeSummary.self) { group in
                for batch in 0..<16 {
                    group.addTask {
                        let body = SampleOrders.body(count: 10, firstID: Int64(10_000 + batch * 10))
                        return try summary(
                            try await HTTPClient.send(port: port, method: "POST", path: "/orders", body: body)
                        )
                    }
                }
                var inserted: [Int64] = []
                for try await answer in group { inserted += answer.inserted }
                #expect(inserted.sorted() == Array(10_000..<10_160))
            }
            let listed = try await HTTPClient.send(port: port, method: "GET", path: "/orders")
            #expect((try listed.json() as? [Any])?.count == 160)
        }
    }
}

/// What both sides write of an order, read back with Codable.
private struct OrderView: Decodable, Equatable {
    var order_id: Int64
    var customer: String
    var placed_at: Date
    var status: String
    var currency: String
    var total: Decimal
    var lines: [Line]

    struct Line: Decodable, Equatable {
        var line_id: Int64
        var quantity: Int
        var unit_price: Decimal
    }
}
