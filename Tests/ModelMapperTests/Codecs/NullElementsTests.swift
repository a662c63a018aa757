import Foundation
import Testing

@testable import ModelMapper

/// `null` among a to-many relationship's objects: an error that names the option by default,
/// left out under `nullElements = .skip`.
@Suite("Null elements of a to-many array")
struct NullElementsTests {
    private static let model = Result {
        try ObjectModel(
            xml: """
                <model>
                  <entity name="Photo">
                    <attribute name="photoID" attributeType="String"/>
                    <attribute name="coverTags" optional="YES" attributeType="Transformable">
                      <userInfo><entry key="jsonKeyPath" value="cover.tags"/></userInfo>
                    </attribute>
                    <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="photos" inverseEntity="Tag"/>
                    <relationship name="cover" optional="YES" maxCount="1" destinationEntity="Cover"/>
                  </entity>
                  <entity name="Cover">
                    <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag"/>
                  </entity>
                  <entity name="Tag">
                    <attribute name="name" attributeType="String"/>
                    <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo" inverseName="tags" inverseEntity="Photo"/>
                  </entity>
                  <entity name="Album">
                    <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo"/>
                  </entity>
                </model>
                """
        )
    }

    private func decode(_ json: String, entity: String, options: ModelDecoder.Options = .init()) throws -> ModelObject {
        let model = try Self.model.get()
        return try ModelDecoder(model: model, options: options)
            .decodeObject(of: try #require(model.entity(named: entity)), from: Data(json.utf8))
    }

    private static var skipping: ModelDecoder.Options {
        var options = ModelDecoder.Options()
        options.nullElements = .skip
        return options
    }

    @Test("by default a null element is an error at its path, which names the option")
    func errorByDefault() throws {
        let json = #"{"photos": [{"photoID": "1"}, null]}"#
        #expect {
            _ = try decode(json, entity: "Album")
        } throws: { error in
            guard case MappingError.typeMismatch(let context) = error else { return false }
            return context.path.description == "$.photos[1]" && context.found == "null"
                && context.detail?.contains("ModelDecoder.Options.nullElements to .skip") == true
        }
    }

    @Test("skipped, null elements leave the others in their order, wherever they are")
    func skipped() throws {
        let album = try decode(
            #"{"photos": [null, {"photoID": "1"}, null, null, {"photoID": "2"}, null]}"#,
            entity: "Album",
            options: Self.skipping
        )
        let photos = try #require(album.value(forKey: "photos") as? [ModelObject])
        #expect(photos.map { $0.value(forKey: "photoID") as? String } == ["1", "2"])
        let empty = try decode(#"{"photos": [null]}"#, entity: "Album", options: Self.skipping)
        #expect((empty.value(forKey: "photos") as? [ModelObject])?.isEmpty == true)
    }

    @Test("a to-many read through a tree (its key also read by a flattened key path) follows the same option")
    func throughTree() throws {
        let json = #"{"photoID": "1", "cover": {"tags": [{"name": "snow"}, null, {"name": "sea"}]}}"#
        let photo = try decode(json, entity: "Photo", options: Self.skipping)
        let cover = try #require(photo.value(forKey: "cover") as? ModelObject)
        let tags = try #require(cover.value(forKey: "tags") as? [ModelObject])
        #expect(tags.map { $0.value(forKey: "name") as? String } == ["snow", "sea"])
        #expect {
            _ = try decode(json, entity: "Photo")
        } throws: { error in
            guard case MappingError.typeMismatch(let context) = error else { return false }
            return context.path.description == "$.cover.tags[1]"
                && context.detail?.contains("ModelDecoder.Options.nullElements") == true
        }
    }

    @Test("null as the whole to-many is not an element: it still sets the relationship to null")
    func wholeNull() throws {
        let album = try decode(#"{"photos": null}"#, entity: "Album")
        #expect(
            album.value(forKey: "photos") == nil || (album.value(forKey: "photos") as? [ModelObject])?.isEmpty == true
        )
    }
}
