import Foundation

/// What the decoder refuses, asked of objects about to be written and of
/// ``ModelObject/validate(checkingBounds:)``: every value the model requires (``RequiredValue``),
/// and raw values where the object's class asks for them (``ModelObject/rawValueTypes``). One
/// check, so that the encoder never writes a document its own decoder refuses.
enum ValueCheck {
    /// Whether `object` passes: a loop over its required slots, with nothing allocated, as it
    /// runs for every object written.
    static func passes(_ object: ModelObject, required: Bool = true, bounds: Bool = false) -> Bool {
        (!required || passesRequired(object))
            && (!bounds || boundViolations(of: object, keyed: object.baseMapping, at: .root).isEmpty)
    }

    /// Whether `object` has every value the model requires, and raw values where its class
    /// asks: the encoder's check of every object it writes.
    @inline(__always)
    static func passesRequired(_ object: ModelObject) -> Bool {
        // Unowned, as the object holds it: a copy would count a reference to the layout every
        // thread encoding the entity shares, once per object (issue 50).
        unowned(unsafe) let layout = object.layout
        for slot in layout.requiredSlotList where RequiredValue.isMissing(object.storedState(atSlot: slot)) {
            return false
        }
        // Lent: a count on the model every thread shares, once per object, is what issue 50
        // took out.
        let model = object.lentModel
        guard model._withUnsafeGuaranteedRef(\.hasRawValueChecks) else { return true }
        for check in model._withUnsafeGuaranteedRef({ $0.rawValueChecks[layout.entityIndex] }) {
            let value = object[stored: check.slot]
            switch value {
            case .absent, .null: continue
            default: if !check.type.accepts(value) { return false }
            }
        }
        return true
    }

    /// Every problem of `object`'s own values, each at `path` followed by the property's key
    /// path in `keyed` (the mapping of the key casing written), in slot order.
    static func problems(
        of object: ModelObject,
        keyed: EntityMapping,
        at path: JSONPath,
        required: Bool = true,
        bounds: Bool = false
    ) -> [MappingError] {
        let layout = object.layout
        let entityName = object.entity.name
        var problems: [MappingError] = bounds ? boundViolations(of: object, keyed: keyed, at: path) : []
        guard required else { return problems }
        for slot in layout.requiredSlotList {
            let state = object.storedState(atSlot: slot)
            guard RequiredValue.isMissing(state) else { continue }
            problems.append(
                RequiredValue.missingError(
                    keyed.properties[slot],
                    inObjectAt: path,
                    entityName: entityName,
                    model: object.model,
                    found: state == .null ? "the object's is null" : "the object has none",
                    detail: "set it, or turn ModelEncoder.Options.checksValues off to write a draft"
                )
            )
        }
        let model = object.model
        guard model.hasRawValueChecks else { return problems }
        let checks = model.rawValueChecks[layout.entityIndex]
        var reported = -1
        for check in checks where check.slot != reported {
            let value = object[stored: check.slot]
            guard let type = RawValueCheck.refusing(value, inSlot: check.slot, among: checks) else { continue }
            reported = check.slot
            let property = keyed.properties[check.slot]
            problems.append(
                MappingError(
                    .invalidValue,
                    path: path.appending(keys: property.keyPath),
                    entityName: entityName,
                    propertyName: property.name,
                    expected: type.expected,
                    found: value.briefDescription
                )
            )
        }
        return problems
    }

    /// The values of `object` outside the bounds the model declares (see ``ValueBounds``),
    /// each an error at its path.
    static func boundViolations(of object: ModelObject, keyed: EntityMapping, at path: JSONPath) -> [MappingError] {
        var problems: [MappingError] = []
        for slot in 0..<keyed.properties.count {
            guard let bounds = keyed.properties[slot].bounds else { continue }
            let value = object[stored: slot]
            guard let violation = bounds.violation(by: value) else { continue }
            problems.append(
                boundError(
                    violation,
                    value: value,
                    property: keyed.properties[slot],
                    entityName: object.entity.name,
                    path: path
                )
            )
        }
        return problems
    }

    /// The error of a value outside its bounds, alike for the decoder and the encoder.
    static func boundError(
        _ violation: String,
        value: Slot,
        property: PropertyMapping,
        entityName: String,
        path: JSONPath
    ) -> MappingError {
        MappingError(
            .valueOutOfRange,
            path: path.appending(keys: property.keyPath),
            entityName: entityName,
            propertyName: property.name,
            expected: violation,
            found: value.briefDescription
        )
    }
}
