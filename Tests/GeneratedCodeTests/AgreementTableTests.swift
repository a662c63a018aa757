import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// The agreement table (``AgreementTable``) through the classes modelgen generates for its
/// model: typed decoding, a graph merge read through the classes and an update of a typed
/// object give the objects or the errors the untyped decoder gives, and every typed property
/// of what they accepted reads without trapping, the value the JSON has.
@Suite("Generated classes read the agreement table as the decoder does")
struct AgreementTableTests {
    typealias Outcome = AgreementTable.Outcome

    @Test(
        "each row: typed decode and a graph read through the classes agree with decodeObjects",
        arguments: AgreementTable.rows
    )
    func row(_ row: AgreementTable.Row) throws {
        let untyped = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let model = try AgreementModel.load()
        let options = row.options
        let data = Data(row.json.utf8)
        let decoded = Outcome(objects: {
            try ModelDecoder(model: untyped, options: options).decodeObjects(of: "Photo", from: data, at: row.keyPath)
        })
        var typedPhotos: [AgreementPhoto] = []
        let typed = Outcome(objects: {
            typedPhotos = try ModelDecoder(model: model, options: options)
                .decode([AgreementPhoto].self, from: data, at: row.keyPath)
            return typedPhotos
        })
        var mergedPhotos: [AgreementPhoto] = []
        let merged = Outcome(objects: {
            let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
            let objects = try graph.merge(data, entity: "Photo", at: row.keyPath).objects
            mergedPhotos = objects.compactMap { $0 as? AgreementPhoto }
            #expect(mergedPhotos.count == objects.count, "the graph's objects are the generated class")
            return objects
        })
        #expect(typed == decoded, "typed decode: \(typed)")
        #expect(merged == decoded, "merge: \(merged)")
        if case .objects(.array(let elements)) = decoded {
            for photos in [typedPhotos, mergedPhotos] {
                try #require(photos.count == elements.count)
                for (photo, json) in zip(photos, elements) { Self.expectProperties(of: photo, are: json) }
            }
        }
    }

    @Test("each update of a typed object agrees with the untyped update", arguments: AgreementTable.updateRows)
    func update(_ row: AgreementTable.Row) throws {
        let untyped = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let model = try AgreementModel.load()
        let base = Data(AgreementTable.updatedPhoto.utf8)
        let data = Data(row.json.utf8)
        let decoder = ModelDecoder(model: untyped, options: row.options)
        let held = try decoder.decodeObject(of: "Photo", from: base)
        let updated = Outcome(objects: {
            try decoder.update(held, from: data)
            return [held]
        })
        let typedDecoder = ModelDecoder(model: model, options: row.options)
        let photo = try typedDecoder.decode(AgreementPhoto.self, from: base)
        let typed = Outcome(objects: {
            try typedDecoder.update(photo, from: data)
            return [photo]
        })
        #expect(typed == updated, "typed update: \(typed)")
        if case .objects(.array(let elements)) = typed, let json = elements.first {
            Self.expectProperties(of: photo, are: json)
        }
    }

    /// Reads every property of the photo, its album and its tags through the generated
    /// accessors (a non-optional one traps on a missing value), and compares each with the JSON
    /// the object encodes to.
    static func expectProperties(of photo: AgreementPhoto, are json: JSONValue) {
        #expect(json["photoID"] == .string(photo.photoID))
        #expect(json["title"] == .string(photo.title))
        #expect((photo.taken == nil) == (json["taken"] == nil || json["taken"] == .null))
        let tags = photo.tags.map(\.name)
        if case .array(let elements)? = json["tags"] {
            #expect(tags.count == elements.count)
        } else {
            #expect(tags.isEmpty && json["tags"] == nil)
        }
        if let album = photo.album, album.isPlaceholder {
            // Its identity alone: its title is not read (the accessor would stop the program).
            #expect(json["album"] == ["albumID": .number(String(album.albumID))])
        } else if let album = photo.album {
            switch json["album"] {
            case .object(let object)?:
                #expect(object["albumID"] == .number(String(album.albumID)))
                #expect(object["title"] == .string(album.title))
            case let reference?: #expect(reference == .number(String(album.albumID)))
            case nil: Issue.record("the photo has an album and its JSON none")
            }
        } else {
            #expect(json["album"] == nil || json["album"] == .null)
        }
    }
}
