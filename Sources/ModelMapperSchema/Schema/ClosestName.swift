/// The name among those a model has that a mistyped one most likely meant: one place for the
/// "did you mean" of the decoder's and the objects' errors, the model loader's diagnostics and
/// `modelgen`'s messages, so that they all suggest alike.
///
/// A name is suggested when it differs by case alone, or within an edit distance (insertions,
/// deletions, substitutions, swaps of neighbours) of a third of the name's length, at least
/// one and at most three (names under three characters: case alone); the nearest wins, then
/// the first given.
package enum ClosestName {
    /// The nearest of `candidates` to `name`, or nil when none is near enough: within a third
    /// of the name's length, and at most `maximumDistance` edits.
    ///
    /// For example, `ClosestName.to("Ordr", among: ["Order", "Customer"])` is `"Order"`.
    package static func to(
        _ name: String,
        among candidates: some Sequence<String>,
        maximumDistance: Int = 3
    ) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        // A name of one or two characters is too short to guess from: case alone.
        let limit = target.count < 3 ? 0 : min(maximumDistance, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            // Cheap bound first: the lengths alone say the distance is at least their difference.
            guard abs(scalars.count - target.count) <= limit else { continue }
            let distance = editDistance(target, scalars, limit: limit)
            guard distance <= limit, distance < (best?.distance ?? .max) else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// "; did you mean 'X'?" for `name` among `candidates`, or "" when none is near: for the end
    /// of a message.
    package static func suggestion(for name: String, among candidates: some Sequence<String>) -> String {
        to(name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal string alignment distance, giving up (returning `limit + 1`) once every
    /// alignment of a row passes `limit`: linear in the lengths for a bounded limit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            guard rowMinimum <= limit else { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
