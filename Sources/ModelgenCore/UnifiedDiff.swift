/// A unified diff of two texts, line by line, for `modelgen generate --check`.
///
/// ```swift
/// print(UnifiedDiff.make(old: "a\nb\n", new: "a\nc\n", path: "_Author.swift"))
/// // --- _Author.swift (on disk)
/// // +++ _Author.swift (generated)
/// // @@ -2 +2 @@
/// // -b
/// // +c
/// ```
public enum UnifiedDiff {
    /// The diff from `old` to `new`; empty when they are the same.
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Common prefix and suffix first: generated files usually differ in a few lines.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)])
        let newMiddle = Array(b[prefix..<(b.count - suffix)])
        guard !oldMiddle.isEmpty || !newMiddle.isEmpty else { return "" }

        var lines = ["--- \(path) (on disk)", "+++ \(path) (generated)"]
        let start = max(0, prefix - context)
        let oldEnd = min(a.count, a.count - suffix + context)
        let newEnd = min(b.count, b.count - suffix + context)
        lines.append("@@ -\(range(start, oldEnd)) +\(range(start, newEnd)) @@")
        for line in a[start..<prefix] { lines.append(" " + line) }
        for operation in operations(oldMiddle, newMiddle) { lines.append(operation) }
        for line in a[(a.count - suffix)..<oldEnd] { lines.append(" " + line) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func range(_ start: Int, _ end: Int) -> String {
        let count = end - start
        return count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// The middle's lines as kept, removed and added lines (longest common subsequence; the
    /// middle is small after the common prefix and suffix are taken off, and is bounded so a
    /// rewrite of a huge file costs no more than listing both sides).
    private static func operations(_ a: [String], _ b: [String]) -> [String] {
        guard a.count * b.count <= 4_000_000 else {
            return a.map { "-" + $0 } + b.map { "+" + $0 }
        }
        var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(" " + a[i])
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                result.append("-" + a[i])
                i += 1
            } else {
                result.append("+" + b[j])
                j += 1
            }
        }
        return result
    }
}
