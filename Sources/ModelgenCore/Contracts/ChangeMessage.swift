/// The sentence of a ``ModelChange``: `[direction] rule: subject: why`. Written and read here
/// alone, so that the accept file and the JSON output find the subject and the reason in the
/// form the differ wrote them.
package enum ChangeMessage {
    /// The message of a change found by `rule` in `direction` about `subject`.
    static func make(_ direction: ModelChange.Direction, _ rule: DiffRule, _ subject: String, _ why: String) -> String {
        "[\(direction.rawValue)] \(rule.name): \(subject): \(why)"
    }

    /// What a change names: `Author` or `Author.lastName`.
    package static func subject(of change: ModelChange) -> String {
        part(1, of: change)
    }

    /// Why it breaks what it breaks, in one sentence.
    package static func reason(of change: ModelChange) -> String {
        part(2, of: change)
    }

    private static func part(_ index: Int, of change: ModelChange) -> String {
        let parts = change.diagnostic.message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        return parts.count > index ? parts[index].trimmingCharacters(in: .whitespaces) : ""
    }
}
