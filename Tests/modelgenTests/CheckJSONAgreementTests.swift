import Foundation
import ModelMapper
import TestSupport
import Testing

/// The CLI and the app agree: for every model in `Models/` and its fixtures, whole and with
/// values broken, `modelgen check-json` reports exactly the errors `ModelDecoder` and
/// `ObjectGraph` report, under the model's own conventions (`Models/Bands.conventions.json`
/// declares snake_case keys and `id` identities; the other models use the library's one
/// default), with no options at all (a graph made without options agrees, as an app makes
/// one), and under conventions given to all three (`--key-casing snakeCase --identify-by-id`).
@Suite("modelgen check-json agrees with ModelDecoder and ObjectGraph")
struct CheckJSONAgreementTests {
    /// A fixture, and where its objects are.
    struct Case: CustomStringConvertible, Sendable {
        var model: String
        var version: String?
        var fixture: String
        var entity: String
        var keyPath: String?
        var description: String { "\(fixture) \(entity)\(keyPath.map { " at \($0)" } ?? "")" }
    }

    static let cases: [Case] = [
        Case(
            model: "Models/Authors.xcdatamodeld",
            version: "Authors",
            fixture: "Tests/Fixtures/Authors/authors-v1.json",
            entity: "Author",
            keyPath: "authors"
        ),
        Case(
            model: "Models/Authors.xcdatamodeld",
            version: "Authors 2",
            fixture: "Tests/Fixtures/Authors/authors-v2.json",
            entity: "Author",
            keyPath: "authors"
        ),
        Case(
            model: "Models/Authors.xcdatamodeld",
            fixture: "Tests/Fixtures/Authors/authors-v3.json",
            entity: "Author",
            keyPath: "authors"
        ),
        Case(
            model: "Models/Bands.xcdatamodeld",
            fixture: "Tests/Fixtures/Bands/bands.json",
            entity: "Band",
            keyPath: "bands"
        ),
        Case(
            model: "Models/Bands.xcdatamodeld",
            fixture: "Tests/Fixtures/Bands/bands.json",
            entity: "Album",
            keyPath: "albums"
        ),
        Case(
            model: "Models/Bands.xcdatamodeld",
            fixture: "Tests/Fixtures/Bands/bands.json",
            entity: "BandMember",
            keyPath: "band_members"
        ),
        Case(
            model: "Models/Bands.xcdatamodeld",
            fixture: "Tests/Fixtures/Bands/bands-update.json",
            entity: "Album",
            keyPath: "albums"
        ),
        Case(
            model: "Models/Catalog.xcdatamodeld",
            fixture: "Tests/Fixtures/Catalog/catalog.json",
            entity: "Product",
            keyPath: "products"
        ),
        Case(model: "Models/Media.xcdatamodeld", fixture: "Tests/Fixtures/Media/media.json", entity: "Person"),
        Case(
            model: "Models/Photos.xcdatamodeld",
            fixture: "Examples/Photos/photos.json",
            entity: "Photo",
            keyPath: "photos"
        ),
    ]

    /// The fixture's text, and the same with every second scalar replaced by `[true]`: a value
    /// of the wrong type wherever it stands.
    static func documents(of fixture: String) throws -> [Data] {
        let data = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(fixture))
        var count = 0
        func broken(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members):
                var object = JSONObject()
                for (key, member) in members { object[key] = broken(member) }
                return .object(object)
            case .array(let elements): return .array(JSONArray(elements.map(broken)))
            case .null: return value
            default:
                count += 1
                return count % 2 == 0 ? .array([.bool(true)]) : value
            }
        }
        return [data, try broken(JSONValue.parse(data)).jsonData()]
    }

    /// The errors as text (`$.authors[0].year: Book.year: …`), sorted.
    static func lines(_ errors: [MappingError]) -> [String] {
        errors.map(\.description).sorted()
    }

    @Test(
        "The same errors through the CLI, the decoder and the graph",
        arguments: cases,
        [false, true]
    )
    func agree(_ testCase: Case, snakeCaseOverride: Bool) throws {
        ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
        let modelURL = TestPaths.packageRoot.appendingPathComponent(testCase.model)
        let model = try ObjectModel(contentsOf: modelURL, version: testCase.version)
        let entity = try #require(model.entitiesByName[testCase.entity])
        var options = ModelDecoder.Options()
        options.collectsAllErrors = true
        var flags = ["--entity", testCase.entity, "--format", "json", "--date-transformer", "Date=yearMonthDay"]
        if let keyPath = testCase.keyPath { flags += ["--at", keyPath] }
        if let version = testCase.version { flags += ["--model-version", version] }
        if snakeCaseOverride {
            options.conventions.keyCasing = .snakeCase
            options.conventions.identifiesByID = true
            flags += ["--key-casing", "snakeCase", "--identify-by-id"]
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (index, document) in try Self.documents(of: testCase.fixture).enumerated() {
            let file = folder.url.appendingPathComponent("document-\(index).json")
            try document.write(to: file)

            let decoded: [MappingError]
            do {
                _ = try ModelDecoder(model: model, options: options)
                    .decodeObjects(of: entity, from: document, at: testCase.keyPath)
                decoded = []
            } catch let errors as MappingErrors {
                decoded = errors.errors
            }
            let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: options))
            let merged = try graph.mergePartially(document, entity: entity, at: testCase.keyPath).errors

            let result = try Modelgen.run(["check-json", testCase.model, file.path] + flags)
            let problems = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]],
                "\(result.standardError)"
            )
            // Keys the model never reads are warnings (`--unmapped warn`); the decoder ignores them.
            let reported = problems.filter { $0["severity"] as? String == "error" }
                .compactMap { $0["message"] as? String }.sorted()
            let context = "\(testCase), document \(index), snake_case given: \(snakeCaseOverride)"
            if !snakeCaseOverride {
                // Every model is read alike by a graph made without options, the way an app
                // makes one: the defaults are one.
                let plain = try ObjectGraph(model: model).mergePartially(document, entity: entity, at: testCase.keyPath)
                #expect(Self.lines(plain.errors) == Self.lines(decoded), "\(context), a graph without options")
            }
            #expect(reported == Self.lines(decoded), "\(context)")
            #expect(Self.lines(merged) == Self.lines(decoded), "\(context)")
            #expect(result.status == (decoded.isEmpty ? 0 : 1), "\(context)")
            if index == 1 { #expect(!decoded.isEmpty, "\(context): the broken document must have errors") }
        }
    }
}
