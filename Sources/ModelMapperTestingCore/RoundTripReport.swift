import Foundation
import ModelMapper

/// What a round trip of a fixture gave.
public struct RoundTripReport: Sendable, CustomStringConvertible {
    /// The fixture's file (for a fixture given as data, a name standing for it).
    public var fixture: URL
    /// The entity the fixture was decoded as.
    public var entity: String
    /// Where the output differs from what was expected, in document order.
    public var differences: [JSONDifference]
    /// The file written in recording mode, if any.
    public var recordedFile: URL?

    /// Whether the round trip gave what was expected.
    public var isFaithful: Bool { differences.isEmpty }

    /// `authors.json: 2 differences after a round trip through Author:` and one line each.
    public var description: String {
        var text = "\(fixture.lastPathComponent): "
        if let recordedFile {
            text += "recorded the round trip through \(entity) in \(recordedFile.path)"
            if !differences.isEmpty {
                text += " (\(differences.count) difference\(differences.count == 1 ? "" : "s") before)"
            }
            return text
        }
        guard !differences.isEmpty else { return text + "the round trip through \(entity) gives the same JSON" }
        text +=
            "\(differences.count) difference\(differences.count == 1 ? "" : "s") after a round trip through \(entity):"
        for difference in differences { text += "\n  \(difference)" }
        return text
    }
}
