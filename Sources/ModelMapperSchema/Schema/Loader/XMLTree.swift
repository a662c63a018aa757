/// The elements of a parsed document in document order, with their attributes and text and
/// nothing else (no blank text, comments or libxml2 nodes): what the model builder reads.
///
/// Elements are numbered in the order their start tags come, which is the pre-order number
/// that `SourceLocator` turns into a line and column. Each field is an array of its own, so
/// that walking the structure touches no strings, and a constant, so that reading it needs no
/// exclusivity checks: `XMLTree.Builder` makes one from the parser's events.
final class XMLTree {
    /// Each element's name as written (`entity`, `x:note`).
    let names: [String]
    /// What each element is, when the loader reads such elements (prefixed ones are `.other`).
    let kinds: [ModelXMLElement]
    let attributes: [XMLAttributes]
    /// The first child and the next sibling of each element; -1 for none.
    let firstChild: [Int]
    let nextSibling: [Int]
    /// Text directly inside elements, by element; only elements with more than blanks have any.
    let texts: [Int: String]
    /// Element and attribute names one edit from a name of the model format (probably typos),
    /// in document order (see ``ModelVocabulary``).
    let nearMisses: [NearMiss]

    /// An unknown name close to a known one: an element's, or one of its attributes'.
    struct NearMiss {
        let element: Int
        /// The attribute's name; nil when the element's name is the near miss.
        let attribute: String?
        let name: String
        let suggestion: String
    }

    init(_ builder: borrowing Builder) {
        names = builder.names
        kinds = builder.kinds
        attributes = builder.attributes
        firstChild = builder.firstChild
        nextSibling = builder.nextSibling
        texts = builder.texts
        nearMisses = builder.nearMisses
    }

    /// The value of a known XML attribute of an element.
    func attribute(_ key: ModelXMLName, of element: Int) -> String? {
        attributes[element][key]
    }
}

extension XMLTree {
    /// Collects the tree from SAX events (a value, so that appending to its arrays needs no
    /// exclusivity check per array).
    struct Builder {
        fileprivate var names: [String] = []
        fileprivate var kinds: [ModelXMLElement] = []
        fileprivate var attributes: [XMLAttributes] = []
        fileprivate var firstChild: [Int] = []
        fileprivate var nextSibling: [Int] = []
        private var lastChild: [Int] = []
        fileprivate var texts: [Int: String] = [:]
        var nearMisses: [NearMiss] = []
        /// The elements whose start tag came and end tag has not.
        private var open: [Int] = []

        var count: Int { names.count }

        /// A start tag.
        /// Room for about `count` elements, so that the arrays grow once.
        mutating func reserve(_ count: Int) {
            names.reserveCapacity(count)
            kinds.reserveCapacity(count)
            attributes.reserveCapacity(count)
            firstChild.reserveCapacity(count)
            nextSibling.reserveCapacity(count)
            lastChild.reserveCapacity(count)
        }

        mutating func open(name: String, kind: ModelXMLElement, attributes elementAttributes: XMLAttributes) {
            let index = names.count
            names.append(name)
            kinds.append(kind)
            attributes.append(elementAttributes)
            firstChild.append(-1)
            nextSibling.append(-1)
            lastChild.append(-1)
            if let parent = open.last {
                if lastChild[parent] >= 0 {
                    nextSibling[lastChild[parent]] = index
                } else {
                    firstChild[parent] = index
                }
                lastChild[parent] = index
            }
            open.append(index)
        }

        /// An end tag.
        mutating func close() {
            _ = open.popLast()
        }

        /// Text inside the innermost open element. Blank text before any other text is dropped:
        /// it is the indentation between elements, and model files hold no text where it matters
        /// (`.xccurrentversion` strings are trimmed).
        mutating func addText(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let element = open.last else { return }
            if texts[element] == nil,
                bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
            {
                return
            }
            texts[element, default: ""] += String(decoding: bytes, as: UTF8.self)
        }
    }
}
