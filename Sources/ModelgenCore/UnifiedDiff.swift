/// A unified diff of two texts, line by line, in the form `git apply` and `patch -p1` accept:
/// `a/` and `b/` headers (`/dev/null` for a file that is created or deleted) and hunks with
/// three lines of context. The lines that changed come from the standard library's
/// `CollectionDifference`.
///
/// For example:
///
/// ```swift
/// print(UnifiedDiff.make(old: "a\nb\n", new: "a\nc\n", path: "Sources/_Author.swift"))
/// // --- a/Sources/_Author.swift
/// // +++ b/Sources/_Author.swift
/// // @@ -1,2 +1,2 @@
/// //  a
/// // -b
/// // +c
/// ```
package enum UnifiedDiff {
    /// The diff from `old` to `new` of the file at `path` (relative to where the diff is
    /// applied); empty when they are the same. A nil `old` is a new file, a nil `new` a deleted one.
    package static func make(old: String?, new: String?, path: String, context: Int = 3) -> String {
        let (a, aEndsWithNewline) = lines(of: old ?? "")
        let (b, bEndsWithNewline) = lines(of: new ?? "")
        guard old != new else { return "" }

        // Mark what CollectionDifference says was removed from `a` and inserted into `b`.
        var removed = Array(repeating: false, count: a.count)
        var inserted = Array(repeating: false, count: b.count)
        for change in b.difference(from: a) {
            switch change {
            case .remove(let offset, _, _): removed[offset] = true
            case .insert(let offset, _, _): inserted[offset] = true
            }
        }
        // A last line whose newline came or went changed too.
        if old != nil, new != nil, aEndsWithNewline != bEndsWithNewline, let lastA = a.indices.last,
            let lastB = b.indices.last,
            !removed[lastA], !inserted[lastB]
        {
            removed[lastA] = true
            inserted[lastB] = true
        }

        // The edit script: each line of either side once, in order.
        var script: [Line] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed[i] {
                script.append(Line(kind: .removed, text: a[i], oldIndex: i, newIndex: j))
                i += 1
            } else if j < b.count, inserted[j] {
                script.append(Line(kind: .added, text: b[j], oldIndex: i, newIndex: j))
                j += 1
            } else {
                script.append(Line(kind: .kept, text: a[i], oldIndex: i, newIndex: j))
                i += 1
                j += 1
            }
        }

        var output = [
            old == nil ? "--- /dev/null" : "--- a/\(path)",
            new == nil ? "+++ /dev/null" : "+++ b/\(path)",
        ]
        for hunk in hunks(of: script, context: context) {
            let lines = script[hunk]
            let oldCount = lines.filter { $0.kind != .added }.count
            let newCount = lines.filter { $0.kind != .removed }.count
            let first = script[hunk.lowerBound]
            // A range of no lines names the line before it (0 at the start of the file).
            let oldStart = oldCount == 0 ? first.oldIndex : first.oldIndex + 1
            let newStart = newCount == 0 ? first.newIndex : first.newIndex + 1
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            for line in lines {
                switch line.kind {
                case .kept: output.append(" " + line.text)
                case .removed: output.append("-" + line.text)
                case .added: output.append("+" + line.text)
                }
                let isLastOld = line.kind != .added && line.oldIndex == a.count - 1 && !aEndsWithNewline && old != nil
                let isLastNew = line.kind != .removed && line.newIndex == b.count - 1 && !bEndsWithNewline && new != nil
                if (line.kind == .removed && isLastOld) || (line.kind == .added && isLastNew)
                    || (line.kind == .kept && (isLastOld || isLastNew))
                {
                    output.append("\\ No newline at end of file")
                }
            }
        }
        return output.joined(separator: "\n") + "\n"
    }

    private struct Line {
        enum Kind { case kept, removed, added }
        var kind: Kind
        var text: String
        /// Where the line is (or would be) in the old and the new text.
        var oldIndex: Int
        var newIndex: Int
    }

    /// The ranges of the script to print: each change with `context` kept lines around it,
    /// changes closer than twice the context joined into one hunk.
    private static func hunks(of script: [Line], context: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for index in script.indices where script[index].kind != .kept {
            let start = max(0, index - context)
            let end = min(script.count, index + context + 1)
            if let last = result.last, start <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                result.append(start..<end)
            }
        }
        return result
    }

    /// The lines of a text, and whether its last line ends with a newline.
    private static func lines(of text: String) -> ([String], Bool) {
        guard !text.isEmpty else { return ([], true) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        return (lines, endsWithNewline)
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
