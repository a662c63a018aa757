import Foundation
@_spi(Engine) import ModelMapperSchema

/// What a decoder with given options reads, and an encoder writes, for each entity of a
/// model: the keys, identities, forms and required values of the mappings the coders map
/// with, read out of them for the tools that describe the JSON (`modelgen schema`, `modelgen
/// diff`), so that those restate no rule of reading: a key, an identity or a required value
/// the coders change is changed for them too.
package struct JSONContract: Sendable {
    /// One property as the JSON has it.
    package struct Property: Sendable {
        package let name: String
        /// The key path its value is at; empty for a property no JSON reads (a Transformable
        /// without a transformer that the conventions leave out).
        package let keyPath: [String]
        /// Other keys of the object that read it (the model's name beside a cased key, a
        /// foreign key's `<relationship>_id`).
        package let aliasKeys: [String]
        /// Whether the encoder writes it.
        package let isExported: Bool
        package let isRelationship: Bool
        package let attributeType: AttributeType
        /// Whether decoding an object that records (rather than refers to) requires it.
        package let isRequired: Bool
        /// Whether `null` is refused for it.
        package let refusesNull: Bool
        package let transformerName: String?
        package let compositeName: String?
        /// The JSON a Transformable without a transformer declares through its class name.
        package let jsonShape: JSONShape?
        /// The destination entity's index, for a relationship.
        package let destination: Int
        package let isToMany: Bool
        /// The index of the inverse relationship in the destination's ``Entity/properties``.
        package let inverse: Int?
        /// The date forms it declares, tried in order on reading; empty: the coder's.
        package let dateFormats: [DateFormat]
        /// Whether the encoder writes the relationship as its destination's identity.
        package let writesIdentity: Bool
        /// `string` or `number` for a value sent in the other's form, `map` or
        /// `mapOmittingIdentity` for a to-many written as an object keyed by identity.
        package let jsonForm: String?
        /// The fewest fraction digits a number is written with.
        package let fractionDigits: Int?
        /// The values its JSON may hold, as the model lists them (`jsonValues`); the decoder
        /// refuses others.
        package let listedValues: DeclaredValues?
        /// The declared bounds, as numbers (lengths for strings and binary data); checked only
        /// when the options ask.
        package let minimum: Double?
        package let maximum: Double?
        package let minimumLength: Int?
        package let maximumLength: Int?
    }

    /// One entity as the JSON has it.
    package struct Entity: Sendable {
        package let index: Int
        package let name: String
        package let isAbstract: Bool
        /// The key naming an object's entity, and the value naming this one.
        package let typeKey: String?
        package let typeValue: String
        /// Type value -> entity index, for this entity and its subentities.
        package let entityByTypeValue: [String: Int]
        /// Indexes into ``properties`` of its identity attributes.
        package let identity: [Int]
        package let properties: [Property]
        /// Whether a transformer rewrites or picks each object before it is read, which a
        /// description of the keys cannot follow.
        package let isPreprocessed: Bool
    }

    package let entities: [Entity]
    /// The date form of Date attributes that declare none.
    package let dateFormat: DateFormat

    /// The contract of a decoder with `options` over `model`.
    package init(model: ObjectModel, options: ModelDecoder.Options) {
        let mappings = model.mappingSet(options: options.conventions).all
        dateFormat = options.dateFormat
        entities = mappings.map { mapping in
            let required = Set(mapping.requiredSlotList)
            return Entity(
                index: mapping.entityIndex,
                name: model.entityRecords[mapping.entityIndex].name,
                isAbstract: mapping.isAbstract,
                typeKey: mapping.typeKey,
                typeValue: mapping.typeValue,
                entityByTypeValue: mapping.entityByTypeValue,
                identity: mapping.identitySlots,
                properties: mapping.properties.indices.map { slot in
                    Property(
                        mapping.properties[slot],
                        isRequired: required.contains(slot),
                        listedValues: ObjectModel.listedValues(
                            ofSlot: slot,
                            in: model.entityRecords[mapping.entityIndex],
                            records: model.entityRecords
                        )
                    )
                },
                isPreprocessed: mapping.hasPreprocessor
            )
        }
    }
}

extension JSONContract.Property {
    /// The fields of the composite `name`, read as optional attributes of their types, as the
    /// decoder reads them.
    package static func compositeFields(of name: String, in model: ObjectModel) -> [Self] {
        (model.composite(named: name)?.elements ?? [])
            .map { Self(PropertyMapping.compositeField($0), isRequired: false, listedValues: nil) }
    }

    fileprivate init(_ mapping: PropertyMapping, isRequired: Bool, listedValues: DeclaredValues?) {
        self.listedValues = listedValues
        name = mapping.name
        keyPath = mapping.keyPath
        aliasKeys = mapping.aliasKeys
        isExported = mapping.isExported
        isRelationship = mapping.isRelationship
        attributeType = mapping.attributeType
        self.isRequired = isRequired
        refusesNull = mapping.refusesNull
        transformerName = mapping.transformerName?.rawValue
        compositeName = mapping.compositeName
        jsonShape = mapping.jsonShape
        destination = mapping.destination
        isToMany = mapping.isToMany
        inverse = mapping.inverseSlot
        dateFormats = mapping.dateFormats
        writesIdentity = mapping.writesIdentity
        jsonForm = mapping.jsonForm.map { "\($0)" }
        fractionDigits = mapping.fractionDigits
        (minimum, minimumLength) = Self.bound(mapping.bounds?.minimum)
        (maximum, maximumLength) = Self.bound(mapping.bounds?.maximum)
    }

    private static func bound(_ bound: ValueBounds.Bound?) -> (Double?, Int?) {
        switch bound {
        case .integer(let value): (Double(value), nil)
        case .floatingPoint(let value): (value, nil)
        case .decimal(let value): (NSDecimalNumber(decimal: value).doubleValue, nil)
        case .length(let value): (nil, value)
        case .date, nil: (nil, nil)
        }
    }
}
