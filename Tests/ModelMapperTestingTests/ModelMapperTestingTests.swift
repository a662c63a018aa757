import Foundation
import ModelMapper
import ModelMapperTesting
import TestModels
import TestSupport
import Testing

/// ModelMapperTesting: path-level differences between JSON documents, round trips of fixtures
/// (with recording), and what the Swift Testing expectations record.
@Suite("ModelMapperTesting: round-trip fixtures, differences by path")
struct ModelMapperTestingTests {
    static func differences(
        _ expected: String,
        _ found: String,
        _ normalizations: JSONComparison.Normalizations = []
    ) throws -> [String] {
        try JSONComparison.differences(
            expected: JSONValue.parse(Data(expected.utf8)),
            found: JSONValue.parse(Data(found.utf8)),
            normalizations: normalizations
        )
        .map(\.description)
    }

    @Test("each kind of difference, said at its path")
    func kinds() throws {
        #expect(
            try Self.differences(
                #"{"authors":[{"id":1},{"books":[{"year":1876,"title":"Tom"}]}]}"#,
                #"{"authors":[{"id":1},{"books":[{"year":"1876","title":"Tom"}]}]}"#
            )
                == [#"$.authors[1].books[0].year: expected 1876, found "1876""#]
        )
        #expect(
            try Self.differences(#"{"a":1,"b":[1,2,3],"c":{"d":null}}"#, #"{"a":1,"b":[1,5],"c":{"d":null,"e":true}}"#)
                == [
                    "$.b[1]: expected 2, found 5", "$.b[2]: expected 3, found nothing",
                    "$.c.e: expected nothing, found true",
                ]
        )
        #expect(
            try Self.differences(#"{"a":1,"b":2,"c":3}"#, #"{"b":2,"a":1}"#)
                == ["$: expected the keys in the order a, b, found b, a", "$.c: expected 3, found nothing"]
        )
        #expect(
            try Self.differences(#"[1]"#, #"[1,{"x":"a very long value"}]"#) == [
                #"$[1]: expected nothing, found {"x":"a very long value"}"#
            ]
        )
        #expect(try Self.differences(#"{"odd key":1}"#, #"{"odd key":2}"#) == [#"$["odd key"]: expected 1, found 2"#])
        #expect(try Self.differences(#"{"a":[1,2],"b":"x"}"#, #"{"a":[1,2],"b":"x"}"#).isEmpty)
    }

    @Test("normalizations, each off by default: numbers by value, key order, absent as null")
    func normalizations() throws {
        #expect(
            try Self.differences("[1.0, 2e1]", "[1, 20]") == [
                "$[0]: expected 1.0, found 1", "$[1]: expected 2e1, found 20",
            ]
        )
        #expect(try Self.differences("[1.0, 2e1]", "[1, 20]", .numbersByValue).isEmpty)
        #expect(try Self.differences("[1.5]", "[1.50001]", .numbersByValue) == ["$[0]: expected 1.5, found 1.50001"])
        #expect(try Self.differences(#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#, .keyOrderIgnored).isEmpty)
        #expect(try Self.differences(#"{"a":null,"b":2}"#, #"{"b":2}"#, [.absentEqualsNull, .keyOrderIgnored]).isEmpty)
        #expect(try Self.differences(#"{"b":2}"#, #"{"b":2,"a":null}"#, .absentEqualsNull).isEmpty)
        // A null against a value is still a difference.
        #expect(try Self.differences(#"{"a":null}"#, #"{"a":0}"#, .all) == ["$.a: expected null, found 0"])
    }

    @Test("deep documents compare without recursion; the list stops at its limit")
    func depthAndLimit() throws {
        let depth = 200_000
        let found = JSONComparison.differences(
            expected: DeepJSONValue.make(depth: depth, leaf: "a"),
            found: DeepJSONValue.make(depth: depth, leaf: "b")
        )
        #expect(found.map(\.kind) == [.value(expected: "a", found: "b")])
        #expect(found.first?.path.components.count == depth)
        let many = JSONValue.array(JSONArray((0..<500).map { JSONValue.integer($0) }))
        #expect(JSONComparison.differences(expected: many, found: [], limit: 10).count == 10)
    }

    @Test("a fixture's round trip: faithful, then a deliberate change reported by path")
    func roundTrip() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let fixture = TestPaths.fixtures.appendingPathComponent("Authors/authors-v3.json")
        let roundTrip = RoundTrip(model: model, entity: "Author", at: "authors")
        #expect(try roundTrip.check(fixture: fixture).isFaithful)

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let expected = try folder.write(
            text.replacingOccurrences(of: #""year": 1876"#, with: #""year": 1877"#),
            to: "authors-expected.json"
        )
        let report = try roundTrip.check(fixture: fixture, expected: expected)
        #expect(report.differences.map(\.description) == ["$.authors[0].books[0].year: expected 1877, found 1876"])
        #expect(
            report.description
                == "authors-v3.json: 1 difference after a round trip through Author:\n  $.authors[0].books[0].year: expected 1877, found 1876"
        )
    }

    @Test("recording: a missing expected file is an error that says how to record it; recording writes it")
    func recording() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let fixture = TestPaths.fixtures.appendingPathComponent("Authors/authors-v3.json")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let expected = folder.url.appendingPathComponent("authors.expected.json")
        var roundTrip = RoundTrip(model: model, entity: "Author", at: "authors")
        roundTrip.isRecording = false
        #expect {
            try roundTrip.check(fixture: fixture, expected: expected)
        } throws: { error in
            "\(error)"
                .hasSuffix(
                    "no such file; run with MODELMAPPER_RECORD_FIXTURES=1 to record what the round trip gives"
                )
        }
        roundTrip.isRecording = true
        let recorded = try roundTrip.check(fixture: fixture, expected: expected)
        #expect(recorded.recordedFile == expected)
        roundTrip.isRecording = false
        #expect(try roundTrip.check(fixture: fixture, expected: expected).isFaithful)
        // What was recorded is the round trip's output, at the key path of the fixture's document.
        let written = try JSONValue.parse(Data(contentsOf: expected))
        #expect(try written["authors"] == roundTrip.output(decoding: Data(contentsOf: fixture)))
    }

    @Test("expectRoundTrip records one issue listing each difference")
    func swiftTestingExpectation() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let fixture = TestPaths.fixtures.appendingPathComponent("Authors/authors-v3.json")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let expected = try folder.write(
            text.replacingOccurrences(of: #""lastName": "Twain""#, with: #""lastName": "Clemens""#),
            to: "expected.json"
        )
        withKnownIssue {
            expectRoundTrip(of: fixture, through: model, entity: "Author", at: "authors", expected: expected)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(#"$.authors[0].lastName: expected "Clemens", found "Twain""#)
            }
        }
        withKnownIssue {
            expectRoundTrip(of: fixture, through: model, entity: "Writer", at: "authors")
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "authors-v3.json: the model has no entity 'Writer'" }
        }
        // Each difference at its file, line and column, as modelgen prints it.
        withKnownIssue {
            expectRoundTrip(of: fixture, through: model, entity: "Author", at: "authors", expected: expected)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("\n  \(fixture.path):")
                    && $0.rawValue.contains(": error: round trip: $.authors[0].lastName")
            }
        }
    }

    @Test("expectRoundTrip reports every error of a fixture that does not decode, each where it is")
    func everyErrorLocated() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write(
            "{\"authors\": [\n  {\"authorID\": \"one\", \"lastName\": \"A\"},\n  {\"authorID\": 2, \"lastName\": 7}\n]}",
            to: "broken.json"
        )
        withKnownIssue {
            expectRoundTrip(of: broken, through: model, entity: "Author", at: "authors")
        } matching: { issue in
            issue.comments.contains { comment in
                let lines = comment.rawValue.split(separator: "\n")
                return lines.first == "broken.json: 2 errors decoding it through Author:"
                    && lines.dropFirst().allSatisfy { $0.hasPrefix("  \(broken.path):") && $0.contains(": error: ") }
                    && lines.contains { $0.hasPrefix("  \(broken.path):2:") }
                    && lines.contains { $0.hasPrefix("  \(broken.path):3:") }
            }
        }
    }
}
