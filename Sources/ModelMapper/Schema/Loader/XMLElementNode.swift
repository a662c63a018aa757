internal import CLibXML2

/// An element of libxml2's tree, read in place while a model is built: nothing is copied
/// but the values the model keeps. Valid only inside `LibXMLParser.withDocument`, which
/// frees the tree when the model has been built.
///
/// Elements whose name has a namespace prefix (`<x:entity>`) are not Core Data's and are
/// left out of `children`, like any other element the loader does not know.
struct XMLElementNode {
    let node: xmlNodePtr

    /// The element's pre-order number in the document (see `SourceLocator`).
    var ordinal: Int {
        Int(bitPattern: node.pointee._private) - 1
    }

    var name: String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// Whether the element is called `name` (no namespace prefix).
    func isNamed(_ name: StaticString) -> Bool {
        guard let own = node.pointee.name, node.pointee.ns?.pointee.prefix == nil else { return false }
        return Self.equals(own, name)
    }

    /// The value of an XML attribute (without a namespace prefix), or nil.
    subscript(attribute name: StaticString) -> String? {
        var property = node.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name, attribute.pointee.ns == nil, Self.equals(attributeName, name) {
                return Self.value(of: attribute)
            }
            property = attribute.pointee.next
        }
        return nil
    }

    /// Every XML attribute, in document order; prefixed ones keep their prefix (`xmlns:x`
    /// declarations are not attributes in libxml2's tree).
    var attributes: XMLAttributes {
        var list: [XMLAttributes.Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name {
                var name = String(cString: attributeName)
                if let prefix = attribute.pointee.ns?.pointee.prefix { name = String(cString: prefix) + ":" + name }
                list.append(XMLAttributes.Attribute(name: name, value: Self.value(of: attribute)))
            }
            property = attribute.pointee.next
        }
        return XMLAttributes(list: list)
    }

    /// The element children, in document order.
    var children: [XMLElementNode] {
        var result: [XMLElementNode] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(XMLElementNode(node: current)) }
            child = current.pointee.next
        }
        return result
    }

    /// The element children called `name`, in document order.
    func children(named name: StaticString) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        var child = node.pointee.children
        while let current = child {
            let element = XMLElementNode(node: current)
            if current.pointee.type == XML_ELEMENT_NODE, element.isNamed(name) { result.append(element) }
            child = current.pointee.next
        }
        return result
    }

    func firstChild(named name: StaticString) -> XMLElementNode? {
        var child = node.pointee.children
        while let current = child {
            let element = XMLElementNode(node: current)
            if current.pointee.type == XML_ELEMENT_NODE, element.isNamed(name) { return element }
            child = current.pointee.next
        }
        return nil
    }

    /// The text and CDATA directly inside the element.
    var text: String {
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE, let content = current.pointee.content {
                text += String(cString: content)
            }
            child = current.pointee.next
        }
        return text
    }

    /// An attribute's value: read in place when it is one text node (the usual case),
    /// else assembled by libxml2.
    private static func value(of attribute: xmlAttrPtr) -> String {
        if let child = attribute.pointee.children, child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE {
            return child.pointee.content.map { String(cString: $0) } ?? ""
        }
        guard let value = xmlNodeListGetString(attribute.pointee.doc, attribute.pointee.children, 1) else { return "" }
        defer { mm_xmlFree(value) }
        return String(cString: value)
    }

    /// Compares a NUL-terminated name with an ASCII literal, byte by byte.
    private static func equals(_ cString: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { expected in
            var index = 0
            while index < expected.count {
                guard cString[index] == expected[index] else { return false }
                index += 1
            }
            return cString[index] == 0
        }
    }
}

/// The attributes of an element in document order. Elements of a model file have a
/// handful of attributes, so a linear search beats hashing every name into a dictionary.
struct XMLAttributes: Sendable {
    struct Attribute: Sendable {
        var name: String
        var value: String
    }

    var list: [Attribute] = []

    subscript(name: String) -> String? {
        for attribute in list where attribute.name == name { return attribute.value }
        return nil
    }

    var dictionary: [String: String] {
        Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
