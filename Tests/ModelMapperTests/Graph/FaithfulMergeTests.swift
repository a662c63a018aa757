import Foundation
import ModelMapper
import Testing

/// What a merge does with the user's data: nothing dropped, nothing half-merged, updates by
/// the keys present, conflicts reported. The model is the one users of Groot and Sync send:
/// photos with required titles, tags identified by name.
@Suite("Object graph: nothing lost silently")
struct FaithfulMergeTests {
    static let xml = """
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
          <entity name="Photo" syncable="YES">
            <attribute name="photoID" attributeType="String"/>
            <attribute name="title" attributeType="String"/>
            <attribute name="taken" optional="YES" attributeType="Date"/>
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="photos" inverseEntity="Tag"/>
            <relationship name="album" optional="YES" maxCount="1" destinationEntity="Album" inverseName="photos" inverseEntity="Album"/>
            <userInfo><entry key="identityAttributes" value="photoID"/></userInfo>
          </entity>
          <entity name="Tag" syncable="YES">
            <attribute name="name" attributeType="String"/>
            <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo" inverseName="tags" inverseEntity="Photo"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Album" syncable="YES">
            <attribute name="albumID" attributeType="Integer 64"/>
            <attribute name="title" attributeType="String"/>
            <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo" inverseName="album" inverseEntity="Photo"/>
            <userInfo><entry key="identityAttributes" value="albumID"/></userInfo>
          </entity>
        </model>
        """

    let model: ObjectModel
    init() throws { model = try ObjectModel(xml: Self.xml, conventions: ModelConventions(keyCasing: .snakeCase)) }

    func names(_ value: Any?) -> [String] {
        ((value as? [ModelObject]) ?? []).compactMap { $0.value(forKey: "name") as? String }.sorted()
    }

    @Test("Nested objects of identity alone are objects: the photo gets its tags, the graph the Tag objects")
    func nestedIdentityObjects() throws {
        let graph = ObjectGraph(model: model)
        let json = #"{"photos":[{"photo_id":"1","title":"Alps","tags":[{"name":"snow"},{"name":"sea"}]}]}"#
        try graph.merge(Data(json.utf8), entity: "Photo", at: "photos")
        let photo = try #require(graph.object(of: "Photo", identity: "1"))
        #expect(names(photo.value(forKey: "tags")) == ["sea", "snow"])
        #expect(graph.objects(of: "Tag").count == 2)
        #expect(graph.unresolvedReferences.isEmpty)
        #expect(graph.placeholders.isEmpty)
    }

    @Test("A record that changes a string only in its bytes (not in Swift's ==) updates it")
    func identicalNotEquivalent() throws {
        let graph = ObjectGraph(model: model)
        // "Café" with a precomposed é, then with e and a combining acute accent: equal to
        // Swift's `==`, but other bytes, which the JSON written must show.
        try graph.merge(Data(#"[{"photo_id":"1","title":"Caf\u00e9"}]"#.utf8), entity: "Photo")
        let point = graph.changePoint
        try graph.merge(Data(#"[{"photo_id":"1","title":"Cafe\u0301"}]"#.utf8), entity: "Photo")
        let photo = try #require(graph.object(of: "Photo", identity: "1"))
        let title = try #require(photo.value(forKey: "title") as? String)
        #expect(Array(title.utf8) == Array("Cafe\u{301}".utf8))
        #expect(graph.changes(since: point).updated.map { $0 === photo } == [true])
        // Compared as bytes: `==` would hold the old spelling equal too.
        let written = try ModelEncoder().encode(photo)
        #expect(written.range(of: Data("\"title\":\"Cafe\u{301}\"".utf8)) != nil)
        // The same record again changes nothing.
        let again = graph.changePoint
        try graph.merge(Data(#"[{"photo_id":"1","title":"Cafe\u0301"}]"#.utf8), entity: "Photo")
        #expect(graph.changes(since: again).isEmpty)
    }

    @Test("A second record without a required value fails the merge, which changes nothing")
    func allOrNothing() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"photo_id":"1","title":"Alps"}]"#.utf8), entity: "Photo")
        let point = graph.changePoint
        let json = #"[{"photo_id":"1","title":"Sea"},{"photo_id":"2","tags":[{"name":"x"}]}]"#
        let error = try #require(throws: MappingErrors.self) { try graph.merge(Data(json.utf8), entity: "Photo") }
        #expect(
            error.errors.map(\.description) == [
                #"$[1].title: Photo.title: a value (String) is required"#
                    + ", but the JSON has none and the model gives no default"
            ]
        )
        #expect(graph.changes(since: point).isEmpty)
        #expect(graph.objects(of: "Tag").isEmpty)
        #expect(graph.object(of: "Photo", identity: "1")?.value(forKey: "title") as? String == "Alps")

        let partial = try graph.mergePartially(Data(json.utf8), entity: "Photo")
        #expect(partial.leftOut == [1])
        #expect(partial.errors.map(\.path.description) == ["$[1].title"])
        #expect(graph.object(of: "Photo", identity: "1")?.value(forKey: "title") as? String == "Sea")
        #expect(graph.object(of: "Photo", identity: "2") == nil)
        #expect(graph.objects(of: "Tag").isEmpty)
    }

    @Test("A nested object missing a required value: the error is at its path, and its root is left out")
    func nestedMissingValue() throws {
        let graph = ObjectGraph(model: model)
        let json = #"""
            [{"photo_id":"1","title":"Alps","album":{"album_id":7,"photos":[]}},
             {"photo_id":"2","title":"Sea","tags":[{"name":"sea"}]},
             {"photo_id":"3","title":"Snow","album":{"album_id":7},"tags":[{"name":"sea"}]}]
            """#
        let error = try #require(throws: MappingErrors.self) { try graph.merge(Data(json.utf8), entity: "Photo") }
        #expect(error.errors.map(\.path.description) == ["$[0].album.title"])
        #expect(graph.count == 0)
        // Photo 3 gives the same album: it fails with photo 1. Photo 2 shares only a tag.
        let partial = try graph.mergePartially(Data(json.utf8), entity: "Photo")
        #expect(partial.leftOut == [0, 2])
        #expect(graph.objects(of: "Photo").compactMap { $0.value(forKey: "photoID") as? String } == ["2"])
        let tag = try #require(graph.object(of: "Tag", identity: "sea"))
        #expect((tag.value(forKey: "photos") as? [ModelObject])?.count == 1)
        #expect(graph.objects(of: "Album").isEmpty)
    }

    @Test("An update writes the keys present, and leaves required values alone")
    func updateByPresentKeys() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"{"photo_id":"1","title":"Alps"}"#.utf8), entity: "Photo")
        try graph.merge(Data(#"{"photo_id":"1","taken":"2017-01-12T16:25:24Z"}"#.utf8), entity: "Photo")
        let photo = try #require(graph.object(of: "Photo", identity: "1"))
        #expect(photo.value(forKey: "title") as? String == "Alps")
        #expect(photo.value(forKey: "taken") as? Date == Date(timeIntervalSince1970: 1_484_238_324))
        // In one document with new photos too: only the new ones must be whole.
        let error = try #require(throws: MappingErrors.self) {
            try graph.merge(
                Data(#"[{"photo_id":"1","taken":null},{"photo_id":"9","taken":null}]"#.utf8),
                entity: "Photo"
            )
        }
        #expect(error.errors.map(\.path.description) == ["$[1].title"])
    }

    @Test("An element of the merged array is a record: new to the graph, it must be whole, as the decoder asks")
    func elementsAreRecords() throws {
        let graph = ObjectGraph(model: model)
        let json = Data(#"{"photos":[{"photo_id":"1","title":"A"},{"photo_id":"2"}]}"#.utf8)
        let merged = try #require(throws: MappingErrors.self) { try graph.merge(json, entity: "Photo", at: "photos") }
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        let decoded = try #require(throws: MappingErrors.self) {
            try ModelDecoder(model: model, options: options)
                .decodeObjects(of: try #require(model.entitiesByName["Photo"]), from: json, at: "photos")
        }
        #expect(merged.errors.map(\.path.description) == ["$.photos[1].title"])
        #expect(merged.errors.map(\.description) == decoded.errors.map(\.description))
        #expect(graph.count == 0 && graph.placeholders.isEmpty)
        // An update may leave it out: photo 2 is in the graph when the same document comes again.
        try graph.merge(Data(#"[{"photo_id":"2","title":"B"}]"#.utf8), entity: "Photo")
        try graph.merge(json, entity: "Photo", at: "photos")
        #expect(graph.object(of: "Photo", identity: "2")?.value(forKey: "title") as? String == "B")
        #expect(graph.objects(of: "Photo").count == 2)
    }

    @Test("An object given by identity alone that lacks required values is a placeholder, filled in later")
    func identityOnlyPlaceholder() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"photo_id":"1","title":"Alps","album":{"album_id":7}}]"#.utf8), entity: "Photo")
        let album = try #require(graph.object(of: "Album", identity: 7))
        #expect(graph.placeholders.map { $0 === album } == [true])
        #expect((album.value(forKey: "photos") as? [ModelObject])?.count == 1)
        // More than its identity, still without its title: an error, and nothing changes.
        #expect(throws: MappingErrors.self) {
            try graph.merge(Data(#"[{"album_id":7,"photos":["1"]}]"#.utf8), entity: "Album")
        }
        #expect(graph.placeholders.count == 1)
        try graph.merge(Data(#"[{"album_id":7,"title":"Holidays"}]"#.utf8), entity: "Album")
        #expect(graph.placeholders.isEmpty)
        #expect(album.value(forKey: "title") as? String == "Holidays")
    }

    @Test("A top-level array of identifiers gives the graph's objects, in order; a new one is a placeholder")
    func arrayOfIdentifiers() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(
            Data(#"[{"photo_id":"1699","title":"A"},{"photo_id":"1455","title":"B"}]"#.utf8),
            entity: "Photo"
        )
        let result = try graph.merge(Data(#"["1455", "1699", "2000"]"#.utf8), entity: "Photo")
        #expect(result.objects.compactMap { $0.value(forKey: "photoID") as? String } == ["1455", "1699", "2000"])
        #expect(result.objects.prefix(2).allSatisfy { object in !graph.placeholders.contains { $0 === object } })
        #expect(graph.placeholders.compactMap { $0.value(forKey: "photoID") as? String } == ["2000"])
        #expect(graph.objects(of: "Photo").count == 3)

        let strict = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: .error))
        let error = try #require(throws: ObjectGraphError.self) {
            try strict.merge(Data(#"["1699"]"#.utf8), entity: "Photo")
        }
        #expect(error.description == "1 unresolved reference: Photo (photoID: 1699)")
        #expect(strict.count == 0)
    }

    @Test("Malformed identifiers at the top level: a located error, and the graph unchanged")
    func malformedIdentifiers() throws {
        // Found by fuzzing (Fuzz/Regressions/graph/root-identity-malformed-number): the frame of
        // an identifier that failed to read was left open, and its slots leaked.
        let graph = ObjectGraph(model: model)
        for json in [#"[-{"name": "x"}]"#, #"["1", "2"#, #"["1", -]"#, #"["1", tru]"#] {
            let error = #expect(throws: (any Error).self, "\(json)") {
                try graph.merge(Data(json.utf8), entity: "Photo")
            }
            #expect(error != nil)
            #expect(graph.count == 0, "\(json)")
        }
    }

    @Test("Two different values for one identity in one document: a warning, or an error when strict")
    func conflictingValues() throws {
        let json = Data(
            #"[{"photo_id":"1","title":"Alps"},{"photo_id":"1","title":"Sea"},{"photo_id":"1","title":"Sea"}]"#.utf8
        )
        let graph = ObjectGraph(model: model)
        let result = try graph.merge(json, entity: "Photo")
        #expect(
            result.warnings.map(\.description) == [
                #"$[1].title: Photo.title: found "Sea" here, where an earlier record of the same object (same "#
                    + #"identity) gave "Alps""#
            ]
        )
        #expect(graph.object(of: "Photo", identity: "1")?.value(forKey: "title") as? String == "Sea")

        var decoding = ObjectGraph.Options().decoding
        decoding.conflictingValues = .error
        let strict = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: decoding))
        let error = try #require(throws: MappingErrors.self) { try strict.merge(json, entity: "Photo") }
        #expect(error.errors.map(\.code) == [.conflictingValues])
        #expect(strict.count == 0)

        // Plain decoding: in decodePartially's warnings, and an error when strict.
        let photo = try #require(model.entitiesByName["Photo"])
        var options = ModelDecoder.Options()
        options.conventions.keyCasing = .snakeCase
        #expect(
            try ModelDecoder(model: model, options: options).decodePartially(of: photo, from: json).warnings.count == 1
        )
        options.conflictingValues = .error
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model, options: options).decodeObjects(of: photo, from: json)
        }
    }

    @Test("The pre-scan honours the caller's limits")
    func preScanLimits() throws {
        var decoding = ObjectGraph.Options().decoding
        decoding.maximumStringLength = 8
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: decoding))
        let error = try #require(throws: MappingError.self) {
            try graph.merge(Data(#"{"a_key_longer_than_eight": 1, "photos": []}"#.utf8), entity: "Photo", at: "photos")
        }
        #expect(error.code == .notRepresentable)
        decoding.maximumDepth = 2
        let shallow = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: decoding))
        #expect(throws: MappingError.self) {
            try shallow.merge(Data(#"{"x": [[[[1]]]], "photos": []}"#.utf8), entity: "Photo", at: "photos")
        }
    }
}
