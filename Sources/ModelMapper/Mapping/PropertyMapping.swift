import Foundation
@_spi(Engine) import ModelMapperSchema

/// Everything the decoder, the encoder and `ModelObject` need about one property, resolved
/// once when the model is loaded so that mapping does no lookups by name. A class, so that
/// reading one in the hot paths costs a retain rather than a copy of every field.
final class PropertyMapping: Sendable {
    let name: String
    let keyPath: [String]
    /// Other keys of the entity's object that read this property (never written unless the
    /// object keeps its source's spelling): the model's name beside its cased key, a foreign
    /// key's `<relationship>_id` (see ``/ModelMapperSchema/ModelConventions``).
    let aliasKeys: [String]
    /// Whether the encoder writes the property (``/ModelMapperSchema/MappingKeys/nonExportable``).
    let isExported: Bool
    let isRelationship: Bool

    // Attributes
    let attributeType: AttributeType
    /// Optional, or transient (transient values are never required).
    let isOptional: Bool
    let defaultValue: (any Sendable)?
    let transformerName: ValueTransformer.Name?
    /// Which way the transformer's forward transformation goes.
    let transformerDirection: ValueTransformer.Direction
    let compositeName: String?
    /// For a Transformable attribute without a transformer, the JSON its `customClassName`
    /// declares (``/ModelMapperSchema/JSONShape``): checked on decoding (see ``SlotLayout/jsonShape``).
    let jsonShape: JSONShape?

    // Relationships
    let destination: Int
    let isToMany: Bool
    /// The slot of the reciprocal inverse in objects of the destination entity, if any.
    let inverseSlot: Int?
    /// For a Date attribute, the formats its userInfo names (``/ModelMapperSchema/MappingKeys/dateFormats``),
    /// tried in order on reading, the first used on writing; empty: the coder's.
    let dateFormats: [DateFormat]
    /// Whether the relationship is written as its destination's identity
    /// (``/ModelMapperSchema/MappingKeys/relationshipWritesIdentity``).
    let writesIdentity: Bool
    /// For a derived attribute, its derivation (a key path, an aggregate, a function of the
    /// object's values), parsed: computed whenever the attribute is read. Nil for one that does
    /// not parse (the attribute then reads as stored).
    let derivation: PredicateSyntax.Expression?
    /// The JSON form the attribute's values take where it is not the type's own
    /// (``/ModelMapperSchema/MappingKeys/jsonForm``): numbers and Booleans as strings, or text as numbers.
    let jsonForm: JSONForm?
    /// The fewest fraction digits a number is written with
    /// (``/ModelMapperSchema/MappingKeys/jsonFractionDigits``); nil when the attribute declares none.
    let fractionDigits: Int?
    /// The bounds the model declares for the attribute, if any (checked only when asked).
    let bounds: ValueBounds?

    /// Whether `null` is refused for the property, as the model requires a value: an attribute,
    /// or a to-one relationship, neither optional nor transient. A to-many's `null` is kept.
    var refusesNull: Bool { !isOptional && !isToMany }

    /// What a value of the property is, for errors: the attribute's type, or an object of the
    /// relationship's destination in `model`.
    func expectedValue(in model: ObjectModel) -> String {
        guard isRelationship else { return attributeType.rawValue }
        let name = model.entityRecords[destination].name
        return isToMany ? "an array of \(name) objects" : "an object of entity '\(name)'"
    }

    /// What a missing value's error says was found: nil (the error's own words, which name the
    /// model's default) for an attribute; for a relationship, which has no default, that the
    /// JSON gives none.
    var missingValueFound: String? { isRelationship ? "the JSON has none" : nil }

    /// See ``/ModelMapperSchema/MappingKeys/jsonForm``.
    enum JSONForm: Sendable {
        case string, number
        /// A to-many relationship's objects as a JSON object keyed by their identities
        /// (``/ModelMapperSchema/MappingKeys/jsonForm`` `map`), each value giving its identity
        /// again, or leaving it to its key (`mapOmittingIdentity`).
        case map, mapOmittingIdentity

        var isMap: Bool { self == .map || self == .mapOmittingIdentity }
    }

    convenience init(
        name: String,
        keyPath: [String],
        isRelationship: Bool,
        attributeType: AttributeType,
        isOptional: Bool,
        defaultValue: (any Sendable)?,
        transformerName: ValueTransformer.Name?,
        transformerDirection: ValueTransformer.Direction = .modelToJSON,
        compositeName: String?,
        destination: Int,
        isToMany: Bool,
        inverseSlot: Int?,
        writesIdentity: Bool = false,
        dateFormats: [DateFormat] = [],
        derivation: PredicateSyntax.Expression? = nil,
        jsonForm: JSONForm? = nil,
        fractionDigits: Int? = nil,
        bounds: ValueBounds? = nil,
        aliasKeys: [String] = [],
        isExported: Bool = true
    ) {
        self.init(
            slot: SlotLayout(
                name: name,
                isRelationship: isRelationship,
                attributeType: attributeType,
                isOptional: isOptional,
                defaultValue: defaultValue,
                derivation: derivation,
                destination: destination,
                isToMany: isToMany,
                inverseSlot: inverseSlot
            ),
            keyPath: keyPath,
            transformerName: transformerName,
            transformerDirection: transformerDirection,
            compositeName: compositeName,
            writesIdentity: writesIdentity,
            dateFormats: dateFormats,
            jsonForm: jsonForm,
            fractionDigits: fractionDigits,
            bounds: bounds,
            aliasKeys: aliasKeys,
            isExported: isExported
        )
    }

    /// The mapping of the property kept in `slot`: the layout's facts, copied so that the
    /// codecs read them without a second indirection, and what its JSON is.
    init(
        slot: SlotLayout,
        keyPath: [String],
        transformerName: ValueTransformer.Name?,
        transformerDirection: ValueTransformer.Direction = .modelToJSON,
        compositeName: String?,
        writesIdentity: Bool = false,
        dateFormats: [DateFormat] = [],
        jsonForm: JSONForm? = nil,
        fractionDigits: Int? = nil,
        bounds: ValueBounds? = nil,
        aliasKeys: [String] = [],
        isExported: Bool = true
    ) {
        self.isExported = isExported
        self.name = slot.name
        self.keyPath = keyPath
        self.aliasKeys = aliasKeys
        self.isRelationship = slot.isRelationship
        self.attributeType = slot.attributeType
        self.isOptional = slot.isOptional
        self.defaultValue = slot.defaultValue
        self.transformerName = transformerName
        self.transformerDirection = transformerDirection
        self.compositeName = compositeName
        self.jsonShape = slot.jsonShape
        self.destination = slot.destination
        self.isToMany = slot.isToMany
        self.inverseSlot = slot.inverseSlot
        self.writesIdentity = writesIdentity
        self.dateFormats = dateFormats
        self.derivation = slot.derivation
        self.jsonForm = jsonForm
        self.fractionDigits = fractionDigits
        self.bounds = bounds
    }
}
