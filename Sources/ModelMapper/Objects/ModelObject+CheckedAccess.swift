import Foundation

extension ModelObject {
    /// The value of the property named `key`, as ``value(forKey:)`` reads it, or an error when
    /// the entity has no such property: the checked form, for code where a misspelled name
    /// (`"totl"`) must not read as a missing value.
    ///
    /// For example:
    ///
    /// ```swift
    /// let total = try order.checkedValue(forKey: "total")   // the value, or nil when unset
    /// _ = try order.checkedValue(forKey: "totl")            // MappingError.unknownKey: did you mean 'total'?
    /// ```
    ///
    /// - Throws: ``MappingError/unknownKey(_:)`` naming `key` and the entity, with the closest
    ///   property name it has as a suggestion.
    public func checkedValue(forKey key: String) throws(MappingError) -> Any? {
        guard let slot = layout.slotByName[key] else { throw unknownKey(key) }
        return value(atSlot: slot)
    }
}
