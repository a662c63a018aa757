import Foundation
import ModelMapper
import TestModels
import Testing

/// Merges with each set of operations agree with the decoder: the errors are the document's,
/// whatever the merge may do with its objects, and the objects are the decoder's where the
/// operations insert them (a fresh graph has nothing to update or remove), none where they do
/// not (each element is then skipped). A value missing is an error of an insert only: where
/// nothing is inserted, the element it would make is skipped instead (a `null` for a required
/// value, or a value of the wrong type, is the document's error whatever is done with it). On
/// an object the graph holds, an update row gives what `update(_:from:)` gives where the
/// operations update, and leaves the object as it was where they do not.
extension CheckJSONAgreementTests {
    static let operationSets: [ObjectGraph.MergeOperation] = [.insert, .insertAndUpdate, .all, .update, []]

    @Test("each row merged with each set of operations agrees with the decoder", arguments: AgreementTable.rows)
    func everyOperationSet(row: AgreementTable.Row) throws {
        let model = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let data = Data(row.json.utf8)
        let decoded = Outcome(objects: {
            try ModelDecoder(model: model, options: row.options).decodeObjects(of: "Photo", from: data, at: row.keyPath)
        })
        for operations in Self.operationSets {
            var skipped: [Int] = []
            let merged = Outcome(objects: {
                let result = try ObjectGraph(model: model, options: ObjectGraph.Options(decoding: row.options))
                    .merge(data, entity: "Photo", at: row.keyPath, operations: ObjectGraph.MergeOperations(operations))
                skipped = result.skipped
                return result.objects
            })
            switch decoded {
            case .errors(let lines) where !operations.contains(.insert):
                let errors = lines.filter { !$0.contains("is required, but the JSON has none") }
                #expect(
                    merged == (errors.isEmpty ? .objects([]) : .errors(errors)),
                    "operations \(operations.rawValue)"
                )
            case .errors: #expect(merged == decoded, "operations \(operations.rawValue)")
            case .objects(.array(let elements)) where !operations.contains(.insert):
                #expect(merged == .objects([]), "operations \(operations.rawValue): nothing inserted")
                #expect(skipped == Array(elements.indices), "operations \(operations.rawValue)")
            case .objects: #expect(merged == decoded, "operations \(operations.rawValue)")
            }
        }
    }

    @Test(
        "each update merged with each set of operations agrees with update(_:from:)",
        arguments: AgreementTable.updateRows
    )
    func everyUpdateOperationSet(row: AgreementTable.Row) throws {
        let model = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let sorted = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))
        let base = Data(AgreementTable.updatedPhoto.utf8)
        let decoder = ModelDecoder(model: model, options: row.options)
        let held = try decoder.decodeObject(of: "Photo", from: base)
        let before = try sorted.encodeJSON(held)
        let updated = Outcome {
            try decoder.update(held, from: Data(row.json.utf8))
            return try sorted.encodeJSON(held)
        }
        for operations in Self.operationSets {
            let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: row.options))
            try graph.merge(base, entity: "Photo")
            let merged = Outcome {
                try graph.merge(
                    Data(row.json.utf8),
                    entity: "Photo",
                    operations: ObjectGraph.MergeOperations(operations)
                )
                return try sorted.encodeJSON(try #require(graph.object(of: "Photo", identity: "1")))
            }
            switch updated {
            case .objects where !operations.contains(.update):
                // Not updated: the photo keeps its values (an album given by value is linked,
                // not changed, so the rows that replace the album differ only there).
                if case .objects(let photo) = merged {
                    #expect(photo["title"] == before["title"], "operations \(operations.rawValue)")
                    #expect(photo["taken"] == before["taken"], "operations \(operations.rawValue)")
                } else {
                    Issue.record("operations \(operations.rawValue): \(merged)")
                }
            default: #expect(merged == updated, "operations \(operations.rawValue)")
            }
        }
    }
}
