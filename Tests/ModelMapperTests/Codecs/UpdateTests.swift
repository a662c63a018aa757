import Foundation
import ModelMapper
import Testing

/// `ModelDecoder.update(_:from:)`: an existing object updated from JSON, keys present
/// overwriting, absent ones keeping, `null` clearing; nested objects matched by identity among
/// the objects it reaches; all or nothing.
@Suite("Updating an existing object from JSON")
struct UpdateTests {
    static let xml = """
        <model>
          <entity name="Band">
            <attribute name="name" attributeType="String"/>
            <attribute name="formed" optional="YES" attributeType="Integer 16"/>
            <attribute name="bandDescription" optional="YES" attributeType="String">
              <userInfo><entry key="jsonKeyPath" value="description"/></userInfo>
            </attribute>
            <relationship name="albums" optional="YES" toMany="YES" destinationEntity="Album" inverseName="band" inverseEntity="Album"/>
            <relationship name="manager" optional="YES" maxCount="1" destinationEntity="Person"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Album">
            <attribute name="name" attributeType="String"/>
            <attribute name="rating" optional="YES" attributeType="Integer 16"/>
            <attribute name="label" optional="YES" attributeType="String"/>
            <relationship name="band" optional="YES" maxCount="1" destinationEntity="Band" inverseName="albums" inverseEntity="Band"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Person">
            <attribute name="name" optional="YES" attributeType="String"/>
          </entity>
        </model>
        """

    let model: ObjectModel
    let band: EntityDescription
    let decoder: ModelDecoder

    init() throws {
        model = try ObjectModel(xml: Self.xml)
        band = try #require(model.entity(named: "Band"))
        decoder = ModelDecoder(model: model)
    }

    /// Japan, formed 1974, with two albums and a manager.
    private func japan() throws -> ModelObject {
        try decoder.decodeObject(
            of: band,
            from: Data(
                """
                {"name": "Japan", "formed": 1974, "description": "glam", "manager": {"name": "Simon Napier-Bell"},
                 "albums": [{"name": "Quiet Life", "rating": 4, "label": "Ariola"}, {"name": "Tin Drum", "rating": 5, "label": "Virgin"}]}
                """
                .utf8
            )
        )
    }

    private func albums(of band: ModelObject) -> [ModelObject] {
        band.value(forKey: "albums") as? [ModelObject] ?? []
    }

    @Test("keys present overwrite, keys absent keep their values, null clears")
    func presentAbsentNull() throws {
        let japan = try japan()
        let manager = try #require(japan.value(forKey: "manager") as? ModelObject)
        let before = albums(of: japan)
        try decoder.update(japan, from: Data(#"{"formed": 1975, "description": null}"#.utf8))
        #expect(japan.value(forKey: "name") as? String == "Japan")
        #expect(japan.value(forKey: "formed") as? Int16 == 1975)
        #expect(japan.valueState(forKey: "bandDescription") == .null)
        #expect(japan.value(forKey: "manager") as? ModelObject === manager, "an absent relationship is kept")
        #expect(albums(of: japan).map(ObjectIdentifier.init) == before.map(ObjectIdentifier.init))

        try decoder.update(japan, from: Data(#"{"manager": null}"#.utf8))
        #expect(japan.valueState(forKey: "manager") == .null)
        #expect(japan.value(forKey: "formed") as? Int16 == 1975)
    }

    @Test("a nested object with the identity of one the object reaches updates it; others are new")
    func nestedObjectsByIdentity() throws {
        let japan = try japan()
        let before = albums(of: japan)
        let quietLife = before[0]
        let tinDrum = before[1]
        try decoder.update(
            japan,
            from: Data(
                #"{"albums": [{"name": "Tin Drum", "rating": 3}, {"name": "Gentlemen Take Polaroids", "rating": 4}]}"#
                    .utf8
            )
        )
        let after = albums(of: japan)
        #expect(after.map { $0.value(forKey: "name") as? String } == ["Tin Drum", "Gentlemen Take Polaroids"])
        #expect(after[0] === tinDrum, "the album with the same identity is the same object")
        #expect(tinDrum.value(forKey: "rating") as? Int16 == 3)
        #expect(tinDrum.value(forKey: "label") as? String == "Virgin", "absent in the nested object: kept")
        #expect(after[1].value(forKey: "label") == nil)
        // The to-many was replaced as a whole, inverses with it.
        #expect(after[1].value(forKey: "band") as? ModelObject === japan)
        #expect(tinDrum.value(forKey: "band") as? ModelObject === japan)
        #expect(quietLife.value(forKey: "band") == nil, "an album no longer in the list loses its band")
    }

    @Test("a document with an error changes nothing, nested objects included")
    func allOrNothing() throws {
        let japan = try japan()
        let tinDrum = albums(of: japan)[1]
        let documents = [
            // A value of the wrong type after a valid nested update.
            #"{"albums": [{"name": "Tin Drum", "rating": 1}], "formed": "late seventies"}"#,
            // A syntax error at the very end.
            #"{"albums": [{"name": "Tin Drum", "rating": 1}], "formed": 1999"#,
            // Trailing garbage after the object.
            #"{"albums": [{"name": "Tin Drum", "rating": 1}], "formed": 1999} x"#,
        ]
        for document in documents {
            #expect(throws: (any Error).self, "\(document)") { try decoder.update(japan, from: Data(document.utf8)) }
            #expect(japan.value(forKey: "formed") as? Int16 == 1974, "\(document)")
            #expect(albums(of: japan).count == 2, "\(document)")
            #expect(tinDrum.value(forKey: "rating") as? Int16 == 5, "\(document)")
        }
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        let collecting = ModelDecoder(model: model, options: options)
        let errors = #expect(throws: MappingErrors.self) {
            try collecting.update(
                japan,
                from: Data(#"{"albums": [{"name": "Tin Drum", "rating": true}], "formed": 1999}"#.utf8)
            )
        }
        #expect(errors?.errors.map(\.path.description) == ["$.albums[0].rating"])
        #expect(japan.value(forKey: "formed") as? Int16 == 1974)
        #expect(tinDrum.value(forKey: "rating") as? Int16 == 5)
    }

    @Test("at a key path, from a parsed document, and without the required values")
    func keyPathAndTree() throws {
        let japan = try japan()
        try decoder.update(japan, from: Data(#"{"data": {"band": {"formed": 1976}}}"#.utf8), at: "data.band")
        #expect(japan.value(forKey: "formed") as? Int16 == 1976)
        try decoder.update(japan, from: ["formed": 1977, "description": "art rock"] as JSONValue)
        #expect(japan.value(forKey: "formed") as? Int16 == 1977)
        #expect(japan.value(forKey: "bandDescription") as? String == "art rock")
        // `name` is required and absent: the object keeps its own.
        #expect(japan.value(forKey: "name") as? String == "Japan")
    }

    @Test("an object of another model, another entity, or JSON that is not an object is an error")
    func mismatches() throws {
        let japan = try japan()
        let otherModel = try ObjectModel(xml: Self.xml)
        let error = #expect(throws: MappingError.self) {
            try ModelDecoder(model: otherModel).update(japan, from: Data("{}".utf8))
        }
        #expect(error?.code == .wrongEntity)
        let array = #expect(throws: MappingError.self) { try decoder.update(japan, from: Data("[1]".utf8)) }
        #expect(array?.code == .typeMismatch)
        #expect(japan.value(forKey: "formed") as? Int16 == 1974)
    }
}
