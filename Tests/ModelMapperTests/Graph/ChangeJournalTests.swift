import Foundation
import ModelMapper
import Testing
import TestSupport

/// `changes(since:)` reads a journal of the graph's stamps, compacted as the graph goes, rather
/// than walking the graph: over many rounds of inserts, updates (by merges and by setters) and
/// removals, what it lists for every earlier point must be what happened since, in the graph's
/// order.
@Suite("Object graph: changes since any point, through the journal's compactions")
struct ChangeJournalTests {
    /// What the test did in each round, by band name.
    struct Round {
        var point: ObjectGraph.ChangePoint
        var inserted: Set<String> = []
        var updated: Set<String> = []
        var removed: Set<String> = []
    }

    @Test("forty rounds of inserts, updates and removals: every point's changes are what happened since")
    func changesSinceEveryPoint() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        let graph = ObjectGraph(model: model)
        var rounds: [Round] = []
        var present: [String] = []
        var next = 0
        func merge(_ names: [String], formed: Int) throws {
            let records = names.map { #"{"name": "\#($0)", "formed": \#(formed)}"# }
            try graph.merge(Data(("[" + records.joined(separator: ",") + "]").utf8), entity: "Band")
        }
        for round in 0..<40 {
            var done = Round(point: graph.changePoint)
            // New bands: enough, early, that the journal outgrows the graph and is compacted.
            let count = round < 3 ? 100 : 3
            let new = (next..<(next + count)).map { "band \($0)" }
            next += count
            try merge(new, formed: 1960)
            done.inserted.formUnion(new)
            present += new
            // Updates by a merge (a value that changes) and by a setter.
            let merged = stride(from: round % 7, to: present.count, by: 7).map { present[$0] }
            try merge(merged, formed: 1970 + round)
            let set = present[(round * 13) % present.count]
            try #require(graph.object(of: "Band", identity: set)).setValue("set \(round)", forKey: "otherNames")
            done.updated.formUnion(merged + [set])
            // Removals.
            let gone = present[(round * 31) % present.count]
            #expect(graph.remove(try #require(graph.object(of: "Band", identity: gone))))
            present.removeAll { $0 == gone }
            done.removed.insert(gone)
            rounds.append(done)
        }
        let order = graph.objects(of: "Band").map { $0.value(forKey: "name") as? String ?? "" }
        for (index, start) in rounds.enumerated() {
            let since = rounds[index...]
            let inserted = since.reduce(into: Set<String>()) { $0.formUnion($1.inserted) }
            let removed = since.reduce(into: Set<String>()) { $0.formUnion($1.removed) }
            let updated = since.reduce(into: Set<String>()) { $0.formUnion($1.updated) }
            let changes = graph.changes(since: start.point)
            let names = { (objects: [ModelObject]) in objects.map { $0.value(forKey: "name") as? String ?? "" } }
            #expect(names(changes.inserted) == order.filter { inserted.contains($0) }, "round \(index)")
            #expect(
                names(changes.updated) == order.filter { updated.contains($0) && !inserted.contains($0) },
                "round \(index)"
            )
            #expect(Set(names(changes.deleted)) == removed.subtracting(inserted), "round \(index)")
        }
        #expect(graph.changes(since: graph.changePoint).isEmpty)
    }
}
