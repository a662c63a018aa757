/// An element of a parsed document, read in place while a model is built. Valid only inside
/// `LibXMLParser.withDocument`, which keeps the tree alive while the model is built from it.
///
/// Elements whose name has a namespace prefix (`<x:entity>`) are not Core Data's: `isNamed`
/// never matches them, so the builder skips them like any other element it does not know.
struct XMLElementNode {
    /// Not owned: the tree outlives every element the builder reads (see `withDocument`).
    unowned(unsafe) let tree: XMLTree
    let index: Int

    /// The element's pre-order number in the document (see `SourceLocator`).
    var ordinal: Int { index }

    var name: String { tree.names[index] }

    /// Whether the element is one of this kind (never true for a prefixed element).
    func isNamed(_ kind: ModelXMLElement) -> Bool {
        tree.kinds[index] == kind
    }

    /// The value of an XML attribute (without a namespace prefix), or nil.
    subscript(attribute key: ModelXMLName) -> String? {
        tree.attribute(key, of: index)
    }

    /// Every XML attribute, in document order; prefixed ones keep their prefix (`x:hint`).
    var attributes: XMLAttributes { tree.attributes[index] }

    /// Whether the element has any element child.
    var hasElementChildren: Bool { tree.firstChild[index] >= 0 }

    /// The element children, in document order.
    var children: [XMLElementNode] {
        var result: [XMLElementNode] = []
        var child = tree.firstChild[index]
        while child >= 0 {
            result.append(XMLElementNode(tree: tree, index: child))
            child = tree.nextSibling[child]
        }
        return result
    }

    /// The element children called `name`, in document order.
    func children(named name: ModelXMLElement) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        forEachChild(named: name) { result.append($0) }
        return result
    }

    /// Calls `body` with each element child called `name`, in document order, allocating nothing.
    func forEachChild(named name: ModelXMLElement, _ body: (XMLElementNode) throws -> Void) rethrows {
        var child = tree.firstChild[index]
        while child >= 0 {
            let element = XMLElementNode(tree: tree, index: child)
            if element.isNamed(name) { try body(element) }
            child = tree.nextSibling[child]
        }
    }

    func firstChild(named name: ModelXMLElement) -> XMLElementNode? {
        var child = tree.firstChild[index]
        while child >= 0 {
            let element = XMLElementNode(tree: tree, index: child)
            if element.isNamed(name) { return element }
            child = tree.nextSibling[child]
        }
        return nil
    }

    /// The text and CDATA directly inside the element.
    var text: String { tree.texts[index] ?? "" }
}
