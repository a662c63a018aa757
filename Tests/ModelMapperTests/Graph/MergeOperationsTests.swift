import Foundation
import ModelMapper
import Testing

/// Sync's merge operations: insert-only, update-only, and a document as the whole listing of
/// an entity or of a parent's to-many; removals are listed as changes.
@Suite("Object graph: merge operations")
struct MergeOperationsTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="id" attributeType="String"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
          </entity>
          <entity name="Album">
            <attribute name="id" attributeType="Integer 64"/>
            <attribute name="title" optional="YES" attributeType="String"/>
            <attribute name="year" optional="YES" attributeType="Integer 16"/>
            <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="albums" inverseEntity="Tag"/>
            <relationship name="sequel" optional="YES" maxCount="1" destinationEntity="Album" inverseName="prequel" inverseEntity="Album"/>
            <relationship name="prequel" optional="YES" maxCount="1" destinationEntity="Album" inverseName="sequel" inverseEntity="Album"/>
          </entity>
          <entity name="Tag">
            <attribute name="id" attributeType="String"/>
            <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="tags" inverseEntity="Album"/>
          </entity>
        </model>
        """

    typealias Operations = ObjectGraph.MergeOperations

    let graph: ObjectGraph

    /// Band b1 with albums 1, 2 and 3 (titled One, Two, Three); album 1 tagged t1 and t2, album 2 t2.
    init() throws {
        graph = ObjectGraph(model: try ObjectModel(xml: Self.xml))
        let json = """
            [{"id": "b1", "name": "Japan", "albums": [
              {"id": 1, "title": "One", "tags": [{"id": "t1"}, {"id": "t2"}]},
              {"id": 2, "title": "Two", "tags": [{"id": "t2"}]},
              {"id": 3, "title": "Three"}]}]
            """
        try graph.merge(Data(json.utf8), entity: "Band")
    }

    @discardableResult
    func merge(_ json: String, _ entity: String, _ operations: Operations) throws -> ObjectGraph.MergeResult {
        try graph.merge(Data(json.utf8), entity: entity, operations: operations)
    }

    func ids(_ objects: [ModelObject]) -> [String] {
        objects.map { object in
            let id = object.value(forKey: "id") ?? object.value(forKey: "remoteID")
            return "\(object.entity.name) \(id.map { "\($0)" } ?? "nil")"
        }
        .sorted()
    }

    func title(_ id: Int) -> String? { graph.object(of: "Album", identity: id)?.value(forKey: "title") as? String }

    @Test("By default a merge inserts and updates, and removes nothing the document leaves out")
    func defaultRemovesNothing() throws {
        let point = graph.changePoint
        let result = try merge(#"[{"id": 1, "title": "Uno"}]"#, "Album", .default)
        #expect(title(1) == "Uno")
        #expect(graph.objects(of: "Album").count == 3)
        #expect(result.removed.isEmpty)
        #expect(graph.changes(since: point).deleted.isEmpty)
    }

    @Test("Insert-only: new objects join, the graph's keep their values; update-only: the reverse")
    func insertOnlyAndUpdateOnly() throws {
        var point = graph.changePoint
        let inserted = try merge(#"[{"id": 1, "title": "Uno"}, {"id": 4, "title": "Four"}]"#, "Album", .init(.insert))
        #expect(title(1) == "One")
        #expect(title(4) == "Four")
        #expect(ids(inserted.objects) == ["Album 1", "Album 4"])
        #expect(inserted.skipped.isEmpty)
        var changes = graph.changes(since: point)
        #expect(ids(changes.inserted) == ["Album 4"])
        #expect(changes.updated.isEmpty)

        point = graph.changePoint
        let updated = try merge(#"[{"id": 5, "title": "Five"}, {"id": 1, "title": "Uno"}]"#, "Album", .init(.update))
        #expect(title(1) == "Uno")
        #expect(graph.object(of: "Album", identity: 5) == nil)
        #expect(ids(updated.objects) == ["Album 1"])
        #expect(updated.skipped == [0])
        changes = graph.changes(since: point)
        #expect(changes.inserted.isEmpty)
        #expect(ids(changes.updated) == ["Album 1"])
    }

    @Test("An object kept as it is is linked where the document links it, and what it nests is not merged")
    func keptObjectsAreLinked() throws {
        let json = #"[{"id": "b2", "albums": [{"id": 3, "title": "Drei", "tags": [{"id": "t9"}]}]}]"#
        try merge(json, "Band", .init(relationships: .insert))
        let album = try #require(graph.object(of: "Album", identity: 3))
        #expect((album.value(forKey: "band") as? ModelObject)?.value(forKey: "id") as? String == "b2")
        #expect(title(3) == "Three")
        #expect(graph.object(of: "Tag", identity: "t9") == nil)
    }

    @Test("The whole listing: objects of the entity the document does not hold are removed, as changes")
    func wholeListing() throws {
        let point = graph.changePoint
        let result = try merge(#"[{"id": 1}, {"id": 4, "title": "Four"}]"#, "Album", .init(.all))
        #expect(ids(result.removed) == ["Album 2", "Album 3"])
        #expect(ids(graph.objects(of: "Album")) == ["Album 1", "Album 4"])
        let band = try #require(graph.object(of: "Band", identity: "b1"))
        #expect(ids(band.value(forKey: "albums") as? [ModelObject] ?? []) == ["Album 1"])
        let changes = graph.changes(since: point)
        #expect(ids(changes.deleted) == ["Album 2", "Album 3"])
        #expect(ids(changes.inserted) == ["Album 4"])
        // An empty listing is a listing of nothing.
        try merge("[]", "Tag", .init(.all))
        #expect(graph.objects(of: "Tag").isEmpty)
    }

    @Test("A listing never removes what the document holds: as a foreign key, nested, or by another JSON type")
    func listingKeepsWhatTheDocumentHolds() throws {
        let json = #"[{"id": "1", "sequel": 2, "prequel": {"id": 3}}]"#
        let result = try merge(json, "Album", .init(.all))
        #expect(result.removed.isEmpty)
        #expect(graph.objects(of: "Album").count == 3)
        #expect(title(1) == "One")
    }

    @Test(
        "A partial merge that leaves elements out removes nothing for the listing, and counts positions in the document"
    )
    func partialListing() throws {
        let json = #"[{"id": 8, "year": "soon"}, {"id": 9}, {"id": 1, "title": "Uno"}]"#
        let result = try graph.mergePartially(
            Data(json.utf8),
            entity: "Album",
            operations: .init([.update, .removeUnlisted])
        )
        #expect(result.leftOut == [0])
        #expect(result.skipped == [1])
        #expect(ids(result.objects) == ["Album 1"])
        #expect(result.removed.isEmpty)
        #expect(graph.objects(of: "Album").count == 3)
        #expect(title(1) == "Uno")
    }

    @Test("A parent's to-many as the whole listing: the children it drops are removed, unless moved to another parent")
    func relationshipListing() throws {
        let point = graph.changePoint
        let json = #"[{"id": "b1", "albums": [{"id": 1}]}, {"id": "b2", "albums": [{"id": 2}]}]"#
        let result = try merge(json, "Band", .init(byRelationship: ["Band.albums": .all]))
        #expect(ids(result.removed) == ["Album 3"])
        #expect(ids(graph.changes(since: point).deleted) == ["Album 3"])
        let moved = try #require(graph.object(of: "Album", identity: 2))
        #expect((moved.value(forKey: "band") as? ModelObject)?.value(forKey: "id") as? String == "b2")

        // Without the operation, a dropped child is only let go.
        try merge(#"[{"id": "b2", "albums": []}]"#, "Band", .default)
        #expect(graph.object(of: "Album", identity: 2)?.value(forKey: "band") == nil)
    }

    @Test("A many-to-many as the whole listing lets its objects go and removes none: they stand on their own")
    func manyToManyListing() throws {
        let operations = Operations(byRelationship: ["Album.tags": .all])
        var result = try merge(#"[{"id": 1, "tags": [{"id": "t1"}]}]"#, "Album", operations)
        #expect(result.removed.isEmpty)
        #expect(graph.object(of: "Tag", identity: "t2") != nil)
        result = try merge(#"[{"id": 2, "tags": null}]"#, "Album", operations)
        #expect(result.removed.isEmpty)
        // Held by no album now, and still in the graph.
        let tag = try #require(graph.object(of: "Tag", identity: "t2"))
        #expect((tag.value(forKey: "albums") as? [ModelObject] ?? []).isEmpty)
    }

    @Test("Insert and update per relationship: a new nested object is left out, not linked")
    func relationshipUpdateOnly() throws {
        let json = #"[{"id": "b1", "albums": [{"id": 1, "title": "Uno"}, {"id": 7, "title": "Seven"}]}]"#
        try merge(json, "Band", .init(byRelationship: ["Band.albums": .update]))
        #expect(title(1) == "Uno")
        #expect(graph.object(of: "Album", identity: 7) == nil)
        let band = try #require(graph.object(of: "Band", identity: "b1"))
        #expect(ids(band.value(forKey: "albums") as? [ModelObject] ?? []) == ["Album 1"])
    }

    @Test("A relationship the model does not have is an error naming the closest, and the graph is unchanged")
    func unknownRelationship() throws {
        let point = graph.changePoint
        for (key, message) in [
            ("Band.album", "did you mean 'albums'?"),
            ("Bnd.albums", "did you mean 'Band'?"),
            ("albums", "Entity.relationship"),
        ] {
            let error = try #require(throws: MappingError.self) {
                try merge(#"[{"id": "b1", "albums": []}]"#, "Band", .init(byRelationship: [key: .all]))
            }
            #expect(error.description.contains(message), "\(error)")
        }
        #expect(graph.changes(since: point).isEmpty)
    }
}

extension MergeOperationsTests {
    @Test("A listing keeps objects the document gives under any key form of their identity, or casing")
    func listingUnderOtherKeyForms() throws {
        let model = try ObjectModel(xml: ConventionAliasTests.xml, conventions: ConventionAliasTests.conventions)
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]"#.utf8), entity: "User")
        let json = #"[{"id": 1, "full_name": "Ada"}, {"remoteID": "2", "fullName": "Bea"}, {"id": "3"}]"#
        let result = try graph.merge(Data(json.utf8), entity: "User", operations: .init(.all))
        #expect(ids(result.removed) == ["User 4"])
        #expect(graph.objects(of: "User").count == 3)
    }
}
