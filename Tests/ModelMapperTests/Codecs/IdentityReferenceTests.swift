import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// The two rules of required values that every reader shares (issue 48): a nested JSON object
/// of an identity alone that lacks a required value stands for its object as a foreign key
/// does, and an object's first record in a document is its insert, asked for every required
/// value, while the records after it update it. Read through the decoder and a graph, with
/// the agreement table's model (photos with required titles, albums by number, tags by name).
@Suite("References by an identity alone, and the record that inserts an object")
struct IdentityReferenceTests {
    /// The photos a document decodes to, and what the encoder writes of them.
    struct Read {
        var photos: [ModelObject]
        var written: JSONValue
    }

    static func decoded(_ json: String) throws -> Read {
        let model = try ObjectModel(contentsOf: AgreementTable.modelURL)
        let photos = try ModelDecoder(model: model).decodeObjects(of: "Photo", from: Data(json.utf8))
        return Read(photos: photos, written: try ModelEncoder().encodeJSON(photos))
    }

    static func merged(_ json: String, into graph: ObjectGraph? = nil) throws -> Read {
        let graph = try graph ?? ObjectGraph(model: ObjectModel(contentsOf: AgreementTable.modelURL))
        let photos = try graph.merge(Data(json.utf8), entity: "Photo").objects
        return Read(photos: photos, written: try ModelEncoder().encodeJSON(photos))
    }

    /// The error lines of `body`, or the objects it returned as a failure.
    static func errors(_ body: () throws -> Read) -> [String] {
        do {
            let read = try body()
            return ["no error: \(read.written.jsonText())"]
        } catch let errors as MappingErrors {
            return errors.errors.map(\.description)
        } catch let error as MappingError {
            return [error.description]
        } catch {
            return ["\(error)"]
        }
    }

    @Test(
        "a nested object of an identity alone that lacks a required value is a placeholder, written back as given",
        arguments: [
            #"[{"photoID":"1","title":"A","album":{"albumID":5}}]"#,
            #"[{"photoID":"1","title":"A","album":5}]"#,
        ]
    )
    func identityAlone(json: String) throws {
        // A graph makes a placeholder for a foreign key to an object it lacks by its policy.
        let graph = ObjectGraph(
            model: try ObjectModel(contentsOf: AgreementTable.modelURL),
            options: .init(unresolvedReferences: .placeholder)
        )
        for read in [try Self.decoded(json), try Self.merged(json, into: graph)] {
            let album = try #require(read.photos.first?.value(forKey: "album") as? ModelObject)
            #expect(album.isPlaceholder)
            #expect(album.value(forKey: "albumID") as? Int64 == 5)
            #expect(album.value(forKey: "title") == nil)
            #expect(read.written == (try JSONValue.parse(Data(json.utf8))), "\(read.written.jsonText())")
        }
    }

    @Test("a nested object its identity makes whole is a record, not a placeholder")
    func wholeByIdentity() throws {
        let json = #"[{"photoID":"1","title":"A","tags":[{"name":"snow"}]}]"#
        for read in [try Self.decoded(json), try Self.merged(json)] {
            let tags = read.photos.first?.value(forKey: "tags") as? [ModelObject] ?? []
            #expect(tags.count == 1 && tags.allSatisfy { !$0.isPlaceholder })
            #expect(read.written == (try JSONValue.parse(Data(json.utf8))))
        }
    }

    @Test("a placeholder given in full later in the document is an object, written in full where the document had it")
    func placeholderFilledLater() throws {
        let json = #"""
            [{"photoID":"1","title":"A","album":{"albumID":5}},
             {"photoID":"2","title":"B","album":{"albumID":5,"title":"T"}}]
            """#
        for read in [try Self.decoded(json), try Self.merged(json)] {
            let album = try #require(read.photos.first?.value(forKey: "album") as? ModelObject)
            #expect(!album.isPlaceholder && album.value(forKey: "title") as? String == "T")
            // In full where the document had it so (the first place is the first met: in full).
            guard case .array(let written) = read.written, written.count == 2 else {
                Issue.record("two photos written: \(read.written.jsonText())")
                continue
            }
            #expect(written[1]["album"] == ["albumID": 5, "title": "T"], "\(read.written.jsonText())")
        }
    }

    @Test(
        "an element of the document's array, an object's first record, or a record after references is an insert",
        arguments: [
            // An element of the document's own array is a record, whatever keys it holds.
            (#"[{"photoID":"1"}]"#, "$[0].title"),
            // The first record of an object given twice inserts it: the second updates it.
            (#"[{"photoID":"1"},{"photoID":"1","title":"A"}]"#, "$[0].title"),
            // Referred to first, then given by a record of more than its identity.
            (
                #"[{"photoID":"1","title":"A","album":5},{"photoID":"2","title":"B","album":{"albumID":5,"photos":[]}}]"#,
                "$[1].album.title"
            ),
        ]
    )
    func insertLacksValue(json: String, path: String) throws {
        for lines in [Self.errors { try Self.decoded(json) }, Self.errors { try Self.merged(json) }] {
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("\(path): ") == true, "\(lines)")
            #expect(lines.first?.contains("is required, but the JSON has none") == true, "\(lines)")
        }
    }

    @Test("a record after the one that inserts an object may leave a required value out")
    func updateLeavesValueOut() throws {
        let json = #"[{"photoID":"1","title":"A"},{"photoID":"1","taken":"2024-05-01T10:00:00Z"}]"#
        for read in [try Self.decoded(json), try Self.merged(json)] {
            #expect(read.photos.count == 2 && read.photos[0] === read.photos[1])
            #expect(read.photos[0].value(forKey: "title") as? String == "A")
        }
    }

    @Test("an object the graph holds, given by its identity alone in a later document, is the graph's object")
    func identityAloneOfHeldObject() throws {
        let graph = ObjectGraph(model: try ObjectModel(contentsOf: AgreementTable.modelURL))
        _ = try Self.merged(#"[{"photoID":"1","title":"A","album":{"albumID":5,"title":"T"}}]"#, into: graph)
        let read = try Self.merged(#"[{"photoID":"2","title":"B","album":{"albumID":5}}]"#, into: graph)
        let album = try #require(read.photos.first?.value(forKey: "album") as? ModelObject)
        #expect(!album.isPlaceholder && album.value(forKey: "title") as? String == "T")
        #expect(graph.placeholders.isEmpty)
    }

    /// A run's identity tables start at 8 buckets for a document under 4 KB and at 64 for a
    /// larger one, and grow from either: every repeat of an identity finds its one object.
    @Test(
        "objects repeated by identity are one object, in a document under 4 KB and in a larger one",
        arguments: [1, 40]
    )
    func repeatsAcrossTableSizes(titleLength: Int) throws {
        let title = String(repeating: "t", count: titleLength)
        let records = (0..<60).map { #"{"photoID":"\#($0)","title":"\#(title)","album":{"albumID":\#($0 % 25)}}"# }
        let json = "[" + records.joined(separator: ",") + "]"
        #expect((json.utf8.count < 4_096) == (titleLength == 1))
        let photos = try Self.decoded(json).photos
        let albums = photos.compactMap { $0.value(forKey: "album") as? ModelObject }
        #expect(albums.count == 60)
        #expect(Set(albums.map(ObjectIdentifier.init)).count == 25)
        for (index, album) in albums.enumerated() {
            #expect(album === albums[index % 25])
            #expect(album.value(forKey: "albumID") as? Int64 == Int64(index % 25))
        }
    }
}
