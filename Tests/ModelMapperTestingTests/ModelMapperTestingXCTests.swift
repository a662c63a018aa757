import Foundation
import ModelMapper
import ModelMapperTesting
import TestModels
import TestSupport
import XCTest

/// ModelMapperTesting's XCTest assertions: they pass on a faithful fixture, and fail with the
/// differences by path (failures are caught here by overriding `recordFailure`, so that the
/// failing case can be asserted on).
final class ModelMapperTestingXCTests: XCTestCase {
    private var failures: [String] = []
    private var capturesFailures = false

    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        guard capturesFailures else {
            return super
                .recordFailure(
                    withDescription: description,
                    inFile: filePath,
                    atLine: lineNumber,
                    expected: expected
                )
        }
        failures.append(description)
    }

    func testRoundTripAssertion() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let fixture = TestPaths.fixtures.appendingPathComponent("Authors/authors-v3.json")
        XCTAssertRoundTrip(of: fixture, through: model, entity: "Author", at: "authors")

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = try String(contentsOf: fixture, encoding: .utf8)
        let expected = try folder.write(
            text.replacingOccurrences(of: #""year": 1876"#, with: #""year": 1877"#),
            to: "e.json"
        )
        capturesFailures = true
        XCTAssertRoundTrip(of: fixture, through: model, entity: "Author", at: "authors", expected: expected)
        capturesFailures = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.contains("$.authors[0].books[0].year: expected 1877, found 1876") ?? false,
            "\(failures)"
        )
    }

    func testGraphAssertion() throws {
        let model = try AuthorsModelLoader.load(version: "Authors 3")
        let data = try TestPaths.fixture("Authors/authors-v3.json")
        let entity = try XCTUnwrap(model.entitiesByName["Author"])
        let decoder = ModelDecoder(model: model)
        let first = try decoder.decodeObjects(of: entity, from: data, at: "authors")[0]
        let second = try decoder.decodeObjects(of: entity, from: data, at: "authors")[0]
        XCTAssertEqualGraphs(first, second)
        try second.setValue("Clemens", forKey: "lastName")
        capturesFailures = true
        XCTAssertEqualGraphs(first, second)
        capturesFailures = false
        // XCTFail prefixes "failed - ".
        XCTAssertEqual(
            failures,
            [#"failed - the graphs differ:"# + "\n" + #"  $.lastName: expected "Twain", found "Clemens""#]
        )
    }
}
