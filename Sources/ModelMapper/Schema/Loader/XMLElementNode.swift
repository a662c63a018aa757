/// An element of a parsed XML document, copied out of libxml2's tree so that the
/// `xmlDoc` can be freed at once and nothing outside the loader touches libxml2.
struct XMLElementNode: Sendable {
    var name: String
    var attributes: XMLAttributes
    var children: [XMLElementNode]
    /// The concatenated text and CDATA directly inside the element.
    var text: String
    /// Byte offset of the element's `<` in the source, or nil when it could not be found.
    var offset: Int?
    /// The line libxml2 recorded, used when `offset` is unknown.
    var line: Int

    subscript(attribute name: String) -> String? {
        attributes[name]
    }

    func children(named name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }

    func firstChild(named name: String) -> XMLElementNode? {
        children.first { $0.name == name }
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
