import Foundation
import ModelMapper
import Testing

/// Relationships written as Rails' `accepts_nested_attributes_for` reads them, as Sync's
/// `.nested` export writes them.
@Suite("Encoding: Rails nested attributes")
struct NestedAttributesTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="id" attributeType="String"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
          </entity>
          <entity name="Album">
            <attribute name="id" attributeType="Integer 64"/>
            <attribute name="releaseTitle" optional="YES" attributeType="String"/>
            <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
          </entity>
        </model>
        """

    let band: ModelObject

    init() throws {
        let model = try ObjectModel(xml: Self.xml)
        let entity = try #require(model.entitiesByName["Band"])
        let json = #"{"id": "b1", "name": "Japan", "albums": [{"id": 1, "releaseTitle": "Tin Drum"}, {"id": 2}]}"#
        band = try ModelDecoder(model: model).decodeObject(of: entity, from: Data(json.utf8))
    }

    func encoded(_ object: ModelObject, configure: (inout ModelEncoder.Options) -> Void) throws -> String {
        var options = ModelEncoder.Options()
        options.writesNestedAttributes = true
        configure(&options)
        return String(decoding: try ModelEncoder(options: options).encode(object), as: UTF8.self)
    }

    @Test("A to-many is an object keyed by position under <key>_attributes, in the key casing in effect")
    func toMany() throws {
        #expect(
            try encoded(band) { $0.conventions.keyCasing = .snakeCase }
                == #"{"id":"b1","name":"Japan","albums_attributes":{"0":{"id":1,"release_title":"Tin Drum"},"1":{"id":2}}}"#
        )
        #expect(
            try encoded(band) { _ in }
                == #"{"id":"b1","name":"Japan","albumsAttributes":{"0":{"id":1,"releaseTitle":"Tin Drum"},"1":{"id":2}}}"#
        )
    }

    @Test("A to-one is its object under <key>_attributes; an object written as its identity is an object of it")
    func toOneAndIdentities() throws {
        let album = try #require((band.value(forKey: "albums") as? [ModelObject])?.first)
        #expect(
            try encoded(album) { $0.conventions.keyCasing = .snakeCase }
                == #"{"id":1,"release_title":"Tin Drum","band_attributes":{"id":"b1","name":"Japan"}}"#
        )
        #expect(
            try encoded(band) {
                $0.conventions.keyCasing = .snakeCase
                $0.writesRelationshipsAsIdentities = true
                $0.conventions.identifiesByID = true
            } == #"{"id":"b1","name":"Japan","albums_attributes":{"0":{"id":1},"1":{"id":2}}}"#
        )
    }

    @Test("Pretty printed and empty, the form holds")
    func prettyAndEmpty() throws {
        let text = try encoded(band) {
            $0.conventions.keyCasing = .snakeCase
            $0.outputFormatting = [.prettyPrinted]
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let nested = parsed?["albums_attributes"] as? [String: Any]
        #expect(nested?.keys.sorted() == ["0", "1"])
        try band.setValue([ModelObject](), forKey: "albums")
        #expect(
            try encoded(band) { $0.conventions.keyCasing = .snakeCase }
                == #"{"id":"b1","name":"Japan","albums_attributes":{}}"#
        )
    }

    @Test(
        "An attribute named destroy is Rails' _destroy flag, in nested attributes only, unless it has a key of its own"
    )
    func destroyFlag() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="User">
                    <attribute name="id" attributeType="Integer 64"/>
                    <relationship name="notes" optional="YES" toMany="YES" destinationEntity="Note" inverseName="user" inverseEntity="Note"/>
                  </entity>
                  <entity name="Note">
                    <attribute name="id" attributeType="Integer 64"/>
                    <attribute name="destroy" optional="YES" attributeType="Boolean"/>
                    <relationship name="user" optional="YES" maxCount="1" destinationEntity="User" inverseName="notes" inverseEntity="User"/>
                  </entity>
                  <entity name="Flag">
                    <attribute name="destroy" optional="YES" attributeType="Boolean">
                      <userInfo><entry key="jsonKeyPath" value="flags.destroy"/></userInfo>
                    </attribute>
                  </entity>
                </model>
                """
        )
        let json = #"{"id":1,"notes":[{"id":7,"destroy":true},{"id":8}]}"#
        let user = try ModelDecoder(model: model)
            .decodeObject(of: #require(model.entitiesByName["User"]), from: Data(json.utf8))
        #expect(
            try encoded(user) { $0.conventions.keyCasing = .snakeCase }
                == #"{"id":1,"notes_attributes":{"0":{"id":7,"_destroy":true},"1":{"id":8}}}"#
        )
        // Not in the model's own form, which the decoder reads back.
        #expect(String(decoding: try ModelEncoder().encode(user), as: UTF8.self) == json)
        // A key of its own wins.
        let flag = ModelObject(entity: try #require(model.entitiesByName["Flag"]))
        try flag.setValue(true, forKey: "destroy")
        #expect(try encoded(flag) { _ in } == #"{"flags":{"destroy":true}}"#)
    }
}
