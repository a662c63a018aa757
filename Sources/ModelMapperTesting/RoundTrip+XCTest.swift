#if canImport(XCTest)
import Foundation
import ModelMapper
import XCTest

/// XCTest's ``expectRoundTrip(of:through:entity:at:expected:normalizations:decoderOptions:encoderOptions:keepingSourceSpellings:sourceLocation:)``:
/// fails with each difference by its path.
///
/// For example:
///
/// ```swift
/// func testAuthorsSurviveARoundTrip() throws {
///     let model = try ObjectModel(contentsOf: modelURL)
///     XCTAssertRoundTrip(of: fixtureURL, through: model, entity: "Author", at: "authors")
/// }
/// ```
public func XCTAssertRoundTrip(
    of fixture: URL,
    through model: ObjectModel,
    entity: String,
    at keyPath: String? = nil,
    expected: URL? = nil,
    normalizations: JSONComparison.Normalizations = [],
    decoderOptions: ModelDecoder.Options = ModelDecoder.Options(),
    encoderOptions: ModelEncoder.Options = ModelEncoder.Options(),
    keepingSourceSpellings: Bool = false,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let roundTrip = RoundTrip(
        model: model,
        entity: entity,
        at: keyPath,
        normalizations: normalizations,
        decoderOptions: decoderOptions,
        encoderOptions: encoderOptions,
        keepingSourceSpellings: keepingSourceSpellings
    )
    if let failure = roundTrip.failure(checking: fixture, expected: expected) {
        XCTFail(failure, file: file, line: line)
    }
}

/// XCTest's ``expectEqualGraphs(_:_:sourceLocation:)``.
public func XCTAssertEqualGraphs(
    _ expected: ModelObject,
    _ found: ModelObject,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let differences = GraphComparison.differences(expected: expected, found: found)
    guard !differences.isEmpty else { return }
    XCTFail("the graphs differ:\n" + differences.map { "  \($0)" }.joined(separator: "\n"), file: file, line: line)
}
#endif
