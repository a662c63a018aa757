/// How one property's value is kept in an object: what `ModelObject` needs to read, set and
/// link it, resolved once per model so that key-value access does no lookups by name. A class,
/// so that reading one costs a retain rather than a copy of every field.
final class SlotLayout: Sendable {
    let name: String
    let isRelationship: Bool

    // Attributes
    let attributeType: AttributeType
    /// Optional, or transient (transient values are never required).
    let isOptional: Bool
    let defaultValue: (any Sendable)?
    /// For a derived attribute, its derivation (a key path, an aggregate, a function of the
    /// object's values), parsed: computed whenever the attribute is read. Nil for one that does
    /// not parse (the attribute then reads as stored).
    let derivation: PredicateSyntax.Expression?
    /// ``derivation``, as what computes it: the evaluator's conformance, found at run time,
    /// so that objects reach a layer after theirs without naming it (see `Derivation`).
    let derive: (any Derivation)?
    /// For a Transformable attribute without a transformer, the JSON its `customClassName`
    /// declares (``/ModelMapperSchema/JSONShape``), read as that type. Checked wherever a value
    /// is stored (the decoder, `setValue`), so that the encoder writes what is stored as it is:
    /// nothing stored is of another type.
    let jsonShape: JSONShape?

    // Relationships
    let destination: Int
    let isToMany: Bool
    /// The slot of the reciprocal inverse in objects of the destination entity, if any.
    let inverseSlot: Int?

    init(
        name: String,
        isRelationship: Bool,
        attributeType: AttributeType,
        isOptional: Bool,
        defaultValue: (any Sendable)?,
        derivation: PredicateSyntax.Expression? = nil,
        jsonShape: JSONShape? = nil,
        destination: Int,
        isToMany: Bool,
        inverseSlot: Int?
    ) {
        self.name = name
        self.isRelationship = isRelationship
        self.attributeType = attributeType
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.derivation = derivation
        self.derive = derivation.flatMap { $0 as Any as? any Derivation }
        self.jsonShape = jsonShape
        self.destination = destination
        self.isToMany = isToMany
        self.inverseSlot = inverseSlot
    }

    /// The layout of an attribute.
    convenience init(_ attribute: AttributeRecord) {
        self.init(
            name: attribute.name,
            isRelationship: false,
            attributeType: attribute.attributeType,
            isOptional: attribute.isOptional || attribute.isTransient,
            defaultValue: attribute.defaultValue,
            derivation: attribute.derivationExpression.flatMap { try? PredicateSyntax.Expression(format: $0) },
            jsonShape: JSONShape(attribute),
            destination: -1,
            isToMany: false,
            inverseSlot: nil
        )
    }

    /// The layout of a relationship of a model whose entities are `records`.
    convenience init(_ relationship: RelationshipRecord, in records: [EntityRecord]) {
        var inverseSlot: Int?
        if let inverse = relationship.inverse, relationship.isInverseReciprocal {
            inverseSlot = records[relationship.destinationEntity].propertyIndexByName[inverse.name]
        }
        self.init(
            name: relationship.name,
            isRelationship: true,
            attributeType: .undefined,
            isOptional: relationship.isOptional || relationship.isTransient,
            defaultValue: nil,
            destination: relationship.destinationEntity,
            isToMany: relationship.isToMany,
            inverseSlot: inverseSlot
        )
    }
}
