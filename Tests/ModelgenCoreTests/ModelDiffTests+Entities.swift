import Foundation
import ModelMapper
import ModelgenCore
import Testing

extension ModelDiffTests {
    static let entityPairs: [Pair] = [
        Pair(
            name: "an entity removed, and added",
            old: ["extraEntity": #"<entity name="Tag"><attribute name="label" attributeType="String"/></entity>"#],
            new: [:],
            forward: [
                "entity-removed read error", "entity-removed source warning", "lightweight-migration migration note",
            ],
            backward: ["entity-added read note", "lightweight-migration migration note"]
        ),
        Pair(
            name: "an entity renamed with its renaming identifier",
            new: ["bookName": "Volume", "bookRename": #"elementID="Book""#],
            forward: ["entity-renamed source warning", "lightweight-migration migration note"],
            // Back, the old name carries no renaming identifier: one entity gone, another new.
            backward: [
                "entity-removed read error", "entity-removed source warning", "entity-added read note",
                "lightweight-migration migration note", "destination-changed read error",
                "destination-changed write error", "destination-changed source warning",
                "needs-mapping-model migration note",
            ]
        ),
        Pair(
            name: "a property renamed with its renaming identifier, its JSON key kept",
            old: ["nicknameInfo": ""],
            new: [
                "nicknameRename": #"elementID="nickname""#,
                "nicknameInfo": #"<userInfo><entry key="jsonKeyPath" value="nickname"/></userInfo>"#,
            ],
            forward: [],
            backward: []
        ),
        Pair(
            name: "the class name changed",
            new: ["authorClass": "Writer"],
            forward: ["class-name-changed source warning"],
            backward: ["class-name-changed source warning"]
        ),
        Pair(
            name: "an entity made abstract",
            new: ["authorAbstract": #"isAbstract="YES""#],
            forward: ["abstract-changed read error"],
            backward: []
        ),
        Pair(
            name: "a JSON form declared",
            new: ["statusInfo": #"<entry key="jsonValues" value="draft,live"/><entry key="jsonForm" value="number"/>"#],
            forward: ["json-form-changed read error", "json-form-changed write error"],
            backward: ["json-form-changed read error", "json-form-changed write error"]
        ),
        Pair(
            name: "a relationship written as its destination's identity",
            new: ["booksInfo": #"<entry key="jsonWritesIdentity" value="YES"/>"#],
            forward: ["written-changed write error"],
            backward: ["written-changed write error"]
        ),
        Pair(
            name: "counts tightened, and loosened",
            new: ["booksCount": #"minCount="1""#],
            forward: ["counts-tightened read error"],
            backward: ["counts-loosened write error"]
        ),
        Pair(
            name: "a transformer named",
            // Without listed values, which an attribute with a transformer cannot have (MM530).
            old: ["statusInfo": ""],
            new: ["statusInfo": #"<entry key="JSONTransformerName" value="Upper"/>"#],
            forward: ["transformer-changed read error", "transformer-changed write error"],
            backward: ["transformer-changed read error", "transformer-changed write error"]
        ),
        Pair(
            name: "a superentity given",
            old: ["extraEntity": #"<entity name="Person" isAbstract="YES"/>"#],
            new: [
                "extraEntity": #"<entity name="Person" isAbstract="YES"/>"#,
                "authorClass": #"Author" parentEntity="Person"#,
            ],
            forward: ["superentity-changed source warning", "lightweight-migration migration note"],
            backward: ["superentity-changed source warning", "lightweight-migration migration note"]
        ),
        Pair(
            name: "a required value given a default: still always written",
            new: ["nameOptional": #"defaultValueString="anonymous""#],
            forward: [],
            backward: ["required-added read error", "needs-mapping-model migration note"]
        ),
        Pair(
            name: "where a document holds the objects",
            new: ["authorInfo": #"<entry key="jsonRootKeyPath" value="authors"/>"#],
            forward: ["root-key-path-changed read error", "root-key-path-changed write error"],
            backward: ["root-key-path-changed read error", "root-key-path-changed write error"]
        ),
    ]

    @Test("another spelling no longer read (the model's name beside a cased key)")
    func aliasRemoved() throws {
        var snake = ModelConventions()
        snake.keyCasing = .snakeCase
        var sync = snake
        sync.acceptsModelNames = true
        #expect(try Self.changes([:], [:], conventions: (sync, snake)) == ["alias-removed read error"])
        #expect(try Self.changes([:], [:], conventions: (snake, sync)).isEmpty)
    }

    @Test("a key casing convention moves every key it makes")
    func keyCasing() throws {
        var snake = ModelConventions()
        snake.keyCasing = .snakeCase
        let found = try Self.changes([:], [:], conventions: (ModelConventions(), snake))
        #expect(found == ["key-moved read error", "key-moved write error"])
        let old = try ObjectModel(xml: Self.model(), fileName: "old.xml")
        let new = try ObjectModel(xml: Self.model(), fileName: "new.xml", conventions: snake)
        let moved = try new.changes(since: old).filter { $0.direction == .read }.map(\.diagnostic.message)
        #expect(moved.contains { $0.contains("Author.authorID: its key moved from 'authorID' to 'author_id'") })
    }

    @Test("each change is located in both files, with its rule's code and name")
    func located() throws {
        let old = try ObjectModel(xml: Self.model(), fileName: "old.xml")
        let new = try ObjectModel(xml: Self.model(["countType": "Integer 16"]), fileName: "new.xml")
        let change = try #require(try new.changes(since: old).first { $0.direction == .read })
        #expect(change.diagnostic.code.rawValue == "MM823")
        #expect(change.diagnostic.location.description == "new.xml:6:5")
        #expect(change.oldLocation?.description == "old.xml:6:5")
        #expect(
            change.diagnostic.description
                == "new.xml:6:5: error: [read] type-narrowed: Author.count: its type is now Integer 16, was Integer 64: "
                + "values the old model read no longer convert"
        )
    }

    @Test("an accept file leaves out what it lists, each with a reason; a bad one is an error that says why")
    func acceptFile() throws {
        let old = try ObjectModel(xml: Self.model(), fileName: "old.xml")
        let new = try ObjectModel(xml: Self.model(["ratingMax": "4"]), fileName: "new.xml")
        let accept = #"""
            {"formatVersion": 1, "accepted": [
              {"rule": "bounds-tightened", "subject": "Author.rating", "reason": "ratings above 4 were never sent"}]}
            """#
        #expect(try new.changes(since: old).count == 1)
        #expect(try new.changes(since: old, accepting: Data(accept.utf8)).isEmpty)
        let other = accept.replacingOccurrences(of: "Author.rating", with: "Author.count")
        #expect(try new.changes(since: old, accepting: Data(other.utf8)).count == 1)
        for (bad, says) in [
            (accept.replacingOccurrences(of: "ratings above 4 were never sent", with: " "), "\"reason\""),
            (accept.replacingOccurrences(of: "bounds-tightened", with: "bounds-tighten"), "bounds-tightened"),
            (accept.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 2"), "formatVersion"),
            ("[]", "JSON object"),
        ] {
            #expect {
                _ = try new.changes(since: old, accepting: Data(bad.utf8))
            } throws: { error in
                "\(error)".contains(says)
            }
        }
    }

    @Test("10,000 entities compare in linear time")
    func manyEntities() throws {
        let entities = (0..<10_000)
            .map { #"<entity name="E\#($0)"><attribute name="a" attributeType="String"/></entity>"# }
        let old = try ObjectModel(xml: "<model>" + entities.joined() + "</model>")
        let changed = entities.map { $0.replacingOccurrences(of: "String", with: "Integer 64") }
        let new = try ObjectModel(xml: "<model>" + changed.joined() + "</model>")
        let clock = ContinuousClock()
        var changes: [ModelChange] = []
        let elapsed = try clock.measure { changes = try new.changes(since: old) }
        #expect(changes.count == 40_000)
        #expect(try old.changes(since: old).isEmpty)
        // Quadratic work over 10,000 entities would take minutes; linear takes well under one.
        #expect(elapsed < .seconds(60))
    }
}
