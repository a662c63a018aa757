import Foundation
import ModelMapper

/// The changes a team accepts on purpose, each with a reason: what `modelgen diff --accept`
/// reads and ``/ModelgenCore/ModelMapperSchema/ObjectModel/changes(since:accepting:)`` leaves out.
///
/// ```json
/// {
///   "formatVersion": 1,
///   "accepted": [
///     {"rule": "key-moved", "subject": "Author.lastName", "direction": "write",
///      "reason": "every reader moved to version 3 in March"}
///   ]
/// }
/// ```
///
/// `rule` is a rule's name or code (`key-moved`, `MM812`), `subject` what the change names
/// (`Author` or `Author.lastName`), `direction` one of `read`, `write`, `source`, `migration`
/// (every direction when left out), and `reason` says why, never empty.
package struct AcceptFile: Sendable {
    package struct Entry: Sendable, Hashable {
        package var rule: String
        package var subject: String
        package var direction: ModelChange.Direction?
        package var reason: String
    }

    package let entries: [Entry]

    /// The format version this reads.
    package static let formatVersion = 1

    /// Reads an accept file.
    ///
    /// - Throws: ``AcceptFileError`` for text that is not an accept file, saying which entry
    ///   and what is wrong.
    package init(_ data: Data) throws {
        guard case .object(let root) = try? JSONValue.parse(data) else {
            throw AcceptFileError("an accept file is a JSON object with \"formatVersion\" and \"accepted\"")
        }
        guard case .number(let version)? = root["formatVersion"], Int(version) == Self.formatVersion else {
            throw AcceptFileError("\"formatVersion\" must be \(Self.formatVersion)")
        }
        guard case .array(let list)? = root["accepted"] else {
            throw AcceptFileError("\"accepted\" must be an array of changes")
        }
        let rules = Set(DiffRule.all.flatMap { [$0.name, $0.code.rawValue] })
        entries = try list.elements.enumerated()
            .map { index, element throws in
                guard case .object(let entry) = element, case .string(let rule)? = entry["rule"],
                    case .string(let subject)? = entry["subject"], case .string(let reason)? = entry["reason"]
                else {
                    throw AcceptFileError(
                        "accepted[\(index)] needs \"rule\", \"subject\" and \"reason\", each a string"
                    )
                }
                guard rules.contains(rule) else {
                    throw AcceptFileError(
                        "accepted[\(index)]: no rule '\(rule)'"
                            + ClosestName.suggestion(for: rule, among: DiffRule.all.map(\.name))
                    )
                }
                guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw AcceptFileError("accepted[\(index)]: \"reason\" says why the change is accepted; it is empty")
                }
                var direction: ModelChange.Direction?
                if let value = entry["direction"] {
                    guard case .string(let name) = value, let parsed = ModelChange.Direction(rawValue: name) else {
                        throw AcceptFileError(
                            "accepted[\(index)]: \"direction\" is one of read, write, source, migration"
                        )
                    }
                    direction = parsed
                }
                return Entry(rule: rule, subject: subject, direction: direction, reason: reason)
            }
    }

    /// The reason `change` is accepted, or nil when no entry lists it.
    package func reason(for change: ModelChange) -> String? {
        entry(for: change)?.reason
    }

    package func entry(for change: ModelChange) -> Entry? {
        let rule = DiffRule.all.first { $0.code == change.diagnostic.code }
        let subject = ChangeMessage.subject(of: change)
        return entries.first { entry in
            (entry.rule == rule?.name || entry.rule == change.diagnostic.code.rawValue) && entry.subject == subject
                && (entry.direction == nil || entry.direction == change.direction)
        }
    }
}
