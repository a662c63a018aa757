import Foundation
import TestSupport
import Testing

/// The model's conventions on the command line: `check-json` and `roundtrip` map with them as
/// the app does, `--key-casing` and `--identify-by-id` override them, and `inspect` says which
/// are in effect and where each comes from.
@Suite("modelgen: the model's conventions, and the options over them")
struct ConventionCommandTests {
    static let xml = """
        <model>
          <entity name="Photo">
            <attribute name="photoID" attributeType="String"/>
            <attribute name="photoTitle" attributeType="String"/>
            <userInfo><entry key="identityAttributes" value="photoID"/></userInfo>
          </entity>
        </model>
        """

    /// A folder with `Shop.xcdatamodeld`, its conventions file (when given) and a snake_case
    /// document `photos.json`.
    private func shop(conventions: String?) throws -> (folder: TemporaryFolder, model: String, json: String) {
        let folder = try TemporaryFolder()
        try folder.write(Self.xml, to: "Shop.xcdatamodeld/Shop.xcdatamodel/contents")
        if let conventions { try folder.write(conventions, to: "Shop.conventions.json") }
        let json = try folder.write(#"[{"photo_id": "1", "photo_title": "Alps"}]"#, to: "photos.json")
        return (folder, folder.url.appendingPathComponent("Shop.xcdatamodeld").path, json.path)
    }

    @Test("check-json and roundtrip read snake_case when the model's conventions say so")
    func modelConventions() throws {
        let (folder, model, json) = try shop(conventions: #"{"keyCasing": "snakeCase"}"#)
        defer { folder.remove() }
        let check = try Modelgen.run(["check-json", model, json])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput == "1 file checked: 0 problems\n")
        let roundTrip = try Modelgen.run(["roundtrip", model, json])
        #expect(roundTrip.status == 0, "\(roundTrip.standardError)")

        // The command line overrides the model: with the model's names, the keys are missing.
        let overridden = try Modelgen.run(["check-json", model, json, "--key-casing", "modelNames"])
        #expect(overridden.status == 1)
        #expect(overridden.standardError.contains("Photo.photoID: a value (String) is required"))
    }

    @Test("without conventions, --key-casing says what the app's options say")
    func commandLineCasing() throws {
        let (folder, model, json) = try shop(conventions: nil)
        defer { folder.remove() }
        #expect(try Modelgen.run(["check-json", model, json]).status == 1)
        let snake = try Modelgen.run(["check-json", model, json, "--key-casing", "snakeCase"])
        #expect(snake.status == 0, "\(snake.standardError)")
        let wrong = try Modelgen.run(["check-json", model, json, "--key-casing", "snake_case"])
        #expect(wrong.status != 0)
        #expect(
            wrong.standardError.contains("--key-casing is one of modelNames, snakeCase, kebabCase, not 'snake_case'")
        )
    }

    @Test("inspect shows each convention in effect and where it comes from")
    func inspect() throws {
        let (folder, model, _) = try shop(conventions: #"{"keyCasing": "snakeCase"}"#)
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Shop.conventions.json").path
        let outline = try Modelgen.run(["inspect", model])
        #expect(outline.status == 0)
        #expect(outline.standardOutput.contains("  key casing: snakeCase (from \(file))\n"))
        #expect(
            outline.standardOutput.contains(
                "  identity attributes by name: id (the default)\n"
            )
        )
        let overridden = try Modelgen.run(["inspect", model, "--key-casing", "kebabCase", "--identify-by-id"])
        #expect(overridden.standardOutput.contains("  key casing: kebabCase (from the command line)\n"))
        #expect(overridden.standardOutput.contains("  identity attributes by name: id (from the command line)\n"))

        let json = try Modelgen.run(["inspect", model, "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        )
        let conventions = try #require(document["conventions"] as? [[String: Any]])
        #expect(conventions.first?["key"] as? String == "keyCasing")
        #expect(conventions.first?["value"] as? String == "snakeCase")
        #expect(conventions.first?["source"] as? String == file)
        #expect(
            conventions.map { $0["key"] as? String } == [
                "keyCasing", "identityAttributes", "identityKey", "reservedNames", "acceptsModelNames",
                "foreignKeySuffixes", "transformerFieldReadsJSON", "ignoresTransformablesWithoutTransformer",
            ]
        )
    }

    @Test("inspect shows every convention a preset sets, and the model's names an option turns on")
    func inspectPreset() throws {
        let (folder, model, _) = try shop(conventions: #"{"preset": "sync", "identityAttributes": ["photoID"]}"#)
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("Shop.conventions.json").path
        let outline = try Modelgen.run(["inspect", model]).standardOutput
        for line in [
            "  key casing: snakeCase (from \(file))", "  identity attributes by name: photoID (from \(file))",
            "  identity key: id (from \(file))", "  reserved names: type, description, signed (from \(file))",
            "  model names accepted: yes (from \(file))",
            "  foreign key suffixes: _id (to-one), _ids (to-many) (from \(file))",
            "  Value Transformer field reads JSON: yes (as Sync) (from \(file))",
            "  Transformables without a transformer: left out (from \(file))",
        ] {
            #expect(outline.contains(line + "\n"), "\(line)")
        }
        // --identify-by-id turns the identities by name on: the model's names, not `id`.
        let overridden = try Modelgen.run(["inspect", model, "--identify-by-id"]).standardOutput
        #expect(
            overridden.contains(
                "  identity attributes by name: photoID (from the command line, with \(file)'s names)\n"
            )
        )
    }

    @Test("a bad conventions file stops every command, located in the file")
    func badFile() throws {
        let (folder, model, json) = try shop(conventions: "{\n  \"keyCasing\": \"snake\"\n}")
        defer { folder.remove() }
        for arguments in [["inspect", model], ["validate", model], ["check-json", model, json]] {
            let result = try Modelgen.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                result.standardError.contains("Shop.conventions.json:2:3: error: 'keyCasing' is one of"),
                "\(arguments)"
            )
        }
    }
}
