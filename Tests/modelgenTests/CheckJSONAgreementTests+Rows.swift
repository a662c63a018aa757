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

    /// A setting of the decoder's options that changes what a document reads as.
    enum Setting: Sendable {
        case rejectsUnknownKeys, strictTypes, nullAsAbsent, skipsNullElements, lenientSyntax
        case acceptsReformattedNumbers, conflictsAreErrors

        func apply(to options: inout ModelDecoder.Options) {
            switch self {
            case .rejectsUnknownKeys: options.unknownKeys = .reject
            case .strictTypes: options.strictness = .strict
            case .nullAsAbsent: options.nullHandling = .treatAsAbsent
            case .skipsNullElements: options.nullElements = .skip
            case .lenientSyntax: options.syntax = .lenient
            case .acceptsReformattedNumbers: options.acceptsReformattedNumbers = true
            case .conflictsAreErrors: options.conflictingValues = .error
            }
        }
    }

    /// A document, and the settings it is read with (the same through every entry point).
    struct Row: CustomStringConvertible, Sendable {
        var name: String
        var json: String
        var settings: [Setting] = []
        var description: String { name }
        /// The command line has a flag for unknown keys alone (`--unmapped`): rows with other
        /// settings compare the library's entry points only.
        var isReadByTheCommandLine: Bool { settings.allSatisfy { $0 == .rejectsUnknownKeys } }
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
            settings: [.rejectsUnknownKeys]
        ),
        // Every option that changes reading, each with a document where it does.
        Row(
            name: "a number in a string, under strict types",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"7","title":"T"}}]"#,
            settings: [.strictTypes]
        ),
        Row(name: "null for an optional value", json: #"[{"photoID":"1","title":"A","taken":null}]"#),
        Row(
            name: "null as absent: for an optional and for a required value",
            json: #"[{"photoID":"1","title":"A","taken":null},{"photoID":"2","title":null}]"#,
            settings: [.nullAsAbsent]
        ),
        Row(name: "a null element of a to-many", json: #"[{"photoID":"1","title":"A","tags":[null,{"name":"x"}]}]"#),
        Row(
            name: "a null element of a to-many, skipped",
            json: #"[{"photoID":"1","title":"A","tags":[null,{"name":"x"}]}]"#,
            settings: [.skipsNullElements]
        ),
        Row(
            name: "comments and a trailing comma, under lenient syntax",
            json: "[{\"photoID\":\"1\", /* the title */ \"title\":\"A\",},]",
            settings: [.lenientSyntax]
        ),
        Row(
            name: "a number sent as text it would not come back as, accepted",
            json: #"[{"photoID":"1","title":"A","album":{"albumID":"007","title":"T"}}]"#,
            settings: [.acceptsReformattedNumbers]
        ),
        Row(name: "one object given two titles", json: #"[{"photoID":"1","title":"A"},{"photoID":"1","title":"B"}]"#),
        Row(
            name: "one object given two titles, an error",
            json: #"[{"photoID":"1","title":"A"},{"photoID":"1","title":"B"}]"#,
            settings: [.conflictsAreErrors]
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
        for setting in row.settings { setting.apply(to: &options) }
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
        for setting in row.settings { setting.apply(to: &graphOptions.decoding) }
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
        // Uniquing across elements, as one run of the decoder does over the whole document.
        var streamed: [ModelObject] = []
        let stream = Outcome {
            try ModelDecoder(model: model, options: options)
                .forEachObject(of: photo, inFileAt: file, uniquesAcrossElements: true) { streamed.append($0) }
            return try sorted.encodeJSON(streamed)
        }
        #expect(typed == decoded, "typed decode")
        #expect(partial == decoded, "decodePartially")
        #expect(merged == decoded, "merge")
        #expect(mergedPartially == decoded, "mergePartially")
        if row.settings.contains(.lenientSyntax) {
            // The streaming readers read strict JSON only, and say so rather than read it otherwise.
            #expect(stream.description.contains("strict JSON only"), "streaming: \(stream)")
        } else {
            Self.expectStreaming(stream, agreesWith: decoded)
        }
        if row.isReadByTheCommandLine {
            try Self.expectCommandLine(
                agreesWith: decoded,
                model: modelFile,
                file: file,
                rejectsUnknownKeys: row.settings.contains(.rejectsUnknownKeys)
            )
        }
    }

    /// Streaming stops at the first element with an error: its errors are among the decoder's.
    static func expectStreaming(_ stream: Outcome, agreesWith decoded: Outcome) {
        switch decoded {
        case .objects: #expect(stream == decoded, "streaming")
        case .errors(let lines):
            guard case .errors(let streamedLines) = stream else {
                Issue.record("streaming gave objects where the decoder gave errors: \(stream)")
                return
            }
            #expect(!streamedLines.isEmpty && streamedLines.allSatisfy(lines.contains), "streaming: \(streamedLines)")
        }
    }

    /// `modelgen check-json` reports the decoder's errors (none where it gave objects), and
    /// `modelgen decode` prints the decoder's objects.
    static func expectCommandLine(
        agreesWith decoded: Outcome,
        model: URL,
        file: URL,
        rejectsUnknownKeys: Bool
    ) throws {
        let checked = try Modelgen.run(
            ["check-json", model.path, file.path, "--unmapped", rejectsUnknownKeys ? "error" : "ignore"]
                + ["--entity", "Photo", "--format", "json"]
        )
        let problems = try #require(
            try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [[String: Any]],
            "\(checked.standardError)"
        )
        let checkedOutcome: Outcome =
            problems.isEmpty ? decoded : .errors(problems.compactMap { $0["message"] as? String }.sorted())
        #expect(checkedOutcome == decoded, "check-json")
        #expect(checked.status == (problems.isEmpty ? 0 : 1))
        if case .objects = decoded {
            let cli = try Modelgen.run(["decode", model.path, file.path, "--entity", "Photo"])
            let printed = try JSONValue.parse(Data(cli.standardOutput.utf8)).jsonText(options: [.sortedKeys])
            #expect(printed == "\(decoded)", "modelgen decode")
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
