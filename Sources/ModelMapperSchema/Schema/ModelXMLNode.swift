/// An element of a model file that ModelMapper does not read into the model (Xcode's compound
/// and fetch indexes, the diagram's layout, or a newer Xcode's element), kept as it was written:
/// nothing read is dropped, and what writes the model back gives it back.
///
/// For example, an entity's `<compoundIndexes>`:
///
/// ```swift
/// let indexes = entity.xmlElements.first { $0.name == "compoundIndexes" }
/// indexes?.children.first?.children.map(\.attributes)   // [[name: "value", value: "title"]]
/// ```
public struct ModelXMLNode: Sendable, Hashable {
    /// One XML attribute, as written.
    public struct Attribute: Sendable, Hashable {
        /// The attribute's name, with its prefix if it has one (`x:hint`).
        public var name: String
        /// Its value, with entities and character references replaced.
        public var value: String

        /// An attribute `name="value"`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The element's name, with its prefix if it has one.
    public var name: String
    /// The XML attributes, in document order.
    public var attributes: [Attribute]
    /// The element children, in document order.
    public var children: [ModelXMLNode]
    /// The text directly inside the element (none in the files Xcode writes).
    public var text: String

    /// An element with its attributes, children and text.
    public init(name: String, attributes: [Attribute] = [], children: [ModelXMLNode] = [], text: String = "") {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The value of the attribute called `name`, if the element has one.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

extension ModelXMLNode {
    /// The element of the parsed tree, with everything inside it, built without recursion
    /// (however deep the loader's limits let a document go).
    init(_ element: XMLElementNode) {
        // Each open element and the children made for it so far; an element is made once its
        // last child is, and handed to its parent.
        var stack: [(element: XMLElementNode, next: Int, children: [ModelXMLNode])] = [
            (element, element.tree.firstChild[element.index], [])
        ]
        while let top = stack.indices.last {
            let next = stack[top].next
            if next >= 0 {
                stack[top].next = element.tree.nextSibling[next]
                let child = XMLElementNode(tree: element.tree, index: next)
                stack.append((child, element.tree.firstChild[next], []))
                continue
            }
            let (done, _, children) = stack.removeLast()
            let node = ModelXMLNode(
                name: done.name,
                attributes: done.attributes.list.map { Attribute(name: $0.name, value: $0.value) },
                children: children,
                text: done.text
            )
            guard let parent = stack.indices.last else {
                self = node
                return
            }
            stack[parent].children.append(node)
        }
        self = ModelXMLNode(name: element.name)
    }
}
