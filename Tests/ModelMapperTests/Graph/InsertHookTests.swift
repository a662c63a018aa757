import Foundation
import Testing

@testable import ModelMapper

/// Sync's `willInsert` and its records without an identity: a hook shown each record new to the
/// graph, which may change or leave it out, and an option that leaves out records without one.
@Suite("Merging: records shown before they are inserted, and records without an identity")
struct InsertHookTests {
    let graph: ObjectGraph

    init() throws {
        let model = try ObjectModel(xml: ConventionAliasTests.xml, conventions: ConventionAliasTests.conventions)
        graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"id": 1, "full_name": "Ada"}]"#.utf8), entity: "User")
    }

    func names() -> [String?] {
        graph.objects(of: "User").map { $0.value(forKey: "fullName") as? String }.sorted { ($0 ?? "") < ($1 ?? "") }
    }

    @Test(
        "the hook sees each new record once, and what it returns is inserted; records the graph has are updated as given"
    )
    func changesNewRecords() throws {
        var seen: [JSONValue] = []
        let result = try graph.merge(
            Data(#"[{"id": 1, "full_name": "Ada L."}, {"id": 2}, {"id": 3, "full_name": "Cy"}, {"id": 2}]"#.utf8),
            entity: "User"
        ) { record in
            seen.append(record)
            guard case .object(var user) = record else { return record }
            if user["full_name"] == nil { user["full_name"] = "unnamed" }
            return .object(user)
        }
        #expect(seen == [["id": 2], ["id": 3, "full_name": "Cy"]])
        #expect(result.objects.count == 4)
        #expect(names() == ["Ada L.", "Cy", "unnamed"])
    }

    @Test("a record the hook leaves out is skipped, at its position in the document as given")
    func leavesOut() throws {
        let result = try graph.merge(
            Data(#"{"users": [{"id": 2, "full_name": "Bea"}, {"id": 3, "full_name": "Cy"}]}"#.utf8),
            entity: "User",
            at: "users",
            willInsert: { record in record["id"] == 2 ? Optional.none : record }
        )
        #expect(result.skipped == [0])
        #expect(names() == ["Ada", "Cy"])
    }

    @Test("an error is located in the document as given, after a record left out")
    func errorsPlaced() throws {
        let error = #expect(throws: MappingErrors.self) {
            try self.graph.merge(
                Data(#"{"users": [{"id": 2}, {"id": 3, "full_name": [5]}]}"#.utf8),
                entity: "User",
                at: "users",
                willInsert: { record in record["id"] == 2 ? Optional.none : record }
            )
        }
        #expect(error?.errors.map(\.context.path.description) == ["$.users[1].full_name"])
        #expect(names() == ["Ada"], "unchanged")
        // A partial merge places them alike.
        let result = try graph.mergePartially(
            Data(#"[{"id": 2}, {"id": 3, "full_name": [5]}, {"id": 4}]"#.utf8),
            entity: "User",
            willInsert: { record in record["id"] == 2 ? Optional.none : record }
        )
        #expect(result.skipped == [0])
        #expect(result.leftOut == [1])
        #expect(result.errors.map(\.context.path.description) == ["$[1].full_name"])
        #expect(graph.object(of: "User", identity: 4) != nil)
    }

    @Test("a hook that throws stops the merge at the record's path, and the graph is unchanged")
    func throwingHook() throws {
        struct Refusal: Error {}
        let error = #expect(throws: MappingError.self) {
            try self.graph.merge(Data(#"[{"id": 1}, {"id": 9, "full_name": "Zed"}]"#.utf8), entity: "User") { _ in
                throw Refusal()
            }
        }
        #expect(error?.context.path.description == "$[1]")
        #expect(error?.context.underlyingError is Refusal)
        #expect(names() == ["Ada"])
        #expect(graph.object(of: "User", identity: 9) == nil)
    }

    @Test("records without an identity are inserted by default, skipped by the option")
    func withoutIdentity() throws {
        let json = Data(#"[{"full_name": "Nobody"}, {"id": 5, "full_name": "Eve"}, {"full_name": "Nemo"}]"#.utf8)
        var operations = ObjectGraph.MergeOperations()
        operations.skipsRecordsWithoutIdentity = true
        let result = try graph.merge(json, entity: "User", operations: operations)
        #expect(result.skipped == [0, 2])
        #expect(result.objects.count == 1)
        #expect(names() == ["Ada", "Eve"])
        // Inserted by default, and then a record missing the value the model requires.
        let error = #expect(throws: MappingErrors.self) { try self.graph.merge(json, entity: "User") }
        #expect(error?.errors.first?.context.path.description == "$[0].id")
    }
}

extension InsertHookTests {
    @Test("the documented example: a default for new records, records without a name left out")
    func documentedExample() throws {
        let result = try graph.merge(Data(#"[{"id": 7, "full_name": "Gil"}, {"id": 8}]"#.utf8), entity: "User") {
            record in
            guard case .object(var user) = record, user["full_name"] != nil else { return nil }
            if user["text"] == nil { user["text"] = "new" }
            return .object(user)
        }
        #expect(result.skipped == [1])
        #expect(names() == ["Ada", "Gil"])
    }
}

extension InsertHookTests {
    @Test("what a hook returns keeps the decoder's limits, its errors at the record's place")
    func hookKeepsLimits() throws {
        var nested: JSONValue = ["id": 9]
        for _ in 0..<600 { nested = ["full_name": nested] }
        let error = #expect(throws: MappingError.self) {
            try self.graph.merge(Data(#"[{"id": 1}, {"id": 9}]"#.utf8), entity: "User") { record in
                record["id"] == 9 ? nested : record
            }
        }
        #expect(error?.code == .invalidJSON)
        #expect(error?.context.path.description.hasPrefix("$[1].full_name.full_name") == true)
        // JSON the hook made has no line and column in the document given.
        #expect(error?.context.line == nil)
        #expect(graph.object(of: "User", identity: 9) == nil)
    }

    @Test("many records through a hook: each new one seen once, in document order")
    func manyRecords() throws {
        let count = 20_000
        let records = (0..<count).map { #"{"id": \#($0 + 2), "full_name": "u\#($0)"}"# }
        var seen = 0
        let result = try graph.merge(Data(("[" + records.joined(separator: ",") + "]").utf8), entity: "User") {
            record in
            seen += 1
            return record["id"] == 2 ? Optional.none : record
        }
        #expect(seen == count)
        #expect(result.skipped == [0])
        #expect(graph.objects(of: "User").count == count)
    }
}

extension InsertHookTests {
    @Test("an error after a record the hook changed keeps its line and column in the document given")
    func linesAndColumnsPlaced() throws {
        let document = """
            [
              {"id": 2},
              {"id": 3, "full_name": [1]}
            ]
            """
        let error = #expect(throws: MappingErrors.self) {
            try self.graph.merge(Data(document.utf8), entity: "User") { record in
                record["id"] == 2 ? ["id": 2, "full_name": "a much longer name than the record had"] : record
            }
        }
        let placed = try #require(error?.errors.first)
        #expect(placed.context.path.description == "$[1].full_name")
        let direct = #expect(throws: MappingErrors.self) {
            try ObjectGraph(model: self.graph.model).merge(Data(document.utf8), entity: "User")
        }
        #expect(placed.context.line == direct?.errors.first?.context.line)
        #expect(placed.context.column == direct?.errors.first?.context.column)
        #expect(placed.context.line == 3)
    }
}

extension InsertHookTests {
    @Test("a document of one record: the hook changes it, or leaves it out")
    func oneRecord() throws {
        let record = Data(#"{"id": 9, "full_name": "Ivy"}"#.utf8)
        let skipped = try graph.merge(record, entity: "User") { _ in nil }
        #expect(skipped.skipped == [0])
        #expect(skipped.objects.isEmpty)
        #expect(graph.object(of: "User", identity: 9) == nil)
        let error = #expect(throws: MappingErrors.self) {
            try self.graph.merge(record, entity: "User") { _ in ["id": 9, "full_name": [1]] }
        }
        #expect(error?.errors.first?.context.path.description == "$.full_name")
        #expect(error?.errors.first?.context.line == nil, "JSON the hook made")
        let changed = try graph.merge(record, entity: "User") { _ in ["id": 9, "full_name": "Ivy B."] }
        #expect(changed.objects.first?.value(forKey: "fullName") as? String == "Ivy B.")
    }
}
