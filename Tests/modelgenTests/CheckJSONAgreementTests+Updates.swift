import Foundation
import ModelMapper
import Testing

/// Updates agree: a document applied to an object the app holds gives the same object, or the
/// same errors at the same paths, through `ModelDecoder.update(_:from:)` and through a graph
/// merge onto the graph's object of that identity.
extension CheckJSONAgreementTests {
    /// The photo every update row starts from.
    static let updatedPhoto = #"{"photoID":"1","title":"Alps","album":{"albumID":7,"title":"T"}}"#

    static let updateRows: [Row] = [
        Row(name: "a value changed, the others kept", json: #"{"photoID":"1","title":"Matterhorn"}"#),
        Row(name: "a required value left out: kept", json: #"{"photoID":"1","taken":"2024-05-01T10:00:00Z"}"#),
        Row(name: "an optional to-one cleared by null", json: #"{"photoID":"1","album":null}"#),
        Row(name: "a to-one replaced by reference", json: #"{"photoID":"1","album":{"albumID":8,"title":"U"}}"#),
        Row(
            name: "null for a required value, read as absent: kept",
            json: #"{"photoID":"1","title":null}"#,
            settings: [.nullAsAbsent]
        ),
        Row(name: "null for a required value", json: #"{"photoID":"1","title":null}"#),
        Row(name: "a value of the wrong type", json: #"{"photoID":"1","taken":"yesterday"}"#),
        Row(name: "an unknown key, rejected", json: #"{"photoID":"1","titel":"B"}"#, settings: [.rejectsUnknownKeys]),
        Row(name: "malformed JSON", json: #"{"photoID":"1","title":}"#),
    ]

    @Test(
        "each update gives the same object or errors through update(_:from:) and a graph merge",
        arguments: updateRows
    )
    func everyUpdate(row: Row) throws {
        let model = try ObjectModel(xml: Self.photosXML)
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        for setting in row.settings { setting.apply(to: &options) }
        let sorted = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))
        let base = Data(Self.updatedPhoto.utf8)
        let data = Data(row.json.utf8)

        let decoder = ModelDecoder(model: model, options: options)
        let held = try decoder.decodeObject(of: "Photo", from: base)
        let updated = Outcome {
            try decoder.update(held, from: data)
            return try sorted.encodeJSON(held)
        }

        var graphOptions = ObjectGraph.Options()
        graphOptions.decoding = options
        let graph = ObjectGraph(model: model, options: graphOptions)
        try graph.merge(base, entity: "Photo")
        let merged = Outcome {
            try graph.merge(data, entity: "Photo")
            let photo = try #require(graph.object(of: "Photo", identity: "1"))
            return try sorted.encodeJSON(photo)
        }
        #expect(merged == updated, "merge: \(merged)\nupdate: \(updated)")
        // The rows mean what they say: the last four are refused, the others change the photo.
        let refused = Self.updateRows.suffix(4).map(\.name).contains(row.name)
        switch updated {
        case .errors(let lines): #expect(refused && !lines.isEmpty, "\(lines)")
        case .objects(let photo):
            #expect(!refused, "\(photo)")
            #expect(photo["photoID"] == "1")
            #expect(photo["title"] == (row.json.contains("Matterhorn") ? "Matterhorn" : "Alps"))
        }
    }
}
