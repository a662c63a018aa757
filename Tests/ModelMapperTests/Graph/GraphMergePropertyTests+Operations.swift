import Foundation
import ModelMapper
import Testing
import TestSupport

/// Property: random documents merged with random operations keep the graph whole (both sides
/// of every relationship agree), remove only what the document does not hold, and report as
/// removed exactly what the graph lists as deleted.
extension GraphMergePropertyTests {
    static let operationChoices: [ObjectGraph.MergeOperation] = [
        .insertAndUpdate, .insert, .update, .all, [.insert, .removeUnlisted], [.update, .removeUnlisted], [],
    ]

    static func randomOperations(using generator: inout SplitMix64) -> ObjectGraph.MergeOperations {
        func pick() -> ObjectGraph.MergeOperation {
            operationChoices.randomElement(using: &generator) ?? .insertAndUpdate
        }
        var byRelationship: [String: ObjectGraph.MergeOperation] = [:]
        for name in ["Band.albums", "Band.members", "Musician.bandMemberships", "Album.band"]
        where Bool.random(using: &generator) {
            byRelationship[name] = pick()
        }
        return ObjectGraph.MergeOperations(pick(), relationships: pick(), byRelationship: byRelationship)
    }

    @Test("Random operations keep inverses in agreement and remove only what the document does not hold")
    func randomOperationsKeepTheGraphWhole() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        var removals = 0
        for seed in UInt64(1)...300 {
            var generator = SplitMix64(state: seed &+ 10_000)
            let graph = ObjectGraph(model: model)
            for document in Self.documents(seed: seed) {
                let data = Self.json(document)
                for (key, records) in document {
                    // The array merged: what the document holds for this merge.
                    let text = String(decoding: Self.json([(key, records)]), as: UTF8.self)
                    guard let array = Self.arrays.first(where: { $0.key == key }) else { continue }
                    let operations = Self.randomOperations(using: &generator)
                    let point = graph.changePoint
                    let result = try graph.merge(data, entity: array.entity, at: key, operations: operations)
                    let context = "seed \(seed): \(operations) \(text)"
                    let removed = Set(result.removed.map(ObjectIdentifier.init))
                    #expect(
                        removed == Set(graph.changes(since: point).deleted.map(ObjectIdentifier.init)),
                        "\(context)"
                    )
                    #expect(result.removed.allSatisfy { !graph.contains($0) }, "\(context)")
                    // What is removed is never an identity the document gives.
                    for object in result.removed {
                        let identity = Self.arrays.first { $0.entity == object.entity.name }?.identity ?? "name"
                        let value = object.value(forKey: identity).map { "\"\($0)\"" } ?? "-"
                        #expect(!text.contains(value), "\(context): removed \(value)")
                    }
                    // A whole listing leaves only objects the document gives.
                    if operations.document.contains(.removeUnlisted) {
                        for object in graph.objects(of: array.entity) {
                            let value = object.value(forKey: array.identity).map { "\"\($0)\"" } ?? "-"
                            #expect(text.contains(value), "\(context): kept \(value)")
                        }
                    }
                    removals += result.removed.count
                    let mismatches = Self.inverseMismatches(in: graph)
                    #expect(mismatches.isEmpty, "\(context): \(mismatches)")
                }
            }
        }
        // The property is only worth its cases if many of them remove objects.
        #expect(removals > 100)
    }
}
