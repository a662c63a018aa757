import Foundation

extension AttributeType {
    /// Converts a value set in code to the attribute's Swift type, exactly or not at all.
    func modelValue(_ value: Any) throws(MappingError) -> Any {
        let type = self
        func fail() -> MappingError {
            MappingError(
                .typeMismatch,
                expected: type.swiftTypeName ?? type.rawValue,
                found: "a value of type \(Swift.type(of: value))"
            )
        }
        switch type {
        case .integer16: return try Self.exactInteger(value, as: Int16.self, fail: fail)
        case .integer32: return try Self.exactInteger(value, as: Int32.self, fail: fail)
        case .integer64: return try Self.exactInteger(value, as: Int64.self, fail: fail)
        case .double: return try Self.finiteDouble(value, fail: fail)
        case .float: return try Self.finiteFloat(value, fail: fail)
        case .decimal:
            if let decimal = value as? Decimal { return decimal }
            if let int = value as? any BinaryInteger, let exact = Int64(exactly: int) { return Decimal(exact) }
            if let double = value as? Double, double.isFinite { return Decimal(double) }
            throw fail()
        case .string:
            if let string = value as? String { return string }
            if let substring = value as? Substring { return String(substring) }
            throw fail()
        case .boolean:
            guard let bool = value as? Bool else { throw fail() }
            return bool
        case .date:
            guard let date = value as? Date else { throw fail() }
            return date
        case .binaryData:
            guard let data = value as? Data else { throw fail() }
            return data
        case .uuid:
            guard let uuid = value as? UUID else { throw fail() }
            return uuid
        case .uri:
            guard let url = value as? URL else { throw fail() }
            return url
        case .composite:
            guard let fields = value as? [String: Any] else { throw fail() }
            return fields
        case .transformable, .undefined, .objectID:
            return value
        }
    }

    /// A Double set in code (a Float or an integer converted to one), finite.
    private static func finiteDouble(_ value: Any, fail: () -> MappingError) throws(MappingError) -> Double {
        let double: Double
        if let value = value as? Double {
            double = value
        } else if let float = value as? Float {
            double = Double(float)
        } else if let int = value as? any BinaryInteger {
            double = Double(int)
        } else {
            throw fail()
        }
        guard double.isFinite else {
            throw MappingError(
                .valueOutOfRange,
                expected: "a finite Double (JSON has no infinity or NaN)",
                found: "\(double)"
            )
        }
        return double
    }

    /// A Float set in code (a Double or an integer converted to one), finite.
    private static func finiteFloat(_ value: Any, fail: () -> MappingError) throws(MappingError) -> Float {
        let float: Float
        if let value = value as? Float {
            float = value
        } else if let double = value as? Double {
            float = Float(double)
        } else if let int = value as? any BinaryInteger {
            float = Float(int)
        } else {
            throw fail()
        }
        guard float.isFinite else {
            throw MappingError(
                .valueOutOfRange,
                expected: "a finite Float (JSON has no infinity or NaN)",
                found: "\(value)"
            )
        }
        return float
    }

    private static func exactInteger<Value: FixedWidthInteger>(_ value: Any, as: Value.Type, fail: () -> MappingError)
        throws(MappingError) -> Value
    {
        guard let integer = value as? any BinaryInteger else { throw fail() }
        guard let exact = Value(exactly: integer) else {
            throw MappingError(
                .valueOutOfRange,
                expected: "\(Value.self) (\(Value.min)...\(Value.max))",
                found: "\(integer)"
            )
        }
        return exact
    }
}
