/// The words of a Swift type name as a model file's `customClassName` writes it (`[String:
/// [Int]]`, `Swift.Array<Int64>`, `Double?`): what ``JSONShape`` reads the JSON a
/// Transformable holds from, and what the class generator reads the Swift type it declares from.
package struct TypeNameScanner {
    /// How deeply a type name may nest: names are short, and a hostile one (`[[[[…`, in a model
    /// file) must not exhaust a reader's stack.
    package static let maximumDepth = 32

    let text: [Unicode.Scalar]
    var position = 0

    package init(text: [Unicode.Scalar]) { self.text = text }

    /// Whether only spaces are left.
    package var atEnd: Bool {
        mutating get {
            skipSpaces()
            return position == text.count
        }
    }

    /// Takes `scalar`, after spaces, if it comes next.
    package mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard position < text.count, text[position] == scalar else { return false }
        position += 1
        return true
    }

    /// The name that comes next (letters, digits, `_` and `.`), without a `Swift.` or
    /// `Foundation.` module prefix; nil when none does.
    package mutating func typeName() -> String? {
        skipSpaces()
        var name = ""
        while position < text.count,
            text[position] == "_" || text[position] == "." || text[position].properties.isAlphabetic
                || ("0"..."9").contains(text[position])
        {
            name.unicodeScalars.append(text[position])
            position += 1
        }
        if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
        if name.hasPrefix("Foundation.") { name.removeFirst("Foundation.".count) }
        return name.isEmpty ? nil : name
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == " " { position += 1 }
    }
}
