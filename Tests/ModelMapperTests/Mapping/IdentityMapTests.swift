import Foundation
import ModelMapper
import Testing

/// To-many relationships whose JSON is an object keyed by the objects' identities (`jsonForm`
/// `map` on the relationship), as citm_catalog's `events` and Firebase's exports are: read,
/// written back in order, merged, and every key the rule refuses reported where it is.
@Suite("Coding: maps keyed by identity")
struct IdentityMapTests {
    static let xml = """
        <model>
          <entity name="Catalog">
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="events" optional="YES" toMany="YES" destinationEntity="Event" inverseName="catalog" inverseEntity="Event">
              <userInfo><entry key="jsonForm" value="map"/></userInfo>
            </relationship>
            <relationship name="users" optional="YES" toMany="YES" destinationEntity="User">
              <userInfo><entry key="jsonForm" value="mapOmittingIdentity"/></userInfo>
            </relationship>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Event">
            <attribute name="id" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="catalog" optional="YES" maxCount="1" destinationEntity="Catalog" inverseName="events" inverseEntity="Catalog"/>
            <userInfo><entry key="identityAttributes" value="id"/></userInfo>
          </entity>
          <entity name="User">
            <attribute name="uid" attributeType="String"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <userInfo><entry key="identityAttributes" value="uid"/></userInfo>
          </entity>
        </model>
        """

    static func decode(_ json: String) throws -> ModelObject {
        let model = try ObjectModel(xml: xml)
        return try ModelDecoder(model: model).decodeObject(of: "Catalog", from: Data(json.utf8))
    }

    /// The error decoding `json` throws.
    static func error(decoding json: String) throws -> MappingError {
        try #require(throws: MappingError.self) { try decode(json) }
    }

    @Test("objects keyed by their identities are read in order and written back as they were")
    func roundTrip() throws {
        let json =
            #"{"name":"c","events":{"138586341":{"id":138586341,"name":"A"},"7":{"id":7,"name":"B"}},"users":{}}"#
        let catalog = try Self.decode(json)
        let events = try #require(catalog.value(forKey: "events") as? [ModelObject])
        #expect(events.map { $0.value(forKey: "id") as? Int64 } == [138_586_341, 7])
        #expect(events.first?.value(forKey: "catalog") as? ModelObject === catalog)
        #expect(String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self) == json)
    }

    @Test("a map that leaves identities to its keys is read so and written back so; string keys are read as they are")
    func identityFromKey() throws {
        let catalog = try Self.decode(#"{"users":{"u\/1":{"name":"Ann"},"ü2":{"name":"Bo"}}}"#)
        let users = try #require(catalog.value(forKey: "users") as? [ModelObject])
        #expect(users.map { $0.value(forKey: "uid") as? String } == ["u/1", "ü2"])
        let written = String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self)
        #expect(written == #"{"users":{"u\/1":{"name":"Ann"},"ü2":{"name":"Bo"}}}"#)
    }

    @Test(
        "a key that is no identity's own text, or disagrees with the value's, is a located error",
        arguments: [
            (#"{"events":{"0138":{"name":"A"}}}"#, MappingError.Code.invalidValue, "0138"),
            (#"{"events":{"x1":{"name":"A"}}}"#, .invalidValue, "x1"),
            (#"{"events":{"5":{"id":6}}}"#, .invalidValue, "5"),
            (#"{"events":{"5":{"id":5},"5":{"id":5}}}"#, .invalidValue, "5"),
            // A map that repeats its identities, one value without; one that leaves them to
            // the keys, one value with: either would be written back otherwise.
            (#"{"events":{"5":{"id":5},"6":{"name":"B"}}}"#, .missingValue, "6"),
            (#"{"users":{"a":{"name":"A"},"b":{"uid":"b"}}}"#, .invalidValue, "b"),
        ]
    )
    func refusedKeys(json: String, code: MappingError.Code, key: String) throws {
        let error = try Self.error(decoding: json)
        #expect(error.code == code, "\(error)")
        #expect(error.path.description.hasPrefix("$.events") || error.path.description.hasPrefix("$.users"), "\(error)")
        #expect(error.path.description.contains(key), "\(error)")
        #expect(error.context.line == 1 && error.context.column != nil, "\(error)")
    }

    @Test("a key that disagrees with a bare identity given as its value says where the identity is")
    func disagreeingScalar() throws {
        let inObject = try Self.error(decoding: #"{"events":{"5":{"id":6}}}"#)
        #expect(inObject.context.found == #""6" in the object"#)
        let bare = try Self.error(decoding: #"{"events":{"5":6}}"#)
        #expect(bare.context.found == #""6" as the value"#, "\(bare)")
    }

    @Test("an array where the model declares a map, and a map where it declares none, are refused")
    func wrongForm() throws {
        let error = try Self.error(decoding: #"{"events":[{"id":1}]}"#)
        #expect(error.code == .typeMismatch)
        #expect(error.context.expected == "an object of Event objects keyed by their identities")
        let model = try ObjectModel(
            xml: Self.xml.replacingOccurrences(of: #"<entry key="jsonForm" value="map"/>"#, with: "")
        )
        #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObject(of: "Catalog", from: Data(#"{"events":{"1":{}}}"#.utf8))
        }
    }

    @Test("a graph merges a map's objects by identity, again and again")
    func graphMerge() throws {
        let graph = ObjectGraph(model: try ObjectModel(xml: Self.xml))
        try graph.merge(
            Data(#"{"name":"c","events":{"1":{"id":1,"name":"A"},"2":{"id":2,"name":"B"}}}"#.utf8),
            entity: "Catalog"
        )
        try graph.merge(
            Data(#"{"name":"d","events":{"2":{"id":2,"name":"B2"},"3":{"id":3,"name":"C"}}}"#.utf8),
            entity: "Catalog"
        )
        let events = graph.objects(of: "Event")
        #expect(events.count == 3)
        let names = Dictionary(uniqueKeysWithValues: events.map { ($0.value(forKey: "id") as? Int64 ?? -1, $0) })
        #expect(names[2]?.value(forKey: "name") as? String == "B2")
    }

    @Test("a merge that removes what a map no longer lists, and a fetch through it, treat it as the to-many it is")
    func mergeOperationsAndFetch() throws {
        let graph = ObjectGraph(model: try ObjectModel(xml: Self.xml))
        let first = #"{"name":"c","events":{"1":{"id":1,"name":"A"},"2":{"id":2,"name":"B"}}}"#
        try graph.merge(Data(first.utf8), entity: "Catalog")
        let operations = ObjectGraph.MergeOperations(byRelationship: ["Catalog.events": .all])
        let second = #"{"name":"c","events":{"2":{"id":2,"name":"B2"}}}"#
        let result = try graph.merge(Data(second.utf8), entity: "Catalog", operations: operations)
        #expect(result.removed.map { $0.value(forKey: "id") as? Int64 } == [1])
        let catalog = try #require(graph.objects(of: "Catalog").first)
        #expect(String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self) == second)
        let request = ModelFetchRequest(
            entityName: "Catalog",
            predicate: try ModelPredicate(format: "ANY events.name == %@", "B2")
        )
        #expect(try graph.fetch(request).count == 1)
    }

    @Test("two objects of one identity made in code are not written as a map the decoder would refuse")
    func duplicateKeysOnWriting() throws {
        let decoder = ModelDecoder(model: try ObjectModel(xml: Self.xml))
        let catalog = try decoder.decodeObject(
            of: "Catalog",
            from: Data(#"{"events":{"5":{"id":5},"6":{"id":6}}}"#.utf8)
        )
        let events = try #require(catalog.value(forKey: "events") as? [ModelObject])
        let twin = try decoder.decodeObject(of: "Event", from: Data(#"{"id":5}"#.utf8))
        try catalog.setValue(events + [twin], forKey: "events")
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode(catalog) }
        // At its key, as the decoder would name it.
        #expect(error.code == .notRepresentable && error.path.description == #"$.events["5"]"#, "\(error)")
    }

    @Test("a map of 20,000 objects is read and written back whole")
    func largeMap() throws {
        let members = (0..<20_000).map { #""\#($0)":{"id":\#($0)}"# }.joined(separator: ",")
        let json = #"{"events":{"# + members + "}}"
        let catalog = try Self.decode(json)
        #expect((catalog.value(forKey: "events") as? [ModelObject])?.count == 20_000)
        #expect(String(decoding: try ModelEncoder().encode(catalog), as: UTF8.self) == json)
    }

    @Test(
        "a map the model cannot key by identity is reported, and read as an array",
        arguments: [
            (
                #"<relationship name="r" optional="YES" maxCount="1" destinationEntity="B">"#,
                "a map needs a to-many relationship"
            ),
            (
                #"<relationship name="r" optional="YES" toMany="YES" destinationEntity="C">"#,
                "exactly one identity attribute"
            ),
            (
                #"<relationship name="r" optional="YES" toMany="YES" destinationEntity="D">"#,
                "a String, an Integer or a UUID"
            ),
        ]
    )
    func modelDiagnostics(relationship: String, problem: String) throws {
        let xml = """
            <model>
              <entity name="A">\(relationship)<userInfo><entry key="jsonForm" value="map"/></userInfo></relationship></entity>
              <entity name="B"><attribute name="id" attributeType="String"/><userInfo><entry key="identityAttributes" value="id"/></userInfo></entity>
              <entity name="C"><attribute name="name" attributeType="String"/></entity>
              <entity name="D"><attribute name="at" attributeType="Date"/><userInfo><entry key="identityAttributes" value="at"/></userInfo></entity>
            </model>
            """
        let error = try #require(throws: ModelLoadingError.self) { try ObjectModel(xml: xml) }
        #expect(error.diagnostics.map(\.code) == ["MM528"])
        #expect(error.diagnostics.first?.message.contains(problem) == true, "\(error)")
    }
}
