import Foundation

/// Finder's order of names, without a locale: runs of digits compare by their value, the rest
/// ignoring case and diacritics; names equal so compare by their characters.
enum LocalizedStandardOrder {
    static func compare(_ left: String, _ right: String) -> ComparisonResult {
        let a = pieces(of: left)
        let b = pieces(of: right)
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.number(let m), .number(let n)):
                // By value: fewer significant digits is smaller, then digit by digit.
                if m.count != n.count { return m.count < n.count ? .orderedAscending : .orderedDescending }
                if m != n { return m < n ? .orderedAscending : .orderedDescending }
            case (.number, .text): return .orderedAscending
            case (.text, .number): return .orderedDescending
            case (.text(let s), .text(let t)):
                let s = s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                let t = t.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                if s != t { return s < t ? .orderedAscending : .orderedDescending }
            }
        }
        if a.count != b.count { return a.count < b.count ? .orderedAscending : .orderedDescending }
        return left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
    }

    private enum Piece {
        /// Digits without leading zeros.
        case number(String)
        case text(String)
    }

    private static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let digits = current.drop { $0 == "0" }
                pieces.append(.number(String(digits)))
            } else {
                pieces.append(.text(current))
            }
            current = ""
        }
        for character in text {
            let isDigit = character.isASCII && character.isNumber
            if isDigit != inDigits {
                flush()
                inDigits = isDigit
            }
            current.append(character)
        }
        flush()
        return pieces
    }
}
