import Foundation

/// An attribute whose values must be raw values of a Swift type: its slot and the type.
struct RawValueCheck: Sendable {
    let slot: Int
    let type: RawValueType

    /// The check of `checks` (an entity's, in slot order) that refuses `value` in `slot`: the
    /// first, where a slot has two (the values its model lists, then its class's raw values);
    /// nil when every one accepts it, or it is null or absent. What the decoder and the encoder's and
    /// `validate()`'s problems both report, so that one value is one error through each.
    static func refusing(_ value: Slot, inSlot slot: Int, among checks: [RawValueCheck]) -> RawValueType? {
        switch value {
        case .null, .absent: return nil
        default: break
        }
        return checks.first { $0.slot == slot && !$0.type.accepts(value) }?.type
    }
}

extension ObjectModel {
    /// Per entity, the attributes whose model lists the values their JSON may hold
    /// (``/ModelMapperSchema/MappingKeys/jsonValues``), inherited ones too, in slot order:
    /// checked as a bound class's raw values are, bound or not.
    static func listedValueChecks(records: [EntityRecord]) -> [[RawValueCheck]] {
        records.map { record in
            record.properties.indices.compactMap { slot in
                listedValues(ofSlot: slot, in: record, records: records)
                    .map {
                        RawValueCheck(slot: slot, type: .listed($0))
                    }
            }
        }
    }

    /// The values the attribute in `slot` of `record` lists; nil when it lists none or is a
    /// relationship. What the checks and ``JSONContract`` read.
    static func listedValues(ofSlot slot: Int, in record: EntityRecord, records: [EntityRecord]) -> DeclaredValues? {
        let reference = record.properties[slot]
        guard !reference.isRelationship else { return nil }
        return records[reference.entity].listedValues[reference.index]
    }

    /// ``listedValueChecks(records:)`` of this model, made once.
    var listedValueChecks: [[RawValueCheck]] {
        planCache.plan(
            in: .listedValueChecks,
            as: ListedValueChecks.self,
            make: { ListedValueChecks(Self.listedValueChecks(records: entityRecords)) }
        )
        .all
    }

    /// The checks the bound classes ask for (``ModelObject/rawValueTypes``), per entity, in
    /// slot order. A class naming an attribute the entity does not have, or one of a type that
    /// cannot hold the raw values (a String attribute for an enum of integers), is refused:
    /// the class and the model disagree, and decoding would check nothing or everything.
    ///
    /// - Throws: ``/ModelMapperSchema/ModelLoadingError`` listing every such attribute.
    static func rawValueChecks(
        of classes: [ModelObject.Type],
        records: [EntityRecord]
    ) throws(ModelLoadingError) -> [[RawValueCheck]] {
        var problems: [ModelDiagnostic] = []
        let checks = records.indices.map { index -> [RawValueCheck] in
            let objectClass = classes[index]
            guard objectClass != ModelObject.self else { return [] }
            let record = records[index]
            let types = objectClass.rawValueTypes
            guard !types.isEmpty else { return [] }
            var found: [RawValueCheck] = []
            for (name, type) in types.sorted(by: { $0.key < $1.key }) {
                guard let slot = record.propertyIndexByName[name], !record.properties[slot].isRelationship else {
                    problems.append(
                        ModelDiagnostic(
                            .rawValuesUnknownAttribute(
                                className: "\(objectClass)",
                                attribute: name,
                                type: type.typeName,
                                entity: record.name
                            ),
                            at: record.location
                        )
                    )
                    continue
                }
                let reference = record.properties[slot]
                let attribute = records[reference.entity].ownAttributes[reference.index]
                guard type.kind.admits(attribute.attributeType) else {
                    let needed = type.kind == .string ? "a String" : "an Integer 16, 32 or 64"
                    problems.append(
                        ModelDiagnostic(
                            .rawValuesWrongType(
                                className: "\(objectClass)",
                                attribute: "\(record.name).\(name)",
                                type: type.typeName,
                                needed: "\(needed)",
                                actual: attribute.attributeType.rawValue
                            ),
                            at: records[reference.entity].location(of: reference)
                        )
                    )
                    continue
                }
                found.append(RawValueCheck(slot: slot, type: type))
            }
            found.sort { $0.slot < $1.slot }
            return found
        }
        guard problems.isEmpty else { throw ModelLoadingError(diagnostics: problems) }
        return checks
    }
}
