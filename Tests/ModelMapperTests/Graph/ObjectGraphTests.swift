import Foundation
import ModelMapper
import Testing
import TestSupport

/// `ObjectGraph`: documents merged into one graph by identity, foreign keys linking records
/// of separate arrays in any order, updates, removal, changes, partial results.
@Suite("Object graph")
struct ObjectGraphTests {
    static let arrays = [
        ("Band", "bands"), ("Musician", "musicians"), ("BandMember", "band_members"), ("Album", "albums"),
    ]

    let model: ObjectModel
    let document: Data
    let update: Data

    init() throws {
        model = try ObjectModel(contentsOf: TestPaths.model("Bands"))
        document = try TestPaths.fixture("Bands/bands.json")
        update = try TestPaths.fixture("Bands/bands-update.json")
    }

    /// The graph as text: each entity's objects sorted, with their attributes and their
    /// relationships as the identities they lead to, so that two graphs compare as text.
    static func snapshot(_ graph: ObjectGraph) -> String {
        var lines: [String] = []
        for entity in graph.model.entities {
            for object in graph.objects(of: entity, includingSubentities: false) {
                let values = entity.attributes.map {
                    "\($0.name)=\(object.value(forKey: $0.name).map { "\($0)" } ?? "nil")"
                }
                let links = entity.relationships.map { relationship -> String in
                    let value = object.value(forKey: relationship.name)
                    let objects = (value as? [ModelObject]) ?? (value as? ModelObject).map { [$0] } ?? []
                    let names = objects.map {
                        ($0.value(forKey: "name") ?? $0.value(forKey: "id")).map { "\($0)" } ?? "?"
                    }
                    return "\(relationship.name)=[\(names.sorted().joined(separator: ","))]"
                }
                lines.append("\(entity.name): " + (values + links).joined(separator: " "))
            }
        }
        return lines.sorted().joined(separator: "\n")
    }

    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index -> [[T]] in
            var rest = items
            let first = rest.remove(at: index)
            return permutations(rest).map { [first] + $0 }
        }
    }

    @Test("The four arrays, merged in every order, give one linked graph")
    func everyOrder() throws {
        var snapshots = Set<String>()
        for order in Self.permutations(Self.arrays) {
            let graph = ObjectGraph(model: model)
            for (entity, key) in order { try graph.merge(document, entity: entity, at: key) }
            #expect(graph.unresolvedReferences.isEmpty, "order \(order.map(\.1))")
            #expect(graph.count == 4)
            snapshots.insert(Self.snapshot(graph))
        }
        #expect(snapshots.count == 1)
        let expected = """
            Album: name=Tin Drum released=1981-11-13 00:00:00 +0000 band=[Japan]
            Band: bandDescription=Initially a glam-inspired group formed=1974 name=Japan otherNames=Rain Tree Crow albums=[Tin Drum] members=[David Sylvian in Japan]
            BandMember: id=David Sylvian in Japan joined=1974 left=1991 band=[Japan] musician=[David Sylvian]
            Musician: born=1958 instruments=Vocals, guitar name=David Sylvian bandMemberships=[David Sylvian in Japan]
            """
        #expect(snapshots.first == expected)
    }

    @Test("A later document updates what the graph has and adds what it has not; changes say which")
    func updates() throws {
        let graph = ObjectGraph(model: model)
        for (entity, key) in Self.arrays { try graph.merge(document, entity: entity, at: key) }
        let before = graph.changePoint
        try graph.merge(update, entity: "Band", at: "bands")
        try graph.merge(update, entity: "Album", at: "albums")
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        // Present keys overwrite, absent keys keep.
        #expect(japan.value(forKey: "bandDescription") as? String == "A new wave group from Catford, south London")
        #expect(japan.value(forKey: "formed") as? Int16 == 1974)
        #expect(japan.value(forKey: "otherNames") as? String == "Rain Tree Crow")
        let albums = try #require(japan.value(forKey: "albums") as? [ModelObject])
        #expect(
            Set(albums.compactMap { $0.value(forKey: "name") as? String }) == ["Tin Drum", "Gentlemen Take Polaroids"]
        )
        let changes = graph.changes(since: before)
        #expect(changes.inserted.compactMap { $0.value(forKey: "name") as? String } == ["Gentlemen Take Polaroids"])
        #expect(changes.updated.compactMap { $0.value(forKey: "name") as? String } == ["Japan"])
        #expect(changes.deleted.isEmpty)
        #expect(graph.changes(since: graph.changePoint).isEmpty)
    }

    @Test("null clears; a to-many present replaces")
    func nullClears() throws {
        let graph = ObjectGraph(model: model)
        for (entity, key) in Self.arrays { try graph.merge(document, entity: entity, at: key) }
        try graph.merge(Data(#"[{"name": "Japan", "other_names": null, "albums": []}]"#.utf8), entity: "Band")
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        #expect(japan.value(forKey: "otherNames") == nil)
        #expect(japan.valueState(forKey: "otherNames") == .null)
        #expect((japan.value(forKey: "albums") as? [ModelObject])?.isEmpty == true)
        let album = try #require(graph.object(of: "Album", identity: "Tin Drum"))
        #expect(album.value(forKey: "band") == nil)
    }

    @Test("A reference waits for its object, and links when it comes")
    func pendingReferences() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(document, entity: "Album", at: "albums")
        #expect(graph.count == 1)
        let unresolved = graph.unresolvedReferences
        #expect(unresolved.map(\.description) == ["Album.band -> Band (name: Japan)"])
        let album = try #require(graph.object(of: "Album", identity: "Tin Drum"))
        #expect(album.value(forKey: "band") == nil)
        try graph.merge(document, entity: "Band", at: "bands")
        #expect(graph.unresolvedReferences.isEmpty)
        #expect((album.value(forKey: "band") as? ModelObject)?.value(forKey: "name") as? String == "Japan")
    }

    @Test("Under the error policy, an unresolved reference fails the merge, which changes nothing")
    func unresolvedIsAnError() throws {
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: .error))
        let error = try #require(throws: ObjectGraphError.self) {
            try graph.merge(document, entity: "BandMember", at: "band_members")
        }
        #expect(
            error.description
                == "2 unresolved references: BandMember.band -> Band (name: Japan); BandMember.musician -> Musician (name: David Sylvian)"
        )
        #expect(graph.count == 0)
        try graph.merge(document, entity: "Band", at: "bands")
        try graph.merge(document, entity: "Musician", at: "musicians")
        try graph.merge(document, entity: "BandMember", at: "band_members")
        #expect(graph.count == 3)
    }

    @Test("Under the placeholder policy, a reference makes its object, which a later merge fills in")
    func placeholders() throws {
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: .placeholder))
        try graph.merge(document, entity: "Album", at: "albums")
        #expect(graph.placeholders.compactMap { $0.value(forKey: "name") as? String } == ["Japan"])
        #expect(graph.unresolvedReferences.isEmpty)
        let point = graph.changePoint
        try graph.merge(document, entity: "Band", at: "bands")
        #expect(graph.placeholders.isEmpty)
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        #expect(japan.value(forKey: "formed") as? Int16 == 1974)
        #expect((japan.value(forKey: "albums") as? [ModelObject])?.count == 1)
        #expect(graph.changes(since: point).updated.count == 1)
    }

    @Test("A relationship given again forgets what it waited for; a JSON object of its own fills a placeholder")
    func referencesGivenAgain() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"name": "Tin Drum", "band": "Can"}]"#.utf8), entity: "Album")
        try graph.merge(Data(#"[{"name": "Tin Drum", "band": "Wire"}]"#.utf8), entity: "Album")
        #expect(graph.unresolvedReferences.map(\.description) == ["Album.band -> Band (name: Wire)"])
        try graph.merge(Data(#"[{"name": "Japan"}]"#.utf8), entity: "Band")
        try graph.merge(Data(#"[{"name": "Tin Drum", "band": "Japan"}]"#.utf8), entity: "Album")
        #expect(graph.unresolvedReferences.isEmpty)
        try graph.merge(Data(#"[{"name": "Wire"}]"#.utf8), entity: "Band")
        let album = try #require(graph.object(of: "Album", identity: "Tin Drum"))
        #expect((album.value(forKey: "band") as? ModelObject)?.value(forKey: "name") as? String == "Japan")

        let placeholders = ObjectGraph(model: model, options: ObjectGraph.Options(unresolvedReferences: .placeholder))
        try placeholders.merge(Data(#"[{"name": "Tin Drum", "band": "Can"}]"#.utf8), entity: "Album")
        try placeholders.merge(Data(#"[{"name": "Quiet Life", "band": "Can"}]"#.utf8), entity: "Album")
        #expect(placeholders.placeholders.count == 1)
        // A band's JSON object, nested or not, is the band: Band requires nothing beyond its name.
        try placeholders.merge(Data(#"[{"name": "Pink Flag", "band": {"name": "Can"}}]"#.utf8), entity: "Album")
        #expect(placeholders.placeholders.isEmpty)
        let can = try #require(placeholders.object(of: "Band", identity: "Can"))
        #expect((can.value(forKey: "albums") as? [ModelObject])?.count == 3)
    }

    @Test("Identities compare by value across JSON types; `id` is the identity when none is declared")
    func identityAcrossTypes() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Item">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <attribute name="note" optional="YES" attributeType="String"/>
                  </entity>
                </model>
                """
        )
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"id": 101, "title": "a"}]"#.utf8), entity: "Item")
        try graph.merge(Data(#"[{"id": "101", "note": "b"}, {"id": 102}]"#.utf8), entity: "Item")
        #expect(graph.count == 2)
        let item = try #require(graph.object(of: "Item", identity: 101))
        #expect(item.value(forKey: "title") as? String == "a")
        #expect(item.value(forKey: "note") as? String == "b")
        #expect(graph.object(of: "Item", identity: "101") === item)
        // Plain decoding keeps its rule: `id` is no identity unless asked.
        let twice = Data(#"[{"id": 1}, {"id": 1}]"#.utf8)
        let entity = try #require(model.entitiesByName["Item"])
        #expect(try ModelDecoder(model: model).decodeObjects(of: entity, from: twice).count == 2)
        var options = ModelDecoder.Options()
        options.conventions.identifiesByID = true
        let unique = try ModelDecoder(model: model, options: options).decodeObjects(of: entity, from: twice)
        #expect(unique.count == 2 && unique[0] === unique[1])
    }

    @Test("Removing an object clears the relationships that held it")
    func removal() throws {
        let graph = ObjectGraph(model: model)
        for (entity, key) in Self.arrays { try graph.merge(document, entity: entity, at: key) }
        let point = graph.changePoint
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        #expect(graph.remove(japan))
        #expect(!graph.remove(japan))
        #expect(graph.object(of: "Band", identity: "Japan") == nil)
        #expect(graph.objects(of: "Band").isEmpty)
        #expect(graph.object(of: "Album", identity: "Tin Drum")?.value(forKey: "band") == nil)
        #expect(graph.object(of: "BandMember", identity: "David Sylvian in Japan")?.value(forKey: "band") == nil)
        #expect(graph.changes(since: point).deleted.count == 1)
        // Merging it again makes a new object, linked again by the references that name it.
        try graph.merge(document, entity: "Band", at: "bands")
        try graph.merge(document, entity: "Album", at: "albums")
        #expect(
            (graph.object(of: "Album", identity: "Tin Drum")?.value(forKey: "band") as? ModelObject)?
                .value(
                    forKey: "name"
                ) as? String == "Japan"
        )
    }

    @Test("A merge with an error throws every error and changes nothing; mergePartially leaves the element out")
    func partialResults() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"name": "Japan", "formed": 1974}]"#.utf8), entity: "Band")
        let point = graph.changePoint
        let json =
            #"{"bands": [{"name": "Japan", "formed": 1975}, {"name": "Rain Tree Crow", "formed": "soon"}, {"name": "Talk Talk", "formed": 1981}]}"#
        let error = try #require(throws: MappingErrors.self) {
            try graph.merge(Data(json.utf8), entity: "Band", at: "bands")
        }
        #expect(error.errors.map(\.path.description) == ["$.bands[1].formed"])
        #expect(graph.count == 1)
        #expect(graph.changes(since: point).isEmpty)
        #expect(graph.object(of: "Band", identity: "Japan")?.value(forKey: "formed") as? Int16 == 1974)

        let result = try graph.mergePartially(Data(json.utf8), entity: "Band", at: "bands")
        #expect(result.objects.compactMap { $0.value(forKey: "name") as? String } == ["Japan", "Talk Talk"])
        #expect(result.leftOut == [1])
        #expect(result.errors.map(\.path.description) == ["$.bands[1].formed"])
        #expect(graph.count == 2)
        #expect(graph.object(of: "Band", identity: "Japan")?.value(forKey: "formed") as? Int16 == 1975)
        // The same without a graph.
        let band = try #require(model.entitiesByName["Band"])
        var options = ModelDecoder.Options()
        options.conventions.keyCasing = .snakeCase
        let partial = try ModelDecoder(model: model, options: options)
            .decodePartially(
                of: band,
                from: Data(json.utf8),
                at: "bands"
            )
        #expect(partial.objects.count == 2)
        #expect(partial.leftOut == [1])
        // Malformed JSON leaves nothing to keep.
        #expect(throws: MappingError.self) {
            try graph.mergePartially(Data(#"{"bands": [{"name": "X"},"#.utf8), entity: "Band", at: "bands")
        }
    }

    @Test("Documents decoded on other threads merge on the graph's")
    func decodingElsewhere() async throws {
        let model = self.model
        let pages = (0..<8)
            .map { page in
                Data(#"{"albums": [{"name": "Album \#(page)", "band": "Band \#(page % 2)"}]}"#.utf8)
            }
        let prepared = try await withThrowingTaskGroup(of: ObjectGraph.PreparedMerge.self) { group in
            for page in pages {
                group.addTask { try ObjectGraph.prepare(page, entity: "Album", at: "albums", model: model) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let graph = ObjectGraph(model: model)
        for batch in prepared { try graph.merge(batch) }
        #expect(throws: ObjectGraphError.self) { try graph.merge(prepared[0]) }
        try graph.merge(Data(#"[{"name": "Band 0"}, {"name": "Band 1"}]"#.utf8), entity: "Band")
        #expect(graph.count == 10)
        #expect(graph.unresolvedReferences.isEmpty)
        #expect((graph.object(of: "Band", identity: "Band 1")?.value(forKey: "albums") as? [ModelObject])?.count == 4)
    }

    @Test("A scalar for a to-one is its destination's identity, in plain decoding too")
    func foreignKeysWithoutGraph() throws {
        let album = try #require(model.entitiesByName["Album"])
        var options = ModelDecoder.Options()
        options.conventions.keyCasing = .snakeCase
        // Over the model's conventions (Bands.conventions.json), so that BandMember has no
        // identity below.
        options.conventions.identifiesByID = false
        let decoder = ModelDecoder(model: model, options: options)
        let objects = try decoder.decodeObjects(
            of: album,
            from: Data(#"[{"name": "Tin Drum", "band": "Japan"}, {"name": "Quiet Life", "band": "Japan"}]"#.utf8)
        )
        let bands = objects.compactMap { $0.value(forKey: "band") as? ModelObject }
        #expect(bands.count == 2 && bands[0] === bands[1])
        #expect(bands.first?.value(forKey: "name") as? String == "Japan")
        // An entity without a single identity attribute takes no scalar.
        let member = try #require(model.entitiesByName["Musician"])
        let error = try #require(throws: MappingError.self) {
            try decoder.decodeObject(
                of: member,
                from: Data(#"{"name": "David Sylvian", "band_memberships": [7]}"#.utf8)
            )
        }
        #expect(error.path.description == "$.band_memberships[0]")
    }

    /// `data` written with sorted keys, so that documents compare whatever their key order.
    static func sorted(_ data: Data) throws -> String {
        try JSONValue.parse(data).jsonText(options: [.sortedKeys, .withoutEscapingSlashes])
    }

    @Test("The document round-trips: foreign keys decode as links and encode as identities again")
    func roundTripWithForeignKeys() throws {
        var decoding = ModelDecoder.Options(unknownKeys: .keep)
        decoding.conventions.keyCasing = .snakeCase
        decoding.conventions.identifiesByID = true
        let decoder = ModelDecoder(model: model, options: decoding)
        var encoding = ModelEncoder.Options(outputFormatting: .withoutEscapingSlashes)
        encoding.conventions.keyCasing = .snakeCase
        encoding.conventions.identifiesByID = true
        let original = try JSONValue.parse(document)
        for (entity, key) in Self.arrays {
            let description = try #require(model.entitiesByName[entity])
            let objects = try decoder.decodeObjects(of: description, from: document, at: key)
            let written = try ModelEncoder(options: encoding).encode(objects, at: key)
            // The kept source gives the same tokens in the same order, scalars as scalars.
            let expected = try #require(original[key])
            let wrapped: JSONValue = [key: expected]
            #expect(
                String(decoding: written, as: UTF8.self) == wrapped.jsonText(options: .withoutEscapingSlashes),
                "\(key)"
            )
        }
        // From a graph (no kept source), with the encoder writing every relationship as an identity.
        let graph = ObjectGraph(model: model)
        for (entity, key) in Self.arrays { try graph.merge(document, entity: entity, at: key) }
        encoding.writesRelationshipsAsIdentities = true
        encoding.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let albums = try ModelEncoder(options: encoding).encode(graph.objects(of: "Album"), at: "albums")
        #expect(
            String(decoding: albums, as: UTF8.self)
                == #"{"albums":[{"band":"Japan","name":"Tin Drum","released":"1981-11-13T00:00:00Z"}]}"#
        )
        let members = try ModelEncoder(options: encoding).encode(graph.objects(of: "BandMember"), at: "band_members")
        #expect(
            try Self.sorted(members)
                == Self.sorted(
                    Data(
                        #"{"band_members": [{"id": "David Sylvian in Japan", "musician": "David Sylvian", "band": "Japan", "joined": 1974, "left": 1991}]}"#
                            .utf8
                    )
                )
        )
        // Without the option, relationships nest.
        encoding.writesRelationshipsAsIdentities = false
        let nested = try ModelEncoder(options: encoding).encode(graph.objects(of: "Album"), at: "albums")
        #expect(String(decoding: nested, as: UTF8.self).contains(#""band":{"#))
    }

    @Test(
        "A relationship whose userInfo says jsonWritesIdentity is written as identities; composite identities as objects"
    )
    func writesIdentityPerRelationship() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Shelf">
                    <attribute name="label" attributeType="String"/>
                    <relationship name="books" optional="YES" toMany="YES" destinationEntity="Book">
                      <userInfo><entry key="jsonWritesIdentity" value="YES"/></userInfo>
                    </relationship>
                    <relationship name="editions" optional="YES" toMany="YES" destinationEntity="Edition">
                      <userInfo><entry key="jsonWritesIdentity" value="YES"/></userInfo>
                    </relationship>
                    <relationship name="featured" optional="YES" maxCount="1" destinationEntity="Book"/>
                  </entity>
                  <entity name="Book">
                    <attribute name="isbn" attributeType="Integer 64"/>
                    <attribute name="title" optional="YES" attributeType="String"/>
                    <userInfo><entry key="identityAttributes" value="isbn"/></userInfo>
                  </entity>
                  <entity name="Edition">
                    <attribute name="isbn" attributeType="Integer 64"/>
                    <attribute name="year" attributeType="Integer 16"/>
                    <userInfo><entry key="identityAttributes" value="isbn,year"/></userInfo>
                  </entity>
                </model>
                """
        )
        let shelf = try #require(model.entitiesByName["Shelf"])
        let json =
            #"{"label":"A","books":[{"isbn":1,"title":"One"},2],"editions":[{"isbn":1,"year":1990}],"featured":{"isbn":1,"title":"One"}}"#
        let object = try ModelDecoder(model: model).decodeObject(of: shelf, from: Data(json.utf8))
        let books = try #require(object.value(forKey: "books") as? [ModelObject])
        #expect(books.map { $0.value(forKey: "isbn") as? Int64 } == [1, 2])
        let written = try String(decoding: ModelEncoder().encode(object), as: UTF8.self)
        #expect(
            written
                == #"{"label":"A","books":[1,2],"editions":[{"isbn":1,"year":1990}],"featured":{"isbn":1,"title":"One"}}"#
        )
    }

    @Test("Many records referring to one object of the graph merge in time linear in them")
    func manyReferencesToOneInAGraph() throws {
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"name": "Japan"}]"#.utf8), entity: "Band")
        // Quadratic linking or unlinking would take minutes here (it did: 190 s for 20,000).
        let count = 50_000
        for (prefix, reference) in [("a", #""Japan""#), ("b", #"{"name": "Japan"}"#)] {
            var json = "["
            for index in 0..<count {
                json += (index == 0 ? "" : ",") + #"{"name": "\#(prefix)\#(index)", "band": \#(reference)}"#
            }
            json += "]"
            try graph.merge(Data(json.utf8), entity: "Album")
        }
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        #expect((japan.value(forKey: "albums") as? [ModelObject])?.count == 2 * count)
        // Half of them move to another band: the other half stays with Japan.
        var json = "["
        for index in 0..<count { json += (index == 0 ? "" : ",") + #"{"name": "a\#(index)", "band": "Can"}"# }
        json += "]"
        // Given twice before Can comes: each reference waits once.
        try graph.merge(Data(json.utf8), entity: "Album")
        try graph.merge(Data(json.utf8), entity: "Album")
        #expect(graph.unresolvedReferences.count == count)
        try graph.merge(Data(#"[{"name": "Can"}]"#.utf8), entity: "Band")
        let can = try #require(graph.object(of: "Band", identity: "Can"))
        #expect((japan.value(forKey: "albums") as? [ModelObject])?.count == count)
        #expect((can.value(forKey: "albums") as? [ModelObject])?.count == count)
        #expect(graph.unresolvedReferences.isEmpty)
        // They come back through Japan's side: each leaves Can's list.
        let names = (0..<count).map { #""a\#($0)""# } + (0..<count).map { #""b\#($0)""# }
        try graph.merge(
            Data(#"[{"name": "Japan", "albums": [\#(names.joined(separator: ","))]}]"#.utf8),
            entity: "Band"
        )
        #expect((japan.value(forKey: "albums") as? [ModelObject])?.count == 2 * count)
        #expect((can.value(forKey: "albums") as? [ModelObject])?.isEmpty == true)
        let album = try #require(graph.object(of: "Album", identity: "a7"))
        #expect(album.value(forKey: "band") as? ModelObject === japan)
        // Two bands swap albums in one merge: each list loses and gains many at once.
        try graph.merge(
            Data("[\((0..<count).map { #"{"name": "a\#($0)", "band": "Can"}"# }.joined(separator: ","))]".utf8),
            entity: "Album"
        )
        let swap = (0..<count)
            .flatMap {
                [#"{"name": "a\#($0)", "band": "Japan"}"#, #"{"name": "b\#($0)", "band": "Can"}"#]
            }
        try graph.merge(Data("[\(swap.joined(separator: ","))]".utf8), entity: "Album")
        let japanNames = (japan.value(forKey: "albums") as? [ModelObject])?
            .compactMap {
                $0.value(forKey: "name") as? String
            }
        let canNames = (can.value(forKey: "albums") as? [ModelObject])?
            .compactMap {
                $0.value(forKey: "name") as? String
            }
        #expect(japanNames?.count == count && japanNames?.allSatisfy { $0.hasPrefix("a") } == true)
        #expect(canNames?.count == count && canNames?.allSatisfy { $0.hasPrefix("b") } == true)
    }

    @Test("Many references to one object link in time linear in them (scalars and identity objects)")
    func manyReferencesToOne() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Band">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
                    <userInfo><entry key="identityAttributes" value="name"/></userInfo>
                  </entity>
                  <entity name="Album">
                    <attribute name="title" attributeType="String"/>
                    <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
                  </entity>
                </model>
                """
        )
        let album = try #require(model.entitiesByName["Album"])
        // Quadratic linking would take minutes here; linear takes a moment.
        let count = 100_000
        for reference in [#""X""#, #"{"name": "X"}"#] {
            var json = "["
            for index in 0..<count {
                json += (index == 0 ? "" : ",") + #"{"title": "\#(index)", "band": \#(reference)}"#
            }
            json += "]"
            var objects = try ModelDecoder(model: model).decodeObjects(of: album, from: Data(json.utf8))
            let band = try #require(objects.last?.value(forKey: "band") as? ModelObject)
            #expect((band.value(forKey: "albums") as? [ModelObject])?.count == count)
            // Freed in another order than linked, while the band lives: it has no album left.
            objects.reverse()
            objects.removeAll()
            #expect((band.value(forKey: "albums") as? [ModelObject])?.isEmpty == true)
        }
    }

    @Test("Removing many objects at once: lists that held them, with or without an inverse, lose them in one pass")
    func removingMany() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Band">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
                    <userInfo><entry key="identityAttributes" value="name"/></userInfo>
                  </entity>
                  <entity name="Album">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
                    <userInfo><entry key="identityAttributes" value="name"/></userInfo>
                  </entity>
                  <entity name="Chart">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="entries" optional="YES" toMany="YES" destinationEntity="Album"/>
                    <relationship name="top" optional="YES" maxCount="1" destinationEntity="Album"/>
                    <userInfo><entry key="identityAttributes" value="name"/></userInfo>
                  </entity>
                </model>
                """
        )
        let graph = ObjectGraph(model: model)
        let count = 50_000
        // The band's albums wait for their records, which come in one document.
        let names = (0..<count).map { #""a\#($0)""# }.joined(separator: ",")
        try graph.merge(Data(#"[{"name": "Japan", "albums": [\#(names)]}]"#.utf8), entity: "Band")
        #expect(graph.unresolvedReferences.count == count)
        let records = (0..<count).map { #"{"name": "a\#($0)"}"# }.joined(separator: ",")
        try graph.merge(Data("[\(records)]".utf8), entity: "Album")
        #expect(graph.unresolvedReferences.isEmpty)
        try graph.merge(
            Data(#"[{"name": "Hits", "entries": [\#(names)], "top": "a0"}, {"name": "Rest", "top": "a1"}]"#.utf8),
            entity: "Chart"
        )
        let point = graph.changePoint
        let albums = graph.objects(of: "Album")
        #expect(albums.count == count)
        // Every other album, and one that is not in the graph (not counted).
        let leaving = albums.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        let stranger = ModelObject(entity: try #require(model.entitiesByName["Album"]))
        #expect(graph.remove(contentsOf: leaving + [stranger]) == count / 2)
        let japan = try #require(graph.object(of: "Band", identity: "Japan"))
        let hits = try #require(graph.object(of: "Chart", identity: "Hits"))
        let kept = (japan.value(forKey: "albums") as? [ModelObject])?.compactMap { $0.value(forKey: "name") as? String }
        #expect(kept?.count == count / 2)
        #expect(kept?.first == "a1")
        #expect(kept?.allSatisfy { Int($0.dropFirst()).map { $0 % 2 == 1 } ?? false } == true)
        #expect((hits.value(forKey: "entries") as? [ModelObject])?.count == count / 2)
        #expect(hits.value(forKey: "top") == nil)
        let restTop = graph.object(of: "Chart", identity: "Rest")?.value(forKey: "top") as? ModelObject
        #expect(restTop?.value(forKey: "name") as? String == "a1")
        #expect(leaving.allSatisfy { $0.value(forKey: "band") == nil })
        #expect(graph.object(of: "Album", identity: "a0") == nil)
        #expect(graph.changes(since: point).deleted.count == count / 2)
    }
}
