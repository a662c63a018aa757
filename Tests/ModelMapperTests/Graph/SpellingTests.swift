import Foundation
import Testing

@testable import ModelMapper

/// Other spellings of a property's key under the Sync preset: the model's name beside a
/// declared key, the property's own key winning over any other spelling, and errors located at
/// the key the document has.
@Suite("Conventions: the key the document has, and the own key winning")
struct SpellingTests {
    static let xml = """
        <model>
          <entity name="Album">
            <attribute name="remoteID" attributeType="String"/>
            <attribute name="releaseYear" optional="YES" attributeType="Integer 32"/>
            <attribute name="age" optional="YES" attributeType="Integer 32">
              <userInfo><entry key="sync.remoteKey" value="age_of_person"/></userInfo>
            </attribute>
            <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
          </entity>
          <entity name="Band">
            <attribute name="remoteID" attributeType="String"/>
            <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let album: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml, conventions: .sync)
        album = try #require(model.entity(named: "Album"))
    }

    func decode(_ json: String, options: ModelDecoder.Options = .init()) throws -> ModelObject {
        try ModelDecoder(model: model, options: options).decodeObject(of: album, from: Data(json.utf8))
    }

    func error(_ json: String) -> MappingError? {
        #expect(throws: MappingError.self) { try decode(json) }
    }

    @Test("the model's name reads beside a declared key; the declared key wins, before or after it")
    func modelNameBesideDeclaredKey() throws {
        #expect(try decode(#"{"id":"a","age":5}"#).value(forKey: "age") as? Int32 == 5)
        #expect(try decode(#"{"id":"a","age_of_person":6,"age":5}"#).value(forKey: "age") as? Int32 == 6)
        #expect(try decode(#"{"id":"a","age":5,"age_of_person":6}"#).value(forKey: "age") as? Int32 == 6)
        let written = try ModelEncoder().encode(try decode(#"{"id":"a","age":5}"#))
        #expect(String(decoding: written, as: UTF8.self) == #"{"id":"a","age_of_person":5}"#)
        // A null at the declared key wins too.
        #expect(try decode(#"{"id":"a","age_of_person":null,"age":5}"#).value(forKey: "age") == nil)
    }

    @Test("the cased key wins over the model's name, and the record's key over a foreign key")
    func ownKeyWins() throws {
        #expect(try decode(#"{"id":"a","releaseYear":1,"release_year":2}"#).value(forKey: "releaseYear") as? Int32 == 2)
        #expect(try decode(#"{"id":"a","release_year":2,"releaseYear":1}"#).value(forKey: "releaseYear") as? Int32 == 2)
        let band = try decode(#"{"id":"a","band_id":"x","band":{"id":"y"}}"#).value(forKey: "band") as? ModelObject
        #expect(band?.value(forKey: "remoteID") as? String == "y")
        let same = try decode(#"{"id":"a","band":{"id":"y"},"band_id":"x"}"#).value(forKey: "band") as? ModelObject
        #expect(same?.value(forKey: "remoteID") as? String == "y")
        // A value that loses is still JSON the document must hold.
        #expect(error(#"{"id":"a","release_year":2,"releaseYear":[}"#)?.code == .invalidJSON)
    }

    @Test("with the source kept, the spelling that lost is written back as it was, in its place")
    func losingSpellingKept() throws {
        var options = ModelDecoder.Options()
        options.unknownKeys = .keep
        for json in [
            #"{"id":"a","releaseYear":1,"release_year":2}"#,
            #"{"id":"a","release_year":2,"releaseYear":1.50}"#,
            #"{"id":"a","age":5,"age_of_person":6}"#,
            #"{"id":"a","band_id":"x","band":{"id":"y"}}"#,
            #"{"id":"a","band":{"id":"y"},"band_id":"x"}"#,
        ] {
            let object = try decode(json, options: options)
            #expect(String(decoding: try ModelEncoder().encode(object), as: UTF8.self) == json)
        }
    }

    @Test("an error names the key the document has, with its line and column")
    func errorsAtTheDocumentsKey() throws {
        let byName = try #require(error(#"{"id":"a","releaseYear":"soon"}"#))
        #expect(byName.description.hasPrefix(#"$.releaseYear: Album.releaseYear: expected"#), "\(byName)")
        #expect(byName.context.line == 1)
        #expect(byName.context.column == 11, "at the member, as every value's error is")
        let declared = try #require(error(#"{"id":"a","age":"old"}"#))
        #expect(declared.context.path.description == "$.age")
        let foreignKey = try #require(error(#"{"id":"a","band_id":["x"]}"#))
        #expect(foreignKey.context.path.description == "$.band_id", "\(foreignKey)")
        // The own key's path where it is the key read.
        #expect(error(#"{"id":"a","release_year":"soon"}"#)?.context.path.description == "$.release_year")

        let graph = ObjectGraph(model: model)
        let merged = #expect(throws: MappingErrors.self) {
            try graph.merge(Data(#"[{"id":"a","releaseYear":"soon"}]"#.utf8), entity: "Album")
        }
        #expect(merged?.errors.map(\.context.path.description) == ["$[0].releaseYear"])

        // Streamed from a file, element by element.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spelling-\(UUID()).json")
        try Data(#"[{"id":"a"},{"id":"b","releaseYear":"soon"}]"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let streamed = #expect(throws: MappingError.self) {
            try ModelDecoder(model: model).forEachObject(of: "Album", inFileAt: url) { _ in }
        }
        #expect(streamed?.context.path.description == "$[1].releaseYear")
    }

    @Test("spellings given again and again: the own key's last value, in time linear in the document")
    func manySpellings() throws {
        let members = (0..<50_000).map { #""releaseYear":\#($0),"release_year":\#($0 + 1)"# }
        let json = #"{"id":"a","# + members.joined(separator: ",") + "}"
        let album = try decode(json)
        #expect(album.value(forKey: "releaseYear") as? Int32 == 50_000)
        // Deep objects, each reading a spelling: what finished frames noted does not pile up.
        var nested = #"{"id":"z","releaseYear":1}"#
        for depth in 0..<400 {
            nested = #"{"id":"d\#(depth)","releaseYear":2,"band":{"id":"b\#(depth)"},"x":\#(nested)}"#
        }
        #expect(try decode(nested).value(forKey: "releaseYear") as? Int32 == 2)
    }
}
