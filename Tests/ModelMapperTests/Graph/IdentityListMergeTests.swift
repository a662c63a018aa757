import Foundation
import Testing

@testable import ModelMapper

/// Under `.removeUnlisted`, a one-to-many given as a list of identities (`notes_ids`, or
/// scalars at its own key) lets go of what it no longer lists, as Sync does; a listing of
/// objects removes it, as before.
@Suite("Merging: a list of identities lets go, a listing of objects removes")
struct IdentityListMergeTests {
    let graph: ObjectGraph
    let operations = ObjectGraph.MergeOperations(byRelationship: ["User.notes": .all])

    init() throws {
        let model = try ObjectModel(xml: ConventionAliasTests.xml, conventions: ConventionAliasTests.conventions)
        graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"id": 10, "text": "a"}, {"id": 11, "text": "b"}]"#.utf8), entity: "Note")
        try graph.merge(Data(#"[{"id": 1, "notes_ids": [10, 11]}]"#.utf8), entity: "User")
    }

    func merge(_ json: String) throws -> ObjectGraph.MergeResult {
        try graph.merge(Data(json.utf8), entity: "User", operations: operations)
    }

    func note(_ identity: Int) -> ModelObject? { graph.object(of: "Note", identity: identity) }

    @Test(
        "a list of identities lets go of what it drops",
        arguments: [#"[{"id": 1, "notes_ids": [11]}]"#, #"[{"id": 1, "notes": [11]}]"#]
    )
    func identitiesLetGo(json: String) throws {
        let result = try merge(json)
        #expect(result.removed.isEmpty)
        let dropped = try #require(note(10))
        #expect(dropped.value(forKey: "user") == nil, "let go")
        #expect(note(11)?.value(forKey: "user") as? ModelObject === graph.object(of: "User", identity: 1))
    }

    @Test("an empty list at the foreign key lets go of every note")
    func emptyIdentities() throws {
        let result = try merge(#"[{"id": 1, "notes_ids": []}]"#)
        #expect(result.removed.isEmpty)
        #expect(note(10) != nil && note(11) != nil)
        #expect(note(10)?.value(forKey: "user") == nil)
    }

    @Test(
        "a listing of objects removes what it drops, as before",
        arguments: [#"[{"id": 1, "notes": [{"id": 11}]}]"#, #"[{"id": 1, "notes": [{"id": 11}, 11]}]"#]
    )
    func objectsRemove(json: String) throws {
        let result = try merge(json)
        #expect(result.removed.map { $0.value(forKey: "remoteID") as? Int64 } == [10])
        #expect(note(10) == nil)
    }

    @Test("an empty listing at the relationship's own key removes every note, as before")
    func emptyListing() throws {
        let result = try merge(#"[{"id": 1, "notes": []}]"#)
        #expect(result.removed.count == 2)
    }

    @Test("a later record's list decides: objects after identities remove")
    func laterRecordDecides() throws {
        let result = try merge(#"[{"id": 1, "notes_ids": [10, 11]}, {"id": 1, "notes": [{"id": 11}]}]"#)
        #expect(result.removed.map { $0.value(forKey: "remoteID") as? Int64 } == [10])
    }
}
