import Foundation
import ModelMapper
import TestModels
import Testing

/// Updates agree: a document applied to an object the app holds gives the same object, or the
/// same errors at the same paths, through `ModelDecoder.update(_:from:)` and through a graph
/// merge onto the graph's object of that identity.
extension CheckJSONAgreementTests {
    @Test(
        "each update gives the same object or errors through update(_:from:) and a graph merge",
        arguments: AgreementTable.updateRows
    )
    func everyUpdate(row: Row) throws {
        let model = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let options = row.options
        let sorted = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))
        let base = Data(AgreementTable.updatedPhoto.utf8)
        let data = Data(row.json.utf8)

        let decoder = ModelDecoder(model: model, options: options)
        let held = try decoder.decodeObject(of: "Photo", from: base)
        let updated = Outcome {
            try decoder.update(held, from: data)
            return try sorted.encodeJSON(held)
        }

        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
        try graph.merge(base, entity: "Photo")
        let merged = Outcome {
            try graph.merge(data, entity: "Photo")
            let photo = try #require(graph.object(of: "Photo", identity: "1"))
            return try sorted.encodeJSON(photo)
        }
        #expect(merged == updated, "merge: \(merged)\nupdate: \(updated)")
        // The rows mean what they say: the last four are refused, the others change the photo.
        let refused = AgreementTable.updateRefusals.contains(row.name)
        switch updated {
        case .errors(let lines): #expect(refused && !lines.isEmpty, "\(lines)")
        case .objects(let photo):
            #expect(!refused, "\(photo)")
            #expect(photo["photoID"] == "1")
            #expect(photo["title"] == (row.json.contains("Matterhorn") ? "Matterhorn" : "Alps"))
        }
    }
}
