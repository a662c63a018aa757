import Foundation

/// The mapping of one entity: its properties in slot order and what reading JSON needs.
final class EntityMapping: @unchecked Sendable {
    /// The entity's position in the model: mappings of one entity compiled for other key
    /// casings share it (and everything but their keys).
    let entityIndex: Int
    let properties: [PropertyMapping]
    /// `properties.count`, read without counting a reference to the array.
    let slotCount: Int
    let slotByName: [String: Int]
    let isAbstract: Bool
    /// The JSON key naming an object's entity, and the value naming this one.
    let typeKey: String?
    let typeValue: String
    /// Type value -> entity, for this entity and its subentities.
    let entityByTypeValue: [String: Int]
    let identitySlots: [Int]
    /// The root of the entity's inheritance tree: objects with the same identity values are
    /// the same object only within one family.
    let identityFamily: Int
    /// The keys of the entity's JSON object, matched against raw bytes by the decoder.
    let keys: KeyLevel
    /// The same, unretained (`keys` keeps it alive), for the decoder to start a frame with.
    var keysRef: Unmanaged<KeyLevel> { Unmanaged.passUnretained(keys) }
    /// Where the ``KeyOrder`` entries of this entity's key levels end.
    var keyOrderEnd: Int { keys.orderOffset + keys.nodes.count + 1 }
    /// The steps the encoder takes to write an object.
    let writeProgram: WriteProgram
    /// The slots of properties the model marks not to export (``/ModelMapperSchema/MappingKeys/nonExportable``):
    /// read, never written.
    let unwrittenSlots: Set<Int>
    /// ``writeProgram``, unretained (the mapping keeps it alive): the encoder reads it for
    /// every object without counting a reference.
    var writeProgramRef: Unmanaged<WriteProgram> { .passUnretained(writeProgram) }
    /// The steps the encoder takes to write an object as Rails' nested attributes
    /// (``ModelEncoder/Options/writesNestedAttributes``): ``writeProgram``, but that an attribute
    /// named `destroy` with no key of its own is written at `_destroy`, the flag Rails reads
    /// to delete a nested record (as Sync's nested export writes it). The same program where
    /// the entity has no such attribute.
    let nestedAttributesWriteProgram: WriteProgram
    /// ``nestedAttributesWriteProgram`` when writing nested attributes, else ``writeProgram``,
    /// unretained.
    func writeProgramRef(asNestedAttributes: Bool) -> Unmanaged<WriteProgram> {
        .passUnretained(asNestedAttributes ? nestedAttributesWriteProgram : writeProgram)
    }
    /// Whether the JSON may name a subentity (so the decoder must find the type key first).
    let isPolymorphic: Bool
    /// The transformer each JSON object of the entity goes through before it is mapped
    /// (``/ModelMapperSchema/MappingKeys/entityPreprocessor``), its own or its nearest superentity's.
    let preprocessor: ValueTransformer.Name?
    /// The transformer that picks the entity of each JSON object (``/ModelMapperSchema/MappingKeys/entityMapper``),
    /// the entity's own.
    let entityMapper: ValueTransformer.Name?
    /// Whether it has either: what the decoder asks of every object, without copying a name.
    let hasPreprocessor: Bool
    /// How the entity's objects keep their values: the layout this mapping's slots are of.
    let layout: EntityLayout
    /// How each slot's value is read, one per slot: written in `init`, only read after.
    let readings: UnsafeMutablePointer<SlotReading>
    /// ``identitySlots`` again, in memory of the mapping's own, written in `init` and only read
    /// after: the decoder walks them for every object it makes, and walking an array held by a
    /// class counts a reference to the array (two atomic operations, each dearer than the walk).
    let identitySlotList: UnsafeBufferPointer<Int>
    /// The layout's required slots and relationships with their inverses (the layout, which
    /// the mapping holds, owns the memory).
    let requiredSlotList: UnsafeBufferPointer<Int>
    let relationshipList: UnsafeBufferPointer<RelationshipSlot>

    typealias RelationshipSlot = EntityLayout.RelationshipSlot

    init(
        layout: EntityLayout,
        properties: [PropertyMapping],
        isAbstract: Bool,
        typeKey: String?,
        typeValue: String,
        entityByTypeValue: [String: Int],
        identitySlots: [Int],
        identityFamily: Int,
        preprocessor: ValueTransformer.Name? = nil,
        entityMapper: ValueTransformer.Name? = nil,
        keyOrderOffset: inout Int
    ) {
        self.preprocessor = preprocessor
        self.entityMapper = entityMapper
        self.hasPreprocessor = preprocessor != nil || entityMapper != nil
        self.keys = Self.level(
            properties.indices.map {
                (path: properties[$0].keyPath[...], slot: $0, isRelationship: properties[$0].isRelationship)
            },
            aliases: properties.indices.flatMap { slot in
                properties[slot].aliasKeys
                    .map { (key: $0, slot: slot, isRelationship: properties[slot].isRelationship) }
            },
            typeKey: typeKey,
            orderOffset: &keyOrderOffset
        )
        let unwritten = Set(properties.indices.filter { !properties[$0].isExported })
        self.unwrittenSlots = unwritten
        let program = WriteProgram(level: keys, typeValue: typeValue, unwritten: unwritten)
        self.writeProgram = program
        self.nestedAttributesWriteProgram =
            Self.nestedAttributesProgram(
                of: properties,
                keys: keys,
                typeValue: typeValue,
                unwritten: unwritten
            ) ?? program
        self.isPolymorphic = typeKey != nil && (entityByTypeValue.count > 1 || isAbstract)
        self.readings = .allocate(capacity: max(properties.count, 1))
        for (slot, property) in properties.enumerated() { (readings + slot).initialize(to: SlotReading(property)) }
        self.layout = layout
        self.entityIndex = layout.entityIndex
        self.properties = properties
        slotCount = properties.count
        self.slotByName = layout.slotByName
        self.isAbstract = isAbstract
        self.typeKey = typeKey
        self.typeValue = typeValue
        self.entityByTypeValue = entityByTypeValue
        self.identitySlots = identitySlots
        self.identityFamily = identityFamily
        requiredSlotList = layout.requiredSlotList
        identitySlotList = EntityLayout.plainCopy(identitySlots)
        relationshipList = layout.relationshipList
    }

    deinit {
        // Plain values: freed with no deinitializing.
        UnsafeMutableBufferPointer(mutating: identitySlotList).deallocate()
        readings.deallocate()
    }
}

extension EntityMapping {
    /// The key level for properties whose key paths start with the given components, and
    /// `aliases`: other keys of this level that read a property (see ``KeyNode/aliasOf``),
    /// each left out where a property's own key or an earlier alias has its key.
    fileprivate static func level(
        _ entries: [(path: ArraySlice<String>, slot: Int, isRelationship: Bool)],
        aliases: [(key: String, slot: Int, isRelationship: Bool)] = [],
        typeKey: String?,
        orderOffset: inout Int
    ) -> KeyLevel {
        var order: [String] = []
        var groups: [String: [(path: ArraySlice<String>, slot: Int, isRelationship: Bool)]] = [:]
        for entry in entries {
            guard let first = entry.path.first else { continue }
            if groups[first] == nil { order.append(first) }
            groups[first, default: []].append(entry)
        }
        // The type key comes first: readers that stream want to know the entity early.
        if let typeKey, groups[typeKey] == nil { order.insert(typeKey, at: 0) }
        var nodes: [KeyNode] = []
        for key in order {
            let group = groups[key] ?? []
            let ending = group.filter { $0.path.count == 1 }
            let deeper = group.filter { $0.path.count > 1 }
                .map {
                    (path: $0.path.dropFirst(), slot: $0.slot, isRelationship: $0.isRelationship)
                }
            nodes.append(
                KeyNode(
                    key: key,
                    attributes: ending.filter { !$0.isRelationship }.map(\.slot),
                    relationship: ending.first(where: \.isRelationship)?.slot,
                    nested: deeper.isEmpty ? nil : level(deeper, typeKey: nil, orderOffset: &orderOffset),
                    isTypeKey: key == typeKey
                )
            )
        }
        var taken = Set(order)
        for alias in aliases where taken.insert(alias.key).inserted {
            let primary = nodes.firstIndex { node in
                alias.isRelationship ? node.relationship == alias.slot : node.attributes.contains(alias.slot)
            }
            guard let primary else { continue }
            nodes.append(
                KeyNode(
                    key: alias.key,
                    attributes: alias.isRelationship ? [] : [alias.slot],
                    relationship: alias.isRelationship ? alias.slot : nil,
                    nested: nil,
                    isTypeKey: false,
                    aliasOf: primary
                )
            )
        }
        defer { orderOffset += nodes.count + 1 }
        return KeyLevel(nodes: nodes, orderOffset: orderOffset)
    }
}

extension EntityMapping {
    /// Builds the mappings of every entity of a model.
    static func mappings(
        for records: [EntityRecord],
        layouts: [EntityLayout],
        conventions: ModelConventions.Resolved
    ) -> [EntityMapping] {
        var keyOrderOffset = 0
        return records.indices.map {
            mapping(of: $0, in: records, layout: layouts[$0], conventions: conventions, keyOrderOffset: &keyOrderOffset)
        }
    }

    /// The slots of an entity's identity attributes: those the model declares (its own or its
    /// family's), else the first attribute of the family's root named in `names` (`id`, as
    /// JSONCache has it; `id` or `remoteID`, as Sync does), so that the entities of a family
    /// share their identity.
    private static func identitySlots(of entity: Int, in records: [EntityRecord], names: [String]) -> [Int] {
        let record = records[entity]
        let declared = record.identityAttributeNames.compactMap { record.propertyIndexByName[$0] }
        guard declared.isEmpty else { return declared }
        return ConventionKeys.identityName(of: entity, in: records, names: names)
            .flatMap { record.propertyIndexByName[$0] }
            .map {
                [$0]
            } ?? []
    }

    /// The program writing the entity's objects as Rails' nested attributes, where it differs
    /// from the entity's own: an attribute `destroy` with no key path of its own at `_destroy`.
    private static func nestedAttributesProgram(
        of properties: [PropertyMapping],
        keys: KeyLevel,
        typeValue: String,
        unwritten: Set<Int>
    ) -> WriteProgram? {
        let destroy = properties.indices.filter {
            !properties[$0].isRelationship && properties[$0].name == "destroy" && properties[$0].keyPath == ["destroy"]
        }
        guard !destroy.isEmpty else { return nil }
        return WriteProgram(
            level: keys,
            typeValue: typeValue,
            unwritten: unwritten,
            renamed: Dictionary(uniqueKeysWithValues: destroy.map { ($0, "_destroy") })
        )
    }

    /// Whether a property's userInfo lets it be written (``/ModelMapperSchema/MappingKeys/nonExportable``).
    private static func isExported(_ userInfo: [String: String]) -> Bool {
        !(MappingKeys.firstEntry(of: MappingKeys.nonExportable, in: userInfo).map { MappingKeys.isYes($0.value) }
            ?? false)
    }

    /// The mapping of one entity; its key levels take their ``KeyOrder`` entries from
    /// `keyOrderOffset` on, which moves past them.
    private static func mapping(
        of entity: Int,
        in records: [EntityRecord],
        layout: EntityLayout,
        conventions: ModelConventions.Resolved,
        keyOrderOffset: inout Int
    ) -> EntityMapping {
        let record = records[entity]
        var properties: [PropertyMapping] = []
        properties.reserveCapacity(record.properties.count)
        for (reference, keys) in zip(
            record.properties,
            ConventionKeys.propertyKeys(of: entity, in: records, conventions: conventions)
        ) {
            let owner = records[reference.entity]
            let slot = layout.properties[properties.count]
            if reference.isRelationship {
                let relationship = owner.ownRelationships[reference.index]
                properties.append(
                    relationshipMapping(relationship, slot: slot, keyPath: keys.path, aliasKeys: keys.aliases)
                )
            } else {
                let attribute = owner.ownAttributes[reference.index]
                properties.append(
                    attributeMapping(
                        attribute,
                        slot: slot,
                        keyPath: keys.path,
                        aliasKeys: keys.aliases,
                        conventions: conventions
                    )
                )
            }
        }
        var root = entity
        while let parent = records[root].superentity { root = parent }
        return EntityMapping(
            layout: layout,
            properties: properties,
            isAbstract: record.isAbstract,
            typeKey: record.typeKey,
            typeValue: record.typeValue,
            entityByTypeValue: entitiesByTypeValue(from: entity, in: records),
            identitySlots: identitySlots(of: entity, in: records, names: conventions.identityAttributes),
            identityFamily: root,
            preprocessor: preprocessor(of: entity, in: records),
            entityMapper: MappingKeys.firstEntry(of: MappingKeys.entityMapper, in: record.userInfo)
                .map { ValueTransformer.Name(rawValue: $0.value) },
            keyOrderOffset: &keyOrderOffset
        )
    }

    /// The preprocessing transformer an entity names, or its nearest superentity.
    private static func preprocessor(of entity: Int, in records: [EntityRecord]) -> ValueTransformer.Name? {
        var current: Int? = entity
        while let index = current {
            if let entry = MappingKeys.firstEntry(of: MappingKeys.entityPreprocessor, in: records[index].userInfo) {
                return ValueTransformer.Name(rawValue: entry.value)
            }
            current = records[index].superentity
        }
        return nil
    }

    /// The mapping of a relationship kept in `slot`, read at `keyPath`.
    private static func relationshipMapping(
        _ relationship: RelationshipRecord,
        slot: SlotLayout,
        keyPath: [String],
        aliasKeys: [String]
    ) -> PropertyMapping {
        let writesIdentity =
            MappingKeys.firstEntry(of: MappingKeys.relationshipWritesIdentity, in: relationship.userInfo)
            .map { MappingKeys.isYes($0.value) } ?? false
        return PropertyMapping(
            slot: slot,
            keyPath: keyPath,
            transformerName: nil,
            compositeName: nil,
            writesIdentity: writesIdentity,
            jsonForm: relationship.isKeyedByIdentity
                ? (relationship.omitsIdentityInValues ? .mapOmittingIdentity : .map) : nil,
            aliasKeys: aliasKeys,
            isExported: isExported(relationship.userInfo)
        )
    }

    /// The mapping of an attribute kept in `slot`, read at `keyPath` (none for an attribute the
    /// conventions leave out, which is then neither read nor written).
    private static func attributeMapping(
        _ attribute: AttributeRecord,
        slot: SlotLayout,
        keyPath: [String],
        aliasKeys: [String],
        conventions: ModelConventions.Resolved
    ) -> PropertyMapping {
        var dateFormats: [DateFormat] = []
        if attribute.attributeType == .date,
            let entry = MappingKeys.firstEntry(of: MappingKeys.dateFormats, in: attribute.userInfo)
        {
            dateFormats = DateFormat.list(entry.value)
        }
        return PropertyMapping(
            slot: slot,
            keyPath: keyPath,
            transformerName: attribute.valueTransformerName.map(ValueTransformer.Name.init(rawValue:)),
            // Sync calls the transformer of Xcode's field forward on JSON, as one named in userInfo.
            transformerDirection: conventions.transformerFieldReadsJSON
                ? .jsonToModel : attribute.valueTransformerDirection,
            compositeName: attribute.compositeName,
            dateFormats: dateFormats,
            jsonForm: jsonForm(of: attribute),
            fractionDigits: fractionDigits(of: attribute),
            bounds: ValueBounds(attribute),
            aliasKeys: aliasKeys,
            isExported: !keyPath.isEmpty && isExported(attribute.userInfo)
        )
    }

    /// The declared JSON form of an attribute whose type can take it (see
    /// ``/ModelMapperSchema/MappingKeys/jsonForm``; the model validator reports one that cannot).
    private static func jsonForm(of attribute: AttributeRecord) -> PropertyMapping.JSONForm? {
        // A transformer decides the JSON form of what it writes; the declared form is for plain values.
        guard attribute.valueTransformerName == nil,
            let entry = MappingKeys.firstEntry(of: MappingKeys.jsonForm, in: attribute.userInfo)
        else { return nil }
        switch (entry.value, attribute.attributeType) {
        case ("string", .integer16), ("string", .integer32), ("string", .integer64), ("string", .decimal),
            ("string", .double), ("string", .float), ("string", .boolean):
            return .string
        case ("number", .string): return .number
        default: return nil
        }
    }

    /// The fewest fraction digits an attribute's numbers, or its dates' seconds, are written with (see
    /// ``/ModelMapperSchema/MappingKeys/jsonFractionDigits``); nil when it declares none, or
    /// none its type takes (the model validator reports that).
    private static func fractionDigits(of attribute: AttributeRecord) -> Int? {
        guard attribute.valueTransformerName == nil,
            [.decimal, .double, .float, .date].contains(attribute.attributeType),
            let entry = MappingKeys.firstEntry(of: MappingKeys.jsonFractionDigits, in: attribute.userInfo),
            let digits = Int(entry.value.trimmingSpaces()), (0...18).contains(digits)
        else { return nil }
        return digits
    }

    /// The entities an object of `entity` may be, by the value of their type key: it and its
    /// subentities, those that can have instances.
    private static func entitiesByTypeValue(from entity: Int, in records: [EntityRecord]) -> [String: Int] {
        var entityByTypeValue: [String: Int] = [:]
        var stack = [entity]
        while let current = stack.popLast() {
            if records[current].typeKey != nil, !records[current].isAbstract {
                entityByTypeValue[records[current].typeValue] = current
            }
            stack.append(contentsOf: records[current].subentities)
        }
        return entityByTypeValue
    }
}
