import Foundation

/// The string operators of predicates: folding for `[c]` and `[d]`, `LIKE`'s wildcards in time
/// linear in the text, and `MATCHES` bounded in pattern length and in time.
enum StringMatching {
    /// The longest `MATCHES` pattern run, in UTF-16 units.
    static let maximumPatternLength = 1_000

    /// `text` folded as `options` ask: `[c]` case, `[d]` diacritics (`é` is `e`).
    static func fold(_ text: String, _ options: PredicateSyntax.Comparison.Options) -> String {
        guard !options.isEmpty else { return text }
        var folding: String.CompareOptions = []
        if options.contains(.caseInsensitive) { folding.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { folding.insert(.diacriticInsensitive) }
        return text.folding(options: folding, locale: nil)
    }

    /// Whether `text` matches a `LIKE` pattern: `*` any run of characters, `?` one character.
    ///
    /// The pattern is split at its `*`s; the first piece must start the text, the last end it,
    /// and each piece between is found at its leftmost place after the one before (taking it
    /// there never loses a match). Each piece is found with bit-parallel matching (shift-and,
    /// `?` matching any character), so the time is the text's length times the piece's length
    /// in 64-bit words: linear for any piece of up to 64 characters.
    static func like(_ text: String, pattern: String) -> Bool {
        let text = Array(text)
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(Array.init)
        guard let first = pieces.first, let last = pieces.last else { return text.isEmpty }
        if pieces.count == 1 { return text.count == first.count && matches(first, text, at: 0) }
        guard text.count >= first.count + last.count, matches(first, text, at: 0),
            matches(last, text, at: text.count - last.count)
        else { return false }
        var position = first.count
        let end = text.count - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = find(piece, in: text, from: position, to: end) else { return false }
            position = found + piece.count
        }
        return true
    }

    /// Whether `piece` (with `?` wildcards) matches `text` at `start`.
    private static func matches(_ piece: [Character], _ text: [Character], at start: Int) -> Bool {
        guard start >= 0, start + piece.count <= text.count else { return false }
        for (offset, character) in piece.enumerated() where character != "?" && text[start + offset] != character {
            return false
        }
        return true
    }

    /// The leftmost place in `text[from..<to]` where `piece` matches whole.
    private static func find(_ piece: [Character], in text: [Character], from: Int, to end: Int) -> Int? {
        let length = piece.count
        guard length > 0, end - from >= length else { return length == 0 ? from : nil }
        let words = (length + 63) / 64
        // For each character, the positions of the piece it may stand at; `?` stands for any.
        var wildcard = [UInt64](repeating: 0, count: words)
        for (position, character) in piece.enumerated() where character == "?" {
            wildcard[position / 64] |= 1 << UInt64(position % 64)
        }
        var masks: [Character: [UInt64]] = [:]
        for (position, character) in piece.enumerated() where character != "?" {
            masks[character, default: wildcard][position / 64] |= 1 << UInt64(position % 64)
        }
        let topWord = (length - 1) / 64
        let topBit: UInt64 = 1 << UInt64((length - 1) % 64)
        var state = [UInt64](repeating: 0, count: words)
        for index in from..<end {
            let mask = masks[text[index]] ?? wildcard
            // state = ((state << 1) | 1) & mask, over the words.
            var carry: UInt64 = 1
            for word in 0..<words {
                let next = state[word] >> 63
                state[word] = ((state[word] << 1) | carry) & mask[word]
                carry = next
            }
            if state[topWord] & topBit != 0 { return index - length + 1 }
        }
        return nil
    }

    /// Compiled `MATCHES` patterns, by pattern and options, for one evaluation run.
    final class RegexCache {
        private var compiled: [String: NSRegularExpression] = [:]

        func regex(for pattern: String, caseInsensitive: Bool) throws(PredicateEvaluationError) -> NSRegularExpression {
            let key = (caseInsensitive ? "i:" : "s:") + pattern
            if let regex = compiled[key] { return regex }
            guard pattern.utf16.count <= StringMatching.maximumPatternLength else {
                throw PredicateEvaluationError(
                    .invalidPattern(
                        String(pattern.prefix(40)) + "…",
                        detail: "longer than \(StringMatching.maximumPatternLength) characters"
                    )
                )
            }
            do {
                // Whole-string matching, as MATCHES means: anchored at the start, and `\z` at the end.
                let regex = try NSRegularExpression(
                    pattern: "(?:" + pattern + ")\\z",
                    options: caseInsensitive ? [.caseInsensitive] : []
                )
                compiled[key] = regex
                return regex
            } catch {
                throw PredicateEvaluationError(.invalidPattern(pattern, detail: "not a regular expression"))
            }
        }
    }

    /// Whether the whole of `text` matches `regex`, giving up with an error once `timeLimit`
    /// has passed (a pattern such as `(a+)+b` takes time exponential in the text).
    static func matches(
        _ text: String,
        _ regex: NSRegularExpression,
        pattern: String,
        timeLimit: Duration
    ) throws(PredicateEvaluationError) -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        var matched = false
        var timedOut = false
        let range = NSRange(location: 0, length: (text as NSString).length)
        regex.enumerateMatches(in: text, options: [.anchored, .reportProgress], range: range) { result, _, stop in
            if let result {
                matched = result.range.location == 0 && result.range.length == range.length
                stop.pointee = true
            } else if clock.now - start > timeLimit {
                timedOut = true
                stop.pointee = true
            }
        }
        if timedOut { throw PredicateEvaluationError(.matchTimeLimitExceeded(pattern)) }
        return matched
    }
}
