import Foundation
import Testing
import TestSupport

@testable import ModelMapper

/// The lenient syntax: comments and trailing commas, opt-in; strict by default; errors located
/// in the text as written.
@Suite("Decoding: lenient syntax (comments, trailing commas)")
struct LenientSyntaxTests {
    let model: ObjectModel
    let photo: EntityDescription
    init() throws {
        model = try ObjectModel(xml: FaithfulMergeTests.xml)
        photo = try #require(model.entitiesByName["Photo"])
    }

    var lenient: ModelDecoder {
        var options = ModelDecoder.Options()
        options.syntax = .lenient
        return ModelDecoder(model: model, options: options)
    }

    static let fixture = """
        // photos, by hand
        [
          {"photoID": "1", "title": "Alps // not a comment", /* a comment */ "tags": [{"name": "snow"},],},
          {"photoID": "2", "title": "/* nor this */ \\"quoted,]\\"",},
        ]
        """

    @Test("Comments and trailing commas are read under .lenient, refused by default with their place")
    func lenientAndStrict() throws {
        let objects = try lenient.decodeObjects(of: photo, from: Data(Self.fixture.utf8))
        #expect(
            objects.compactMap { $0.value(forKey: "title") as? String } == [
                "Alps // not a comment", #"/* nor this */ "quoted,]""#,
            ]
        )
        #expect((objects[0].value(forKey: "tags") as? [ModelObject])?.count == 1)
        let error = try #require(throws: MappingError.self) {
            try ModelDecoder(model: model).decodeObjects(of: photo, from: Data(Self.fixture.utf8))
        }
        #expect(error.code == .invalidJSON && error.context.line == 1)
        // The graph reads it too.
        var decoding = ObjectGraph.Options().decoding
        decoding.syntax = .lenient
        let graph = ObjectGraph(model: model, options: ObjectGraph.Options(decoding: decoding))
        let json = #"{"photos": [{"photoID": "1", "title": "A",}, /* end */],}"#
        try graph.merge(Data(json.utf8), entity: "Photo", at: "photos")
        #expect(graph.count == 1)
    }

    @Test("What stays an error: a comma after no value, an unending comment, errors after comments keep their line")
    func stillErrors() throws {
        for json in ["[,]", "{,}", "[1,,]", #"[{"photoID": "1",, "title": "x"}]"#, #"[{"photoID":, "title": "x"}]"#] {
            #expect(throws: MappingError.self, "\(json)") {
                try lenient.decodeObjects(of: photo, from: Data(json.utf8))
            }
        }
        let open = try #require(throws: MappingError.self) {
            try lenient.decodeObjects(of: photo, from: Data("[\n  /* never ends\n]".utf8))
        }
        #expect(open.context.line == 2 && open.context.column == 3)
        let later = try #require(throws: MappingError.self) {
            try lenient.decodeObjects(
                of: photo,
                from: Data("/* one\n two */\n[{\"photoID\": \"1\", \"title\": tru}]".utf8)
            )
        }
        #expect(later.context.line == 3)
        // The streaming readers read strict JSON only, and say so.
        #expect(throws: MappingError.self) {
            _ = try lenient.forEachObject(of: photo, readingFrom: FileHandle.nullDevice) { _ in }
        }
    }

    @Test(
        "Every valid document of the JSON test suite is left as it is",
        .enabled(if: TestPaths.jsonTestSuiteIsPresent, Comment(rawValue: TestPaths.jsonTestSuiteMissingMessage))
    )
    func validDocumentsUnchanged() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.jsonTestSuite.path)
            .filter { $0.hasPrefix("y_") }
        #expect(files.count > 90)
        for file in files {
            let data = try Data(contentsOf: TestPaths.jsonTestSuite.appendingPathComponent(file))
            #expect(try LenientSyntax.blanked(data) == data, "\(file)")
        }
    }
}
