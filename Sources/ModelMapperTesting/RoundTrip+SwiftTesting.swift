#if canImport(Testing)
import Foundation
import ModelMapper
import Testing

/// Expects a fixture to survive a round trip through a model: decoded and encoded back with
/// the app's options (the coders' defaults unless given; see `RoundTrip`), and compared with
/// `expected` (by default the fixture itself). A difference is recorded as an issue listing each
/// place, one line each (`$.authors[1].books[0].year: expected 1876, found "1876"`); an error (a
/// fixture that does not decode) is recorded with its message.
///
/// For example, in a test:
///
/// ```swift
/// @Test func authorsSurviveARoundTrip() throws {
///     let model = try ObjectModel(contentsOf: modelURL)
///     expectRoundTrip(of: fixtureURL, through: model, entity: "Author", at: "authors")
/// }
/// ```
///
/// `MODELMAPPER_RECORD_FIXTURES=1 swift test` writes what the round trip gives as the expected
/// file instead, and records an issue saying so, so that the change is reviewed.
public func expectRoundTrip(
    of fixture: URL,
    through model: ObjectModel,
    entity: String,
    at keyPath: String? = nil,
    expected: URL? = nil,
    normalizations: JSONComparison.Normalizations = [],
    decoderOptions: ModelDecoder.Options = ModelDecoder.Options(),
    encoderOptions: ModelEncoder.Options = ModelEncoder.Options(),
    keepingSourceSpellings: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
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
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Expects two object graphs to hold the same values, recording each difference by its path
/// (`$.books[0].title: expected "Tom Sawyer", found "Tom"`).
public func expectEqualGraphs(
    _ expected: ModelObject,
    _ found: ModelObject,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let differences = GraphComparison.differences(expected: expected, found: found)
    guard !differences.isEmpty else { return }
    Issue.record(
        Comment(rawValue: "the graphs differ:\n" + differences.map { "  \($0)" }.joined(separator: "\n")),
        sourceLocation: sourceLocation
    )
}
#endif
