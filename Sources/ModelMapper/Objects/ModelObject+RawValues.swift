import Foundation

/// Typed access to attributes that hold the raw values of a Swift enum (see ``RawValueType``):
/// what `modelgen` generates for an attribute whose userInfo names a `swiftType`.
extension ModelObject {
    /// The value of a String attribute as a `Value`: nil when it is unset (and has no default),
    /// null, or none of `Value`'s raw values.
    ///
    /// For example:
    ///
    /// ```swift
    /// let status: Status? = article.rawRepresentableValue(forKey: "status")
    /// ```
    public func rawRepresentableValue<Value: RawRepresentable>(forKey key: String, as type: Value.Type = Value.self)
        -> Value?
    where Value.RawValue == String {
        (value(forKey: key) as? String).flatMap(Value.init(rawValue:))
    }

    /// The value of an Integer 16, 32 or 64 attribute as a `Value` whose raw values are
    /// integers of any width: nil when it is unset (and has no default), null, or none of
    /// `Value`'s raw values.
    public func rawRepresentableValue<Value: RawRepresentable>(forKey key: String, as type: Value.Type = Value.self)
        -> Value?
    where Value.RawValue: BinaryInteger {
        let number: Int64?
        switch value(forKey: key) {
        case let value as Int16: number = Int64(value)
        case let value as Int32: number = Int64(value)
        case let value as Int64: number = value
        default: number = nil
        }
        return number.flatMap { Value.RawValue(exactly: $0) }.flatMap(Value.init(rawValue:))
    }

    /// Sets a String attribute to `value`'s raw value (nil sets null). As with
    /// ``setPrimitiveValue(_:forKey:)``, a key the entity does not have stops the program.
    public func setRawRepresentableValue<Value: RawRepresentable>(_ value: Value?, forKey key: String)
    where Value.RawValue == String {
        setPrimitiveValue(value?.rawValue, forKey: key)
    }

    /// Sets an Integer 16, 32 or 64 attribute to `value`'s raw value (nil sets null). As with
    /// ``setPrimitiveValue(_:forKey:)``, a key the entity does not have, or a raw value out of
    /// the attribute's range (an enum whose raw values do not fit the model's type), stops the
    /// program: both are mistakes in the code, not in data.
    public func setRawRepresentableValue<Value: RawRepresentable>(_ value: Value?, forKey key: String)
    where Value.RawValue: BinaryInteger {
        guard let value else { return setPrimitiveValue(nil, forKey: key) }
        guard let number = Int64(exactly: value.rawValue) else {
            preconditionFailure(
                "setRawRepresentableValue(_:forKey: \"\(key)\") on \(entity.name): \(value.rawValue) is not a 64-bit "
                    + "integer"
            )
        }
        setPrimitiveValue(number, forKey: key)
    }
}
