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
    /// declarations are not attributes in libxml2's tree). The names the loader reads are
    /// recognised once here, so that reading them later compares small numbers, not strings.
    var attributes: XMLAttributes {
        var count = 0
        var property = node.pointee.properties
        while let attribute = property {
            count += 1
            property = attribute.pointee.next
        }
        var list: [XMLAttributes.Attribute] = []
        list.reserveCapacity(count)
        var present: UInt64 = 0
        property = node.pointee.properties
        while let attribute = property {
            if let attributeName = attribute.pointee.name {
                let value = Self.value(of: attribute)
                if let prefix = attribute.pointee.ns?.pointee.prefix {
                    list.append(XMLAttributes.Attribute(name: String(cString: prefix) + ":" + String(cString: attributeName), value: value, key: nil))
                } else if let key = ModelXMLName(cString: attributeName) {
                    present |= key.bit
                    list.append(XMLAttributes.Attribute(name: key.text, value: value, key: key))
                } else {
                    list.append(XMLAttributes.Attribute(name: String(cString: attributeName), value: value, key: nil))
                }
            }
            property = attribute.pointee.next
        }
        return XMLAttributes(list: list, present: present)
    }

    /// Whether the element has any element child.
    var hasElementChildren: Bool {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { return true }
            child = current.pointee.next
        }
        return false
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
        forEachChild(named: name) { result.append($0) }
        return result
    }

    /// Calls `body` with each element child called `name`, in document order, allocating nothing.
    func forEachChild(named name: StaticString, _ body: (XMLElementNode) throws -> Void) rethrows {
        var child = node.pointee.children
        while let current = child {
            let element = XMLElementNode(node: current)
            if current.pointee.type == XML_ELEMENT_NODE, element.isNamed(name) { try body(element) }
            child = current.pointee.next
        }
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
        /// The name, when it is one the loader reads.
        var key: ModelXMLName?
    }

    var list: [Attribute] = []
    /// One bit for each known name present (`ModelXMLName.bit`): most lookups are for names
    /// an element does not have, and end here.
    var present: UInt64 = 0

    subscript(key: ModelXMLName) -> String? {
        guard present & key.bit != 0 else { return nil }
        for index in list.indices where list[index].key == key { return list[index].value }
        return nil
    }

    var dictionary: [String: String] {
        Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
