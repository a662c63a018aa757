/// Writes elements the way Xcode's model files are written: an element per line, four spaces a
/// level, attributes in Xcode's order for the names it writes (the others after them, as read),
/// empty elements closed with `/>`, attribute values escaped so that reading them back gives
/// the same text, and no newline after the root's end tag.
package struct ModelXMLWriter {
    private(set) var text = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n"
    private var depth = 0
    /// Elements whose start tag is written and whose children may follow: their names, and
    /// whether a child has been written (the start tag then ends with `>`, else with `/>`).
    private var open: [(name: String, hasChildren: Bool)] = []

    /// Xcode's order of the attributes it writes on each element, read from the files recent
    /// Xcode versions save; a name not listed comes after the listed ones.
    static let attributeOrder: [String: [String]] = [
        "model": [
            "type", "documentVersion", "lastSavedToolsVersion", "systemVersion", "minimumToolsVersion",
            "sourceLanguage", "usedWithCloudKit", "userDefinedModelVersionIdentifier",
        ],
        "entity": [
            "name", "representedClassName", "parentEntity", "isAbstract", "elementID", "renamingIdentifier",
            "versionHashModifier", "syncable", "codeGenerationType",
        ],
        "attribute": [
            "name", "optional", "transient", "attributeType", "valueTransformerName", "minValueString",
            "allowsExternalBinaryDataStorage", "derived", "customClassName", "maxValueString", "derivationExpression",
            "regularExpressionString", "defaultValueString", "defaultDateTimeInterval", "minDateTimeInterval",
            "maxDateTimeInterval", "usesScalarValueType", "composite", "indexed", "preserveAfterDeletion",
            "spotlightIndexingEnabled", "storedInTruthFile", "allowsCloudEncryption", "elementID", "renamingIdentifier",
            "versionHashModifier", "syncable",
        ],
        "relationship": [
            "name", "optional", "transient", "toMany", "minCount", "maxCount", "deletionRule", "ordered",
            "destinationEntity", "inverseName", "inverseEntity", "indexed", "spotlightIndexingEnabled",
            "storedInTruthFile", "elementID", "renamingIdentifier", "versionHashModifier", "syncable",
        ],
        "fetchRequest": [
            "name", "entity", "predicateString", "fetchLimit", "fetchBatchSize", "resultType", "includeSubentities",
            "includePropertyValues", "includesPendingChanges", "returnObjectsAsFaults", "returnDistinctResults",
        ],
        "element": ["name", "positionX", "positionY", "width", "height"],
        "fetchIndexElement": ["property", "expression", "type", "order"],
    ]

    /// `attributes` in Xcode's order for `element`: the names it writes in its order, then the
    /// others in the order given.
    static func ordered(_ attributes: [(name: String, value: String)], for element: String) -> [(
        name: String, value: String
    )] {
        guard let order = attributeOrder[element] else { return attributes }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return attributes.enumerated()
            .sorted { first, second in
                let (a, b) = (rank[first.element.name] ?? order.count, rank[second.element.name] ?? order.count)
                return a != b ? a < b : first.offset < second.offset
            }
            .map(\.element)
    }

    /// Starts an element: its start tag, its attributes in Xcode's order. Children written
    /// before ``close()`` go inside it.
    mutating func open(_ name: String, _ attributes: [(name: String, value: String)]) {
        markParentHasChildren()
        text += String(repeating: "    ", count: depth) + "<" + name
        for (attribute, value) in Self.ordered(attributes, for: name) {
            text += " " + attribute + "=\"" + Self.escaped(value, inAttribute: true) + "\""
        }
        open.append((name, false))
        depth += 1
    }

    /// Ends the innermost open element: `/>` when it has no children, else its end tag.
    mutating func close() {
        guard let element = open.popLast() else { return }
        depth -= 1
        if element.hasChildren {
            text += String(repeating: "    ", count: depth) + "</" + element.name + ">"
        } else {
            text += "/>"
        }
        if !open.isEmpty { text += "\n" }
    }

    /// An element with only text inside (`<x:note>…</x:note>`).
    mutating func element(_ name: String, _ attributes: [(name: String, value: String)], text content: String) {
        open(name, attributes)
        open[open.count - 1].hasChildren = true
        text += ">" + Self.escaped(content, inAttribute: false) + "</" + name + ">"
        _ = open.popLast()
        depth -= 1
        if !open.isEmpty { text += "\n" }
    }

    /// A kept element and everything inside it, without recursion.
    mutating func node(_ node: ModelXMLNode) {
        var pending: [(node: ModelXMLNode, isEnd: Bool)] = [(node, false)]
        while let (current, isEnd) = pending.popLast() {
            if isEnd {
                close()
                continue
            }
            let attributes = current.attributes.map { (name: $0.name, value: $0.value) }
            if current.children.isEmpty, !current.text.isEmpty {
                element(current.name, attributes, text: current.text)
                continue
            }
            open(current.name, attributes)
            pending.append((current, true))
            for child in current.children.reversed() { pending.append((child, false)) }
        }
    }

    /// The start tag of the innermost open element ends with `>` before its first child.
    private mutating func markParentHasChildren() {
        guard let parent = open.indices.last, !open[parent].hasChildren else { return }
        open[parent].hasChildren = true
        text += ">\n"
    }

    /// `value` with what XML would read differently escaped: `&`, `<`, `>`, and in attribute
    /// values `"` and the line breaks and tabs a reader would turn into spaces.
    package static func escaped(_ value: String, inAttribute: Bool) -> String {
        guard value.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x0A, 0x0D, 0x09].contains($0) }) else {
            return value
        }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where inAttribute: result += "&quot;"
            case "\n" where inAttribute: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
