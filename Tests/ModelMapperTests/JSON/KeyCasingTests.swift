import Foundation
import ModelMapper
import Testing

/// `JSONKeyCasing`: JSON keys made from the model's names once per compiled plan, both ways,
/// with declared key paths winning and `<entity>Description` <-> `description`.
@Suite("Key casing")
struct KeyCasingTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="name" attributeType="String"/>
            <attribute name="otherNames" optional="YES" attributeType="String"/>
            <attribute name="bandDescription" optional="YES" attributeType="String"/>
            <attribute name="myURLProperty" optional="YES" attributeType="URI"/>
            <attribute name="formedIn" optional="YES" attributeType="Integer 16">
              <userInfo><entry key="jsonKeyPath" value="formedIn"/></userInfo>
            </attribute>
            <attribute name="homeTown" optional="YES" attributeType="String">
              <userInfo><entry key="jsonKeyPath" value="origin.homeTown"/></userInfo>
            </attribute>
            <relationship name="leadSinger" optional="YES" maxCount="1" destinationEntity="Musician"/>
            <relationship name="pastMembers" optional="YES" toMany="YES" destinationEntity="Musician"/>
          </entity>
          <entity name="Musician">
            <attribute name="fullName" attributeType="String"/>
            <attribute name="musicianDescription" optional="YES" attributeType="String"/>
            <attribute name="description" optional="YES" attributeType="String"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let band: EntityDescription

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        band = try #require(model.entitiesByName["Band"])
    }

    func decoder(_ casing: JSONKeyCasing) -> ModelDecoder {
        var options = ModelDecoder.Options()
        options.conventions.keyCasing = casing
        return ModelDecoder(model: model, options: options)
    }

    func encoder(_ casing: JSONKeyCasing) -> ModelEncoder {
        var options = ModelEncoder.Options(outputFormatting: [.sortedKeys, .withoutEscapingSlashes])
        options.conventions.keyCasing = casing
        return ModelEncoder(options: options)
    }

    @Test(
        "camelCase names become snake_case and kebab-case words",
        arguments: [
            ("otherNames", "other_names", "other-names"),
            ("myURLProperty", "my_url_property", "my-url-property"),
            ("bandID", "band_id", "band-id"),
            ("name", "name", "name"),
            ("line1Text", "line1_text", "line1-text"),
            ("isHTML5Ready", "is_html5_ready", "is-html5-ready"),
            ("URL", "url", "url"),
            ("URLs", "urls", "urls"),
            ("imageURLs", "image_urls", "image-urls"),
            ("URLsTable", "urls_table", "urls-table"),
            ("IDs2", "ids2", "ids2"),
            ("HTMLSection", "html_section", "html-section"),
            ("already_snake", "already_snake", "already_snake"),
            ("HTTPServerURL", "http_server_url", "http-server-url"),
            ("x", "x", "x"),
            ("", "", ""),
            ("naïveCafé", "naïve_café", "naïve-café"),
        ]
    )
    func words(name: String, snake: String, kebab: String) {
        #expect(JSONKeyCasing.snakeCase.key(for: name) == snake)
        #expect(JSONKeyCasing.kebabCase.key(for: name) == kebab)
        #expect(JSONKeyCasing.modelNames.key(for: name) == name)
    }

    @Test("snake_case keys decode into camelCase properties and encode back the same")
    func snakeCaseRoundTrip() throws {
        let json = #"""
            {"description":"A new wave group","formedIn":1974,"lead_singer":null,"my_url_property":"https://example.com/japan","name":"Japan","origin":{"homeTown":"Catford"},"other_names":"Rain Tree Crow","past_members":[{"description":"vocals","full_name":"Mick Karn","musician_description":"bass"}]}
            """#
        let object = try decoder(.snakeCase).decodeObject(of: band, from: Data(json.utf8))
        #expect(object.value(forKey: "otherNames") as? String == "Rain Tree Crow")
        #expect(object.value(forKey: "bandDescription") as? String == "A new wave group")
        #expect(object.value(forKey: "myURLProperty") as? URL == URL(string: "https://example.com/japan"))
        // Declared key paths are used as written, not cased.
        #expect(object.value(forKey: "formedIn") as? Int16 == 1974)
        #expect(object.value(forKey: "homeTown") as? String == "Catford")
        let members = try #require(object.value(forKey: "pastMembers") as? [ModelObject])
        #expect(members.count == 1)
        #expect(members.first?.value(forKey: "fullName") as? String == "Mick Karn")
        // Musician has a `description` attribute of its own: musicianDescription is not renamed.
        #expect(members.first?.value(forKey: "description") as? String == "vocals")
        #expect(members.first?.value(forKey: "musicianDescription") as? String == "bass")
        let written = try String(decoding: encoder(.snakeCase).encode(object), as: UTF8.self)
        #expect(written == json)
    }

    @Test("Without the casing, snake_case keys are not the model's keys")
    func modelNamesIgnoreSnakeKeys() throws {
        let json = #"{"name":"Japan","other_names":"Rain Tree Crow","description":"A new wave group"}"#
        let object = try decoder(.modelNames).decodeObject(of: band, from: Data(json.utf8))
        #expect(object.value(forKey: "otherNames") == nil)
        #expect(object.value(forKey: "bandDescription") == nil)
        let written = try String(decoding: encoder(.modelNames).encode(object), as: UTF8.self)
        #expect(written == #"{"name":"Japan"}"#)
    }

    @Test("kebab-case, and the description rule turned off")
    func kebabCaseWithoutDescriptionRule() throws {
        let casing = JSONKeyCasing.kebabCase.mappingEntityDescription(false)
        let json = #"{"band-description":"glam","description":"ignored","name":"Japan","other-names":"Rain Tree Crow"}"#
        let object = try decoder(casing).decodeObject(of: band, from: Data(json.utf8))
        #expect(object.value(forKey: "bandDescription") as? String == "glam")
        #expect(object.value(forKey: "otherNames") as? String == "Rain Tree Crow")
        let written = try String(decoding: encoder(casing).encode(object), as: UTF8.self)
        #expect(written == #"{"band-description":"glam","name":"Japan","other-names":"Rain Tree Crow"}"#)
    }

    @Test("A custom casing makes each key with its function")
    func customCasing() throws {
        let casing = JSONKeyCasing.custom("upper") { $0.uppercased() }
        let json = #"{"NAME":"Japan","OTHERNAMES":"Rain Tree Crow","formedIn":1974}"#
        let object = try decoder(casing).decodeObject(of: band, from: Data(json.utf8))
        #expect(object.value(forKey: "name") as? String == "Japan")
        #expect(object.value(forKey: "otherNames") as? String == "Rain Tree Crow")
        #expect(object.value(forKey: "formedIn") as? Int16 == 1974)
        let written = try String(decoding: encoder(casing).encode(object), as: UTF8.self)
        #expect(written == json)
    }

    @Test("Objects decoded with one casing encode with another")
    func casingsMix() throws {
        let object = try decoder(.snakeCase)
            .decodeObject(
                of: band,
                from: Data(#"{"name":"Japan","other_names":"Rain Tree Crow"}"#.utf8)
            )
        let kebab = try String(decoding: encoder(.kebabCase).encode(object), as: UTF8.self)
        #expect(kebab == #"{"name":"Japan","other-names":"Rain Tree Crow"}"#)
        let plain = try String(decoding: encoder(.modelNames).encode(object), as: UTF8.self)
        #expect(plain == #"{"name":"Japan","otherNames":"Rain Tree Crow"}"#)
    }

    @Test("Errors name the key as the JSON has it")
    func errorPathsUseCasedKeys() throws {
        let json = #"{"name":"Japan","past_members":[{"full_name":7}]}"#
        var options = ModelDecoder.Options(strictness: .strict)
        options.conventions.keyCasing = .snakeCase
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model, options: options).decodeObject(of: band, from: Data(json.utf8))
        }
        #expect(error.path.description == "$.past_members[0].full_name")
    }

    @Test("Equal casings are one cached plan, different ones are not")
    func casingIdentity() {
        #expect(JSONKeyCasing.snakeCase == JSONKeyCasing.snakeCase)
        #expect(JSONKeyCasing.snakeCase != JSONKeyCasing.snakeCase.mappingEntityDescription(false))
        #expect(JSONKeyCasing.snakeCase != JSONKeyCasing.kebabCase)
        #expect(JSONKeyCasing.custom("a") { $0 } == JSONKeyCasing.custom("a") { $0 + "x" })
        #expect(JSONKeyCasing.custom("a") { $0 } != JSONKeyCasing.custom("b") { $0 })
        #expect(
            JSONKeyCasing.modelNames.key(for: "bandDescription", entityName: "Band", entityHasDescription: false)
                == "bandDescription"
        )
        #expect(
            JSONKeyCasing.snakeCase.key(for: "bandDescription", entityName: "Band", entityHasDescription: false)
                == "description"
        )
        #expect(
            JSONKeyCasing.snakeCase.key(for: "bandDescription", entityName: "Band", entityHasDescription: true)
                == "band_description"
        )
    }

    @Test("Declared key paths are reported apart from the names")
    func declaredKeyPaths() throws {
        #expect(band.attributesByName["formedIn"]?.declaredJSONKeyPath?.components == ["formedIn"])
        #expect(band.attributesByName["homeTown"]?.declaredJSONKeyPath?.components == ["origin", "homeTown"])
        #expect(band.attributesByName["otherNames"]?.declaredJSONKeyPath == nil)
        #expect(band.attributesByName["otherNames"]?.jsonKeyPath.components == ["otherNames"])
        #expect(band.relationshipsByName["leadSinger"]?.declaredJSONKeyPath == nil)
    }
}
