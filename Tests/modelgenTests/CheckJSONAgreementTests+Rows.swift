import Foundation
import ModelMapper
import TestSupport
import Testing

/// One table of documents through every entry point: each row gives the same objects or the
/// same errors, at the same paths, through `decodeObjects`, typed `decode` (classes bound to the
/// entities, as generated code has), `decodePartially`, streaming,
/// `merge` and `mergePartially` into a graph made without options, `modelgen check-json` and
/// `modelgen decode`, all with their defaults (unknown keys rejected where a row asks, the same
/// way everywhere).
extension CheckJSONAgreementTests {
    /// The model the rows are read through: photos with required titles, tags by name, albums.
    static let photosXML = """
        <model>
          <entity name="Photo">
            <attribute name="photoID" attributeType="String"/>
            <attribute name="title" attributeType="String"/>
            <attribute name="taken" optional="YES" attributeType="Date"/>
            <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag" inverseName="photos" inverseEntity="Tag"/>
            <relationship name="album" optional="YES" maxCount="1" destinationEntity="Album" inverseName="photos" inverseEntity="Album"/>
            <userInfo><entry key="identityAttributes" value="photoID"/></userInfo>
          </entity>
          <entity name="Tag">
            <attribute name="name" attributeType="String"/>
            <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo" inverseName="tags" inverseEntity="Photo"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Album">
            <attribute name="albumID" attributeType="Integer 64"/>
            <attribute name="title" attributeType="String"/>
            <relationship name="photos" optional="YES" toMany="YES" destinationEntity="Photo" inverseName="album" inverseEntity="Photo"/>
            <userInfo><entry key="identityAttributes" value="albumID"/></userInfo>
          </entity>
        </model>
        """

    /// A document, and whether unknown keys are rejected for it.
    struct Row: CustomStringConvertible, Sendable {
        var name: String
        var json: String
        var rejectsUnknownKeys = false
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "valid, with nested objects and references",
            json: #"[{"photoID":"1","title":"Alps","tags":[{"name":"snow"}],"album":{"albumID":7,"title":"T"}}]"#
        ),
        Row(
            name: "a reference by identity to an object the document has",
            json:
                #"[{"photoID":"1","title":"A","album":{"albumID":7,"title":"T"}},{"photoID":"2","title":"B","album":7}]"#
        ),
        Row(name: "a required value missing", json: #"[{"photoID":"1","title":"A"},{"photoID":"2"}]"#),
        Row(name: "null for a required value", json: #"[{"photoID":"1","title":null}]"#),
        Row(
            name: "values of the wrong type",
            json: #"[{"photoID":"1","title":"A","taken":"yesterday"},{"photoID":"2","title":["x"]}]"#
        ),
        Row(name: "a required key under another casing", json: #"[{"photo_id":"1","title":"A"}]"#),
        Row(
            name: "a number sent as text it would not come back as",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"007","title":"T"}}]"#
        ),
        Row(name: "malformed JSON: cut short after a comma", json: #"[{"photoID":"1","title":"A"},"#),
        Row(name: "malformed JSON: cut short after an element", json: #"[{"photoID":"1","title":"A"}"#),
        Row(name: "malformed JSON inside an element", json: #"[{"photoID":"1","title":}]"#),
        Row(
            name: "an unknown key, rejected",
            json: #"[{"photoID":"1","title":"A","titel":"B"}]"#,
            rejectsUnknownKeys: true
        ),
    ]

    /// What an entry point gave: the objects as JSON, or the errors as text, sorted.
    enum Outcome: Equatable, CustomStringConvertible {
        case objects(JSONValue)
        case errors([String])

        init(_ body: () throws -> JSONValue) {
            do {
                self = .objects(try body())
            } catch let errors as MappingErrors {
                self = .errors(errors.errors.map(\.description).sorted())
            } catch {
                self = .errors(["\(error)"])
            }
        }

        var description: String {
            switch self {
            case .objects(let value): value.jsonText(options: [.sortedKeys])
            case .errors(let lines): lines.joined(separator: "\n")
            }
        }
    }

    @Test("each row gives the same objects or errors through every entry point", arguments: rows)
    func everyEntryPoint(row: Row) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let modelFile = try folder.write(Self.photosXML, to: "contents")
        let file = try folder.write(row.json, to: "photos.json")
        let model = try ObjectModel(contentsOf: modelFile)
        let photo = try #require(model.entity(named: "Photo"))
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        if row.rejectsUnknownKeys { options.unknownKeys = .reject }
        let data = Data(row.json.utf8)
        let sorted = ModelEncoder(options: .init(outputFormatting: [.sortedKeys]))

        let decoded = Outcome {
            try sorted.encodeJSON(ModelDecoder(model: model, options: options).decodeObjects(of: photo, from: data))
        }
        let partial = Outcome {
            let result = try ModelDecoder(model: model, options: options).decodePartially(of: photo, from: data)
            guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
            return try sorted.encodeJSON(result.objects)
        }
        var graphOptions = ObjectGraph.Options()
        graphOptions.decoding.unknownKeys = options.unknownKeys
        let merged = Outcome {
            try sorted.encodeJSON(ObjectGraph(model: model, options: graphOptions).merge(data, entity: "Photo").objects)
        }
        let mergedPartially = Outcome {
            let result = try ObjectGraph(model: model, options: graphOptions).mergePartially(data, entity: "Photo")
            guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
            return try sorted.encodeJSON(result.objects)
        }
        // Typed decoding, through classes bound to the entities, as generated code decodes.
        let typedModel = try model.binding([AgreementPhoto.self, AgreementTag.self, AgreementAlbum.self])
        let typed = Outcome {
            try sorted.encodeJSON(
                ModelDecoder(model: typedModel, options: options).decode([AgreementPhoto].self, from: data)
            )
        }
        // Streaming stops at the first element with an error: its errors are the decoder's there.
        var streamed: [ModelObject] = []
        let stream = Outcome {
            try ModelDecoder(model: model, options: options)
                .forEachObject(of: photo, inFileAt: file) { streamed.append($0) }
            return try sorted.encodeJSON(streamed)
        }
        let cliFlags = ["--entity", "Photo", "--format", "json"]
        let checked = try Modelgen.run(
            ["check-json", modelFile.path, file.path, "--unmapped", row.rejectsUnknownKeys ? "error" : "ignore"]
                + cliFlags
        )
        let problems = try #require(
            try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [[String: Any]],
            "\(checked.standardError)"
        )
        let checkedOutcome: Outcome =
            problems.isEmpty ? decoded : .errors(problems.compactMap { $0["message"] as? String }.sorted())

        #expect(typed == decoded, "typed decode")
        #expect(partial == decoded, "decodePartially")
        #expect(merged == decoded, "merge")
        #expect(mergedPartially == decoded, "mergePartially")
        #expect(checkedOutcome == decoded, "check-json")
        #expect(checked.status == (problems.isEmpty ? 0 : 1))
        switch decoded {
        case .objects:
            #expect(stream == decoded, "streaming")
            let cli = try Modelgen.run(["decode", modelFile.path, file.path, "--entity", "Photo"])
            let printed = try JSONValue.parse(Data(cli.standardOutput.utf8)).jsonText(options: [.sortedKeys])
            #expect(printed == "\(decoded)", "modelgen decode")
        case .errors(let lines):
            guard case .errors(let streamedLines) = stream else {
                Issue.record("streaming gave objects where the decoder gave errors: \(stream)")
                return
            }
            #expect(!streamedLines.isEmpty && streamedLines.allSatisfy(lines.contains), "streaming: \(streamedLines)")
        }
    }
}

/// The classes the typed rows decode into: bound to the rows' entities, as generated classes are.
final class AgreementPhoto: ModelObject {
    override class var entityName: String { "Photo" }
}

final class AgreementTag: ModelObject {
    override class var entityName: String { "Tag" }
}

final class AgreementAlbum: ModelObject {
    override class var entityName: String { "Album" }
}
