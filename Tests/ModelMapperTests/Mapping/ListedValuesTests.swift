import Foundation
import ModelMapper
import Testing

/// Attributes whose model lists the values their JSON may hold (userInfo `jsonValues`): any
/// other value is refused at its path through every entry point, the encoder does not write
/// one, and a list that cannot be read is a located error when the model loads.
@Suite("Coding: the values an attribute lists")
struct ListedValuesTests {
    static let xml = """
        <model>
          <entity name="Post">
            <attribute name="postID" attributeType="String"/>
            <attribute name="status" optional="YES" attributeType="String">
              <userInfo><entry key="jsonValues" value="draft, live,archived"/></userInfo>
            </attribute>
            <attribute name="level" optional="YES" attributeType="Integer 16" defaultValueString="1">
              <userInfo><entry key="jsonValues" value="1,2,-3"/></userInfo>
            </attribute>
            <relationship name="replies" optional="YES" toMany="YES" destinationEntity="Post"/>
            <userInfo><entry key="identityAttributes" value="postID"/></userInfo>
          </entity>
        </model>
        """

    static func model() throws -> ObjectModel { try ObjectModel(xml: xml) }

    static func decode(_ json: String, options: ModelDecoder.Options = ModelDecoder.Options()) throws -> ModelObject {
        try ModelDecoder(model: try model(), options: options).decodeObject(of: "Post", from: Data(json.utf8))
    }

    @Test("listed values are read and written back as they were sent")
    func listed() throws {
        let json =
            #"{"postID":"a","status":"live","level":-3,"replies":[{"postID":"b","status":"archived","level":2}]}"#
        let post = try Self.decode(json)
        #expect(post.value(forKey: "status") as? String == "live")
        #expect(post.value(forKey: "level") as? Int16 == -3)
        #expect(String(decoding: try ModelEncoder().encode(post), as: UTF8.self) == json)
        // null is no value: an optional attribute's null is read as it always is.
        #expect(try Self.decode(#"{"postID":"a","status":null}"#).valueState(forKey: "status") == .null)
    }

    @Test(
        "a value not listed is an error at its path, on the byte decoder's path and the careful one",
        arguments: [
            (#"{"postID":"a","status":"deleted"}"#, "$.status", #"one of "draft", "live", "archived" (jsonValues)"#),
            (#"{"postID":"a","status":"Live"}"#, "$.status", #"one of "draft", "live", "archived" (jsonValues)"#),
            (#"{"postID":"a","level":3}"#, "$.level", "one of 1, 2, -3 (jsonValues)"),
            (
                #"{"postID":"a","replies":[{"postID":"b","level":0}]}"#, "$.replies[0].level",
                "one of 1, 2, -3 (jsonValues)"
            ),
        ]
    )
    func refused(json: String, path: String, expected: String) throws {
        var keeping = ModelDecoder.Options()
        keeping.unknownKeys = .keep
        for options in [ModelDecoder.Options(), keeping] {
            let error = try #require(throws: MappingError.self) { try Self.decode(json, options: options) }
            #expect(error.code == .invalidValue)
            #expect(error.path.description == path)
            #expect(error.context.expected == expected)
            #expect(error.context.line == 1)
        }
    }

    @Test("a number sent as text is checked once read, as lenient reading reads it")
    func textNumbers() throws {
        #expect(try Self.decode(#"{"postID":"a","level":"2"}"#).value(forKey: "level") as? Int16 == 2)
        let error = try #require(throws: MappingError.self) { try Self.decode(#"{"postID":"a","level":"7"}"#) }
        #expect(error.path.description == "$.level")
    }

    @Test("graph merges, partial reads, streams, updates and dictionaries refuse what the decoder refuses")
    func otherEntryPoints() throws {
        let model = try Self.model()
        let data = Data(#"[{"postID":"a","status":"live"},{"postID":"b","status":"gone"}]"#.utf8)
        let merged = try #require(throws: MappingErrors.self) {
            try ObjectGraph(model: model).merge(data, entity: "Post")
        }
        #expect(merged.errors.map(\.context.path.description) == ["$[1].status"])

        let partial = try ModelDecoder(model: model).decodePartially(of: "Post", from: data)
        #expect(partial.objects.count == 1)
        #expect(partial.errors.map(\.context.path.description) == ["$[1].status"])

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("listed-\(UUID().uuidString).json")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var streamed: [String] = []
        let streamError = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model)
                .forEachObject(of: "Post", inFileAt: file) { post in
                    streamed.append(post.value(forKey: "postID") as? String ?? "")
                }
        }
        #expect(streamed == ["a"])
        #expect(streamError.path.description == "$[1].status")

        let decoder = ModelDecoder(model: model)
        let post = try decoder.decodeObject(of: "Post", from: Data(#"{"postID":"a","status":"live"}"#.utf8))
        #expect(throws: MappingError.self) { try decoder.update(post, from: Data(#"{"status":"gone"}"#.utf8)) }
        #expect(post.value(forKey: "status") as? String == "live", "a refused update changes nothing")

        let entity = try #require(model.entitiesByName["Post"])
        #expect(throws: MappingError.self) {
            try ModelObject(dictionary: ["postID": "a", "level": 9], entity: entity)
        }
    }

    @Test("the encoder does not write a value set in code that is not listed, and validate reports it")
    func encoding() throws {
        let post = try Self.decode(#"{"postID":"a","status":"draft"}"#)
        try post.setValue("deleted", forKey: "status")
        let error = try #require(throws: MappingError.self) { try ModelEncoder().encode(post) }
        #expect(error.code == .invalidValue)
        #expect(error.path.description == "$.status")
        #expect(error.context.expected == #"one of "draft", "live", "archived" (jsonValues)"#)
        #expect(throws: MappingError.self) { try post.validate() }
    }

    @Test("a bound class's raw values and the listed values are both checked")
    func boundClass() throws {
        let model = try Self.model().binding([CheckedPost.self])
        let decoder = ModelDecoder(model: model)
        // A raw value of the enum that the model does not list.
        let listedError = try #require(throws: MappingError.self) {
            try decoder.decode(CheckedPost.self, from: Data(#"{"postID":"a","status":"hidden"}"#.utf8))
        }
        #expect(listedError.context.expected == #"one of "draft", "live", "archived" (jsonValues)"#)
        // A listed value that is no raw value of the enum.
        let rawError = try #require(throws: MappingError.self) {
            try decoder.decode(CheckedPost.self, from: Data(#"{"postID":"a","status":"archived"}"#.utf8))
        }
        #expect(rawError.context.expected == "a raw value of PostStatus")
        let post = try decoder.decode(CheckedPost.self, from: Data(#"{"postID":"a","status":"live"}"#.utf8))
        #expect(post.rawRepresentableValue(forKey: "status", as: PostStatus.self) == .live)
        // A value both refuse is one error, as the decoder reports it, in the encoder and validate.
        try post.setValue("gone", forKey: "status")
        for check in [{ _ = try ModelEncoder().encode(post) }, { try post.validate() }] as [() throws -> Void] {
            let error = try #require(throws: MappingError.self) { try check() }
            #expect(error.context.expected == #"one of "draft", "live", "archived" (jsonValues)"#)
        }
    }

    @Test(
        "a list that cannot be read is an error where the model declares it",
        arguments: [
            (
                "Double", "1,2", "",
                "only a String or an Integer 16, 32 or 64 attribute without a transformer can list its values"
            ),
            ("String", "a,,b", "", "'a,,b' has an empty value; list the values separated by commas"),
            ("String", " ", "", "' ' has an empty value; list the values separated by commas"),
            ("String", "a, b, a", "", "'a' is listed twice"),
            ("Integer 16", "1, 40000", "", "'40000' is not an integer the attribute's type (Integer 16) holds"),
            ("Integer 32", "1, 01", "", "'01' is not an integer the attribute's type (Integer 32) holds"),
            ("Integer 64", "1, x", "", "'x' is not an integer the attribute's type (Integer 64) holds"),
            ("String", "a, b", #"defaultValueString="c""#, "its default value 'c' is not one of them"),
            ("Integer 32", "1, 2", #"defaultValueString="5""#, "its default value '5' is not one of them"),
        ]
    )
    func unreadableList(type: String, list: String, extra: String, problem: String) throws {
        let xml = """
            <model>
              <entity name="Post">
                <attribute name="value" optional="YES" attributeType="\(type)" \(extra)>
                  <userInfo><entry key="jsonValues" value="\(list)"/></userInfo>
                </attribute>
              </entity>
            </model>
            """
        let error = try #require(throws: ModelLoadingError.self) { try ObjectModel(xml: xml) }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "MM530")
        #expect(diagnostic.message == "attribute 'Post.value': userInfo 'jsonValues': \(problem)")
        #expect(diagnostic.location.line == 4)
    }
}

enum PostStatus: String {
    case draft, live, hidden
}

private final class CheckedPost: ModelObject {
    override class var entityName: String { "Post" }
    override class var rawValueTypes: [String: RawValueType] { ["status": .of(PostStatus.self)] }
}
