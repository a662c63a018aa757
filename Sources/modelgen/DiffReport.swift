import Foundation
import ModelMapper
import ModelgenCore

/// What `modelgen diff` prints: the changes not accepted, compiler-style or as JSON, with a
/// summary, and whether the command fails.
struct DiffReport {
    /// Each change, with the reason it is accepted, if it is.
    var changes: [(change: ModelChange, acceptedBecause: String?)]
    var failsOnWarnings: Bool

    /// The version of the JSON output's shape: members may be added within a version.
    static let formatVersion = 1

    init(changes: [ModelChange], accepted: AcceptFile?, failsOnWarnings: Bool) {
        self.changes = changes.map { ($0, accepted?.reason(for: $0)) }
        self.failsOnWarnings = failsOnWarnings
    }

    private var shown: [ModelChange] { changes.filter { $0.acceptedBecause == nil }.map(\.change) }

    /// Whether a change at the failing level is left once the accepted ones are out.
    var fails: Bool {
        shown.contains { $0.diagnostic.severity == .error || (failsOnWarnings && $0.diagnostic.severity == .warning) }
    }

    /// `error`, `warning` or `info`.
    static func level(_ change: ModelChange) -> String {
        change.diagnostic.severity == .note ? "info" : change.diagnostic.severity.rawValue
    }

    func text(old: String, new: String) -> String {
        var lines = shown.map { change in
            "\(change.diagnostic.location): \(Self.level(change)): \(change.diagnostic.message)"
                + (change.oldLocation.map { " (was at \($0))" } ?? "")
        }
        lines.append("modelgen diff: \(summary) (\(old) -> \(new))")
        return lines.joined(separator: "\n") + "\n"
    }

    private var summary: String {
        func count(_ number: Int, _ word: String) -> String {
            "\(number) \(word)\(number == 1 || word == "info" ? "" : "s")"
        }
        let levels = shown.map(Self.level)
        let accepted = changes.count - shown.count
        return [
            count(levels.filter { $0 == "error" }.count, "error"),
            count(levels.filter { $0 == "warning" }.count, "warning"),
            count(levels.filter { $0 == "info" }.count, "info"),
        ]
        .joined(separator: ", ") + (accepted > 0 ? "; \(accepted) accepted" : "")
    }

    func json(old: String, new: String) -> String {
        var root = JSONObject()
        root["formatVersion"] = .integer(Self.formatVersion)
        root["old"] = .string(old)
        root["new"] = .string(new)
        root["changes"] = .array(JSONArray(changes.map { Self.entry($0.change, acceptedBecause: $0.acceptedBecause) }))
        var summary = JSONObject()
        let levels = shown.map(Self.level)
        for level in ["error", "warning", "info"] { summary[level] = .integer(levels.filter { $0 == level }.count) }
        summary["accepted"] = .integer(changes.count - shown.count)
        summary["fails"] = .bool(fails)
        root["summary"] = .object(summary)
        return JSONValue.object(root).jsonText(options: [.prettyPrinted, .withoutEscapingSlashes]) + "\n"
    }

    private static func entry(_ change: ModelChange, acceptedBecause: String?) -> JSONValue {
        var entry = JSONObject()
        entry["rule"] = .string(DiffRule.all.first { $0.code == change.diagnostic.code }?.name ?? "")
        entry["code"] = .string(change.diagnostic.code.rawValue)
        entry["direction"] = .string(change.direction.rawValue)
        entry["level"] = .string(level(change))
        entry["subject"] = .string(ChangeMessage.subject(of: change))
        entry["message"] = .string(ChangeMessage.reason(of: change))
        // A change to something the new model no longer has is located in the old file alone.
        entry["new"] =
            change.diagnostic.location == change.oldLocation ? Optional.none : location(change.diagnostic.location)
        entry["old"] = change.oldLocation.map(location)
        entry["accepted"] = acceptedBecause.map(JSONValue.string)
        return .object(entry)
    }

    private static func location(_ location: SourceLocation) -> JSONValue {
        var object = JSONObject()
        object["file"] = .string(location.file)
        object["line"] = .integer(location.line)
        object["column"] = .integer(location.column)
        return .object(object)
    }
}
