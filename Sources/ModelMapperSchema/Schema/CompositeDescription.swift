/// A composite type (`<composite>`, Xcode 15+): the fields a `Composite` attribute holds.
public struct CompositeDescription: Sendable, Hashable {
    /// One field of a composite.
    public struct Element: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's type.
        public var attributeType: AttributeType
        /// Whether the field may have no value.
        public var isOptional: Bool
        /// The field's default, as written.
        public var defaultValueString: String?
        /// For a field that is itself a composite, the name of its composite.
        public var compositeName: String?
        /// Every XML attribute of the field's `<attribute>` element, as written.
        public var xmlAttributes: [String: String] = [:]
    }

    /// The composite's name, as attributes name it in `composite`.
    public var name: String
    /// Its fields, in file order.
    public var elements: [Element]
    /// Where the composite is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}
