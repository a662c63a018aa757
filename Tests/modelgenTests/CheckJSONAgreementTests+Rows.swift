import Foundation
import ModelMapper
import TestModels
import TestSupport
import Testing

/// One table of documents through every entry point (``AgreementTable``): each row gives the
/// same objects or the same errors, at the same paths, through `decodeObjects`, typed `decode`
/// (classes bound to the entities; `GeneratedCodeTests` runs the generated ones),
/// `decodePartially`, streaming, `merge` and `mergePartially` into a graph made without options,
/// `modelgen check-json` and `modelgen decode`, all with their defaults and the row's settings.
extension CheckJSONAgreementTests {
    typealias Row = AgreementTable.Row
    typealias Outcome = AgreementTable.Outcome

    @Test("each row gives the same objects or errors through every entry point", arguments: AgreementTable.rows)
    func everyEntryPoint(row: Row) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let modelFile = AgreementTable.modelURL
        let file = try folder.write(row.json, to: "photos.json")
        let model = try ObjectModel(contentsOf: modelFile)
        let photo = try #require(model.entity(named: "Photo"))
        let options = row.options
        let data = Data(row.json.utf8)

        let decoded = Outcome(objects: {
            try ModelDecoder(model: model, options: options).decodeObjects(of: photo, from: data, at: row.keyPath)
        })
        let partial = Outcome(objects: {
            let result = try ModelDecoder(model: model, options: options)
                .decodePartially(of: photo, from: data, at: row.keyPath)
            guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
            return result.objects
        })
        let graphOptions = ObjectGraph.Options(decoding: options)
        let merged = Outcome(objects: {
            try ObjectGraph(model: model, options: graphOptions).merge(data, entity: "Photo", at: row.keyPath).objects
        })
        let mergedPartially = Outcome(objects: {
            let result = try ObjectGraph(model: model, options: graphOptions)
                .mergePartially(data, entity: "Photo", at: row.keyPath)
            guard result.errors.isEmpty else { throw MappingErrors(result.errors) }
            return result.objects
        })
        // Typed decoding, through classes bound to the entities, as generated code decodes.
        let typedModel = try model.binding([BoundPhoto.self, BoundTag.self, BoundAlbum.self])
        let typed = Outcome(objects: {
            try ModelDecoder(model: typedModel, options: options).decode([BoundPhoto].self, from: data, at: row.keyPath)
        })
        // Uniquing across elements, as one run of the decoder does over the whole document.
        let stream = Outcome(objects: {
            var streamed: [ModelObject] = []
            try ModelDecoder(model: model, options: options)
                .forEachObject(of: photo, inFileAt: file, at: row.keyPath, uniquesAcrossElements: true) {
                    streamed.append($0)
                }
            return streamed
        })
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
            try Self.expectCommandLine(agreesWith: decoded, model: modelFile, file: file, row: row)
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
            #expect(
                !streamedLines.isEmpty && streamedLines.allSatisfy(lines.contains),
                "streaming: \(streamedLines), decoder: \(lines)"
            )
        }
    }

    /// `modelgen check-json` reports the decoder's errors (none where it gave objects), and
    /// `modelgen decode` prints the decoder's objects.
    static func expectCommandLine(
        agreesWith decoded: Outcome,
        model: URL,
        file: URL,
        row: Row
    ) throws {
        let rejectsUnknownKeys = row.settings.contains(.rejectsUnknownKeys)
        let at = row.keyPath.map { ["--at", $0] } ?? []
        let checked = try Modelgen.run(
            ["check-json", model.path, file.path, "--unmapped", rejectsUnknownKeys ? "error" : "ignore"]
                + ["--entity", "Photo", "--format", "json"] + at
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
            let cli = try Modelgen.run(["decode", model.path, file.path, "--entity", "Photo"] + at)
            let printed = try JSONValue.parse(Data(cli.standardOutput.utf8)).jsonText(options: [.sortedKeys])
            #expect(printed == "\(decoded)", "modelgen decode")
        }
    }
}

/// The classes the typed rows decode into: bound to the rows' entities, as generated classes are.
final class BoundPhoto: ModelObject {
    override class var entityName: String { "Photo" }
}

final class BoundTag: ModelObject {
    override class var entityName: String { "Tag" }
}

final class BoundAlbum: ModelObject {
    override class var entityName: String { "Album" }
}
