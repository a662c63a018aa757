import Foundation
import TestSupport
import Testing

@testable import ModelMapper

/// Conventions declared once, beside the model, and read by every entry point; options over
/// them, the entry point's own defaults under them.
@Suite("Model conventions: declared beside the model, honoured by every entry point")
struct ModelConventionsTests {
    static let xml = """
        <model>
          <entity name="Photo">
            <attribute name="id" attributeType="String"/>
            <attribute name="photoTitle" optional="YES" attributeType="String"/>
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="photo" inverseEntity="Tag"/>
          </entity>
          <entity name="Tag">
            <attribute name="tagName" optional="YES" attributeType="String"/>
            <relationship name="photo" optional="YES" maxCount="1" destinationEntity="Photo" inverseName="tags" inverseEntity="Photo"/>
          </entity>
        </model>
        """

    private func model(_ conventions: ModelConventions = ModelConventions()) throws -> ObjectModel {
        try ObjectModel(xml: Self.xml, conventions: conventions)
    }

    /// Made at each use: a `Data` held in a static is reported by LeakSanitizer (its storage
    /// pointer sits in the spare bits of an enum it cannot see through).
    private static var snakeDocument: Data {
        Data(#"{"id": "1", "photo_title": "Alps", "tags": [{"tag_name": "snow"}]}"#.utf8)
    }

    // MARK: The file

    @Test("a conventions file: comments and trailing commas allowed, every key read")
    func parsing() throws {
        let conventions = try ModelConventions(
            json: """
                {
                  // The API's keys.
                  "keyCasing": "snakeCase",
                  "identifiesByID": true,
                }
                """
        )
        #expect(conventions == ModelConventions(keyCasing: .snakeCase, identifiesByID: true))
        #expect(try ModelConventions(json: "{}").isEmpty)
        #expect(try ModelConventions(json: conventions.jsonText) == conventions, "jsonText reads back")
        #expect(try ModelConventions(json: #"{"keyCasing": "kebabCase"}"#).keyCasing == .kebabCase)
    }

    @Test(
        "a bad conventions file is an error located in it",
        arguments: [
            (
                "{\n  \"keyCasing\": \"snake\"\n}", 2, 3,
                "'keyCasing' is one of \"modelNames\", \"snakeCase\", \"kebabCase\""
            ),
            ("{\n  \"keyCasing\": \"snakeCas\"\n}", 2, 3, "did you mean 'snakeCase'?"),
            ("{\"identifiesByID\": \"yes\"}", 1, 2, "'identifiesByID' is true or false, not \"yes\""),
            ("{\n\n    \"keyCasng\": \"snakeCase\"}", 3, 5, "unknown key \"keyCasng\""),
            ("{\"keyCasing\": \"snakeCase\", \"keyCasing\": \"kebabCase\"}", 1, 28, "'keyCasing' is given twice"),
            ("[]", 1, 1, "a conventions file holds a JSON object, not an array"),
            ("{\n  \"keyCasing\": snakeCase\n}", 2, 16, "not valid JSON"),
            ("{\"identifiesByID\": true", 1, 24, "not valid JSON"),
            ("", 1, 1, "not valid JSON"),
            ("{\"identityAttributes\": \"id\"}", 1, 2, "'identityAttributes' is an array of names, not a string"),
            ("{\"reservedNames\": [\"type\", 1]}", 1, 2, "'reservedNames' holds names (non-empty strings), not 1"),
            ("{\"reservedNames\": [\"type\", \"type\"]}", 1, 2, "'reservedNames' names \"type\" twice"),
            ("{\"identityKey\": \"\"}", 1, 2, "'identityKey' is a JSON key (a string), not \"\""),
            (
                "{\"identifiesByID\": true,\n \"identityAttributes\": [\"id\"]}", 2, 2,
                "'identifiesByID' and 'identityAttributes' say the same thing twice",
            ),
        ]
    )
    func badFiles(text: String, line: Int, column: Int, message: String) throws {
        let error = #expect(throws: ModelLoadingError.self) {
            try ModelConventions(json: text, fileName: "Shop.conventions.json")
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.message.contains(message), "\(diagnostic)")
        #expect(diagnostic.location.file == "Shop.conventions.json")
        #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(diagnostic)")
        #expect(diagnostic.message.contains("did you mean 'keyCasing'?") == text.contains("keyCasng"))
    }

    @Test("a hostile conventions file: huge, deep or full of keys, refused quickly and cleanly")
    func hostileFiles() throws {
        let huge = "{\"keyCasing\": \"" + String(repeating: "a", count: 2 << 20) + "\"}"
        #expect(throws: ModelLoadingError.self) { try ModelConventions(json: huge) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: ModelLoadingError.self) { try ModelConventions(json: deep) }
        // Many unknown keys: the first is the error, found without scanning for every one.
        let many = "{" + (0..<50_000).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}"
        let error = #expect(throws: ModelLoadingError.self) { try ModelConventions(json: many) }
        #expect(error?.diagnostics.first?.message.contains("unknown key \"k0\"") == true)
    }

    @Test("the file beside the model is found from the bundle, a version folder and its contents file")
    func besideTheModel() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.xml, to: "Shop.xcdatamodeld/Shop 2.xcdatamodel/contents")
        try folder.write(currentVersionPlist("Shop 2"), to: "Shop.xcdatamodeld/.xccurrentversion")
        let file = try folder.write(#"{"keyCasing": "snakeCase"}"#, to: "Shop.conventions.json")
        let bundle = folder.url.appendingPathComponent("Shop.xcdatamodeld")
        for url in [
            bundle, bundle.appendingPathComponent("Shop 2.xcdatamodel"),
            bundle.appendingPathComponent("Shop 2.xcdatamodel/contents"),
        ] {
            let model = try ObjectModel(contentsOf: url)
            #expect(model.conventions.keyCasing == .snakeCase, "\(url.path)")
            #expect(model.conventionsURL?.path == file.path, "\(url.path)")
            #expect(ModelConventions.fileURL(forModelAt: url).lastPathComponent == "Shop.conventions.json")
        }
        // A lone version folder and a lone file are named after themselves.
        let lone = try folder.write(Self.xml, to: "Lone.xcdatamodel/contents")
        try folder.write(#"{"identifiesByID": true}"#, to: "Lone.conventions.json")
        #expect(try ObjectModel(contentsOf: lone).conventions == ModelConventions(identifiesByID: true))
        let plain = try folder.write(Self.xml, to: "plain.xml")
        #expect(try ObjectModel(contentsOf: plain).conventions.isEmpty, "no plain.conventions.json")
        // A bad file beside the model stops the model from loading, naming the file.
        try folder.write(#"{"keyCasing": 1}"#, to: "plain.conventions.json")
        let error = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: plain) }
        #expect(error?.diagnostics.first?.location.file.hasSuffix("plain.conventions.json") == true)
        // Classes bound later keep the conventions.
        #expect(try ObjectModel(contentsOf: bundle).binding([]).conventions.keyCasing == .snakeCase)
    }

    @Test("every convention reads back from the text it writes")
    func everyKey() throws {
        let conventions = ModelConventions(
            keyCasing: .snakeCase,
            identityAttributes: ["id", "remoteID"],
            identityKey: "id",
            reservedNames: ["type", "description", "signed"]
        )
        #expect(try ModelConventions(json: conventions.jsonText) == conventions)
        #expect(conventions.jsonText.contains(#""identityAttributes": ["id", "remoteID"]"#))
    }

    @Test("a preset: Sync's conventions, the file's other keys over them")
    func preset() throws {
        #expect(try ModelConventions(json: #"{"preset": "sync"}"#) == .sync)
        let adjusted = try ModelConventions(
            json: #"{"preset": "sync", "keyCasing": "kebabCase", "identifiesByID": true}"#
        )
        #expect(adjusted.keyCasing == .kebabCase && adjusted.identityAttributeNames == ["id"])
        #expect(adjusted.foreignKeySuffixes == ModelConventions.sync.foreignKeySuffixes)
        let error = #expect(throws: ModelLoadingError.self) { try ModelConventions(json: #"{"preset": "synk"}"#) }
        #expect(
            error?.diagnostics.first?.message
                .contains("'preset' is one of \"sync\", not \"synk\"; did you mean 'sync'?") == true
        )
    }

    @Test("Sync's remoteID marked sync.isPrimaryKey is read at id")
    func declaredRemoteID() throws {
        let xml = """
            <model>
              <entity name="User">
                <attribute name="remoteID" attributeType="String">
                  <userInfo><entry key="sync.isPrimaryKey" value="YES"/></userInfo>
                </attribute>
                <attribute name="contractID" optional="YES" attributeType="String"/>
              </entity>
            </model>
            """
        let model = try ObjectModel(xml: xml, conventions: .sync)
        let user = try ModelDecoder(model: model)
            .decodeObject(
                of: try #require(model.entity(named: "User")),
                from: Data(#"{"id": "u1", "contract_id": "c"}"#.utf8)
            )
        #expect(user.value(forKey: "remoteID") as? String == "u1")
        #expect(user.value(forKey: "contractID") as? String == "c")
    }

    // MARK: Every entry point

    static let syncStyle = """
        <model>
          <entity name="User">
            <attribute name="remoteID" attributeType="Integer 64"/>
            <attribute name="fullName" optional="YES" attributeType="String"/>
            <attribute name="userType" optional="YES" attributeType="String"/>
            <attribute name="userDescription" optional="YES" attributeType="String"/>
            <attribute name="signed" optional="YES" attributeType="Boolean"/>
          </entity>
        </model>
        """

    @Test("an identity by name read at its identity key, and reserved names, both ways")
    func identityKeyAndReservedNames() throws {
        let conventions = ModelConventions(
            keyCasing: .snakeCase,
            identityAttributes: ["id", "remoteID"],
            identityKey: "id",
            reservedNames: ["type", "description", "signed"]
        )
        let model = try ObjectModel(xml: Self.syncStyle, conventions: conventions)
        let user = try #require(model.entity(named: "User"))
        let document = Data(
            #"[{"id": 7, "full_name": "Ada", "type": "admin", "description": "first", "signed": true}, {"id": 7}]"#.utf8
        )
        let users = try ModelDecoder(model: model).decodeObjects(of: user, from: document)
        #expect(users.count == 2 && users[0] === users[1], "remoteID is the identity")
        #expect(users[0].value(forKey: "remoteID") as? Int64 == 7)
        #expect(users[0].value(forKey: "userType") as? String == "admin")
        #expect(users[0].value(forKey: "userDescription") as? String == "first")
        // `signed` is the entity's own attribute: the reserved name does not take it away.
        #expect(users[0].value(forKey: "signed") as? Bool == true)
        let written = try ModelEncoder().encode(users[0])
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"id":7,"full_name":"Ada","type":"admin","description":"first","signed":true}"#
        )
        // Without the reserved names, the casing's own rule maps `description` alone.
        var options = ModelDecoder.Options()
        options.conventions.reservedNames = []
        let plain = try ModelDecoder(model: model, options: options)
            .decodeObject(of: user, from: Data(#"{"id": 1, "user_type": "a", "type": "b"}"#.utf8))
        #expect(plain.value(forKey: "userType") as? String == "a")
    }

    @Test("the decoder, the encoder and the graph read the model's casing; an option overrides it")
    func entryPointsAgree() throws {
        let model = try model(ModelConventions(keyCasing: .snakeCase))
        let photoEntity = try #require(model.entity(named: "Photo"))
        let photo = try ModelDecoder(model: model).decodeObject(of: photoEntity, from: Self.snakeDocument)
        #expect(photo.value(forKey: "photoTitle") as? String == "Alps")
        let written = try ModelEncoder().encodeJSON(photo)
        #expect(written["photo_title"] == "Alps" && Self.element(written["tags"], 0)?["tag_name"] == "snow")

        let graph = ObjectGraph(model: model)
        try graph.merge(Self.snakeDocument, entity: "Photo")
        #expect(graph.object(of: "Photo", identity: "1")?.value(forKey: "photoTitle") as? String == "Alps")

        // Options in code win over the model.
        var options = ModelDecoder.Options()
        options.conventions.keyCasing = .modelNames
        let camel = try ModelDecoder(model: model, options: options)
            .decodeObject(of: photoEntity, from: Data(#"{"id": "1", "photoTitle": "Sea"}"#.utf8))
        #expect(camel.value(forKey: "photoTitle") as? String == "Sea")
        var encoderOptions = ModelEncoder.Options()
        encoderOptions.conventions.keyCasing = .kebabCase
        #expect(try ModelEncoder(options: encoderOptions).encodeJSON(camel)["photo-title"] == "Sea")
    }

    @Test("without conventions, every entry point has the one default: the model's names, and id identities")
    func oneDefault() throws {
        let model = try model()
        let photoEntity = try #require(model.entity(named: "Photo"))
        let photo = try ModelDecoder(model: model)
            .decodeObject(of: photoEntity, from: Data(#"{"id": "1", "photoTitle": "Alps", "photo_title": "x"}"#.utf8))
        #expect(photo.value(forKey: "photoTitle") as? String == "Alps")
        #expect(try ModelEncoder().encodeJSON(photo)["photoTitle"] == "Alps")

        // A graph made with no options reads what the decoder reads: the model's names.
        let graph = ObjectGraph(model: model)
        try graph.merge(Data(#"[{"id": "2", "photoTitle": "Sea", "photo_title": "x"}]"#.utf8), entity: "Photo")
        #expect(graph.object(of: "Photo", identity: "2")?.value(forKey: "photoTitle") as? String == "Sea")
        // snake_case is one line of conventions away, for every entry point at once.
        let snake = try self.model(ModelConventions(keyCasing: .snakeCase))
        let snakeGraph = ObjectGraph(model: snake)
        try snakeGraph.merge(Self.snakeDocument, entity: "Photo")
        #expect(snakeGraph.object(of: "Photo", identity: "1")?.value(forKey: "photoTitle") as? String == "Alps")
    }

    @Test("id identities: a decoder unites repeated objects by id, unless the model or an option turns it off")
    func identityByID() throws {
        let document = Data(#"[{"id": "1", "photoTitle": "Alps"}, {"id": "1", "photoTitle": "Alps"}]"#.utf8)
        let plain = try model()
        let united = try ModelDecoder(model: plain)
            .decodeObjects(of: try #require(plain.entity(named: "Photo")), from: document)
        #expect(united.count == 2 && united[0] === united[1])
        let declaredOff = try model(ModelConventions(identifiesByID: false))
        let apart = try ModelDecoder(model: declaredOff)
            .decodeObjects(of: try #require(declaredOff.entity(named: "Photo")), from: document)
        #expect(apart.count == 2 && apart[0] !== apart[1])
        // An option turns it off too.
        var options = ModelDecoder.Options()
        options.conventions.identifiesByID = false
        let off = try ModelDecoder(model: plain, options: options)
            .decodeObjects(of: try #require(plain.entity(named: "Photo")), from: document)
        #expect(off[0] !== off[1])
    }

    @Test("one encoder writes objects of two models, each with its own model's conventions")
    func twoModels() throws {
        let snake = try model(ModelConventions(keyCasing: .snakeCase))
        let plain = try model()
        let document = Data(#"{"id": "1", "photoTitle": "Alps", "photo_title": "Alps"}"#.utf8)
        let first = try ModelDecoder(model: snake)
            .decodeObject(of: try #require(snake.entity(named: "Photo")), from: document)
        let second = try ModelDecoder(model: plain)
            .decodeObject(of: try #require(plain.entity(named: "Photo")), from: document)
        let other = try ModelDecoder(model: snake)
            .decodeObject(of: try #require(snake.entity(named: "Photo")), from: document)
        let written = try ModelEncoder().encodeJSON([first, second, other])
        let (a, b, c) = (Self.element(written, 0), Self.element(written, 1), Self.element(written, 2))
        #expect(a?["photo_title"] == "Alps" && a?["photoTitle"] == nil)
        #expect(b?["photoTitle"] == "Alps" && b?["photo_title"] == nil)
        #expect(c?["photo_title"] == "Alps" && c?["photoTitle"] == nil)
    }

    private static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let elements) = value, index < elements.count else { return nil }
        return elements[index]
    }
}
