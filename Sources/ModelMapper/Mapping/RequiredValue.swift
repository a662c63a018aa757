import Foundation

/// The one rule for the values the model requires: which properties
/// (``EntityLayout/requiredSlotList``: an attribute neither optional nor defaulted, a to-one
/// relationship neither optional nor transient), when one lacks its value, and the error that
/// says so. The decoder asks it of each object it reads, the graph of each object new to it,
/// and the encoder of each object it writes (``ValueCheck``), so that what one refuses the
/// others refuse, in the same words. Whether an object is asked at all is
/// ``ModelDecoder/Options/requiresValues(of:)``.
enum RequiredValue {
    /// Whether a required slot lacks its value: none given, or `null`.
    @inline(__always)
    static func isMissing(_ state: SlotStorage.State) -> Bool {
        state == .absent || state == .null
    }

    /// Whether a required slot of a frame being read lacks its value, as ``isMissing(_:)-(SlotStorage.State)``.
    @inline(__always)
    static func isMissing(_ slots: SlotPointer, _ slot: Int) -> Bool {
        slots.isAbsentOrNull(slot)
    }

    /// The error of `property` lacking its value in the object at `objectPath`.
    ///
    /// - Parameters:
    ///   - property: the required property.
    ///   - objectPath: the path of the object that lacks it.
    ///   - entityName: the object's entity.
    ///   - model: the model, which names a relationship's destination.
    ///   - found: what the error says was found; by default, the property's own words
    ///     (``PropertyMapping/missingValueFound``).
    ///   - detail: what to do about it (the key the object holds under another casing, …).
    /// - Returns: a `.missingValue` error at the property's key path in the object.
    static func missingError(
        _ property: PropertyMapping,
        inObjectAt objectPath: JSONPath,
        entityName: String,
        model: ObjectModel,
        found: String? = nil,
        detail: String? = nil
    ) -> MappingError {
        MappingError(
            .missingValue,
            path: objectPath.appending(keys: property.keyPath),
            entityName: entityName,
            propertyName: property.name,
            expected: property.expectedValue(in: model),
            found: found ?? property.missingValueFound,
            detail: detail
        )
    }
}
