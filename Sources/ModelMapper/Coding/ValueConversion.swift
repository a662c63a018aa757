import Foundation

/// Converts attribute values between JSON and their Swift type, as DESIGN.md's type rules say.
/// Errors carry what was expected and found; callers add the path, entity and property.
enum ValueConversion {
    // MARK: JSON -> model

    /// The model value of a JSON value (not null) for an attribute without a transformer.
    static func decode(_ json: JSONValue, for property: PropertyMapping, strict: Bool, dateFormat: DateFormat, model: ObjectModel) throws(MappingError) -> Any {
        let type = property.attributeType
        switch type {
        case .integer16: return try integer(json, as: Int16.self, type: type, strict: strict)
        case .integer32: return try integer(json, as: Int32.self, type: type, strict: strict)
        case .integer64: return try integer(json, as: Int64.self, type: type, strict: strict)
        case .double:
            let text = try numberText(json, type: type, strict: strict)
            guard let value = Double(text) else { throw mismatch(type, json) }
            guard value.isFinite else { throw MappingError(.valueOutOfRange, expected: "a Double", found: text) }
            return value
        case .float:
            let text = try numberText(json, type: type, strict: strict)
            guard let value = Float(text) else { throw mismatch(type, json) }
            guard value.isFinite else { throw MappingError(.valueOutOfRange, expected: "a Float (at most \(Float.greatestFiniteMagnitude))", found: text) }
            return value
        case .decimal:
            let text = try numberText(json, type: type, strict: strict)
            // Parsed once: its grammar, then whether a Decimal holds it exactly.
            guard let literal = DecimalLiteral(text.trimmingSpaces()) else { throw mismatch(type, json) }
            guard let value = literal.decimal else {
                throw MappingError(.valueOutOfRange, expected: "a Decimal (at most 38 significant digits, powers of ten from -128 to 127)", found: text)
            }
            return value
        case .string:
            switch json {
            case .string(let text): return text
            case .number(let text) where !strict: return text
            case .bool(let value) where !strict: return value ? "true" : "false"
            default: throw mismatch(type, json)
            }
        case .boolean:
            switch json {
            case .bool(let value): return value
            case .number(let text) where !strict:
                // Exactly 0 or 1, read from the digits: 1e-400 is not 0, however a Double rounds it.
                if let literal = DecimalLiteral(text), literal.isZero || (literal.digits == [1] && literal.exponent == 0 && !literal.isNegative) {
                    return !literal.isZero
                }
                throw MappingError(.invalidValue, expected: "a Boolean (true or false, 0 or 1)", found: text)
            case .string(let text) where !strict:
                switch text.trimmingSpaces().lowercased() {
                case "true", "yes", "1": return true
                case "false", "no", "0": return false
                default: throw MappingError(.invalidValue, expected: "a Boolean (true or false, \"YES\" or \"NO\", 0 or 1)", found: describe(json))
                }
            default: throw mismatch(type, json)
            }
        case .date:
            if strict, case .string = json, dateFormat == .secondsSince1970 || dateFormat == .millisecondsSince1970 {
                throw mismatch(type, json, expected: dateFormat.expectation)
            }
            do {
                return try dateFormat.date(from: json)
            } catch {
                let code: MappingError.Code = json.isString || json.isNumber ? .invalidValue : .typeMismatch
                throw MappingError(code, expected: error.expected, found: code == .typeMismatch ? error.found : describe(json))
            }
        case .binaryData:
            guard case .string(let text) = json else { throw mismatch(type, json, expected: "base64 text") }
            guard let data = Data(base64Encoded: text) else { throw MappingError(.invalidValue, expected: "base64 text", found: describe(json)) }
            return data
        case .uuid:
            guard case .string(let text) = json else { throw mismatch(type, json, expected: "a UUID string") }
            guard let uuid = UUID(uuidString: text) else { throw MappingError(.invalidValue, expected: "a UUID string", found: describe(json)) }
            return uuid
        case .uri:
            guard case .string(let text) = json else { throw mismatch(type, json, expected: "a URL string") }
            guard let url = URL(string: text) else { throw MappingError(.invalidValue, expected: "a URL string", found: describe(json)) }
            return url
        case .composite:
            guard case .object(let object) = json else { throw mismatch(type, json, expected: "an object") }
            return try decodeComposite(object, name: property.compositeName, strict: strict, dateFormat: dateFormat, model: model)
        case .transformable, .undefined, .objectID:
            return json.foundationObject
        }
    }

    /// A composite value: its declared fields converted to their types, other keys kept as they are.
    private static func decodeComposite(_ object: JSONObject, name: String?, strict: Bool, dateFormat: DateFormat, model: ObjectModel) throws(MappingError) -> [String: Any] {
        let elements = name.flatMap(model.composite(named:))?.elements ?? []
        var result: [String: Any] = [:]
        for (key, value) in object {
            guard case .null = value else {
                if let element = elements.first(where: { $0.name == key }) {
                    let field = PropertyMapping.compositeField(element)
                    do {
                        result[key] = try decode(value, for: field, strict: strict, dateFormat: dateFormat, model: model)
                    } catch {
                        var located = error
                        located.path = located.path.appending(key: key)
                        throw located
                    }
                } else {
                    result[key] = value.foundationObject
                }
                continue
            }
            result[key] = NSNull()
        }
        return result
    }

    private static func integer<Value: FixedWidthInteger>(_ json: JSONValue, as: Value.Type, type: AttributeType, strict: Bool) throws(MappingError) -> Value {
        let text = try numberText(json, type: type, strict: strict)
        if let value = Value(text) { return value }
        let range = "\(type.rawValue) (\(Value.min)...\(Value.max))"
        // 1.0 and 1e3 are integers too; 1.5 is not; 70000 is out of range for Int16. Read from
        // the digits, exactly and without arithmetic that can overflow.
        if let literal = DecimalLiteral(text) {
            switch literal.integer(as: Value.self) {
            case .value(let value): return value
            case .fraction: throw MappingError(.invalidValue, expected: "an integer", found: text)
            case .outOfRange: throw MappingError(.valueOutOfRange, expected: range, found: text)
            }
        }
        throw mismatch(type, json)
    }

    /// The text of a number, or of a numeric string when not strict.
    private static func numberText(_ json: JSONValue, type: AttributeType, strict: Bool) throws(MappingError) -> String {
        switch json {
        case .number(let text): return text
        case .string(let text) where !strict:
            // Numbers from strings are read trimmed, so the decoder's number parsers see clean text.
            let trimmed = text.trimmingSpaces()
            guard AttributeType.isDecimalLiteral(trimmed) else {
                throw MappingError(.invalidValue, expected: "a number", found: describe(json))
            }
            return trimmed
        default: throw mismatch(type, json)
        }
    }

    static func mismatch(_ type: AttributeType, _ json: JSONValue, expected: String? = nil) -> MappingError {
        MappingError(.typeMismatch, expected: expected ?? type.rawValue, found: describe(json))
    }

    /// A short description of a JSON value for messages: `"abc"`, `42`, `an array`.
    static func describe(_ json: JSONValue) -> String {
        switch json {
        case .string(let text): return "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array, .object: return json.typeDescription
        }
    }

    // MARK: model -> JSON

    /// The JSON form of an attribute value (of the attribute's type) without a transformer.
    static func encode(_ value: Any, for property: PropertyMapping, dateFormat: DateFormat, model: ObjectModel) throws(MappingError) -> JSONValue {
        switch (property.attributeType, value) {
        case (.integer16, let int as Int16): return .integer(int)
        case (.integer32, let int as Int32): return .integer(int)
        case (.integer64, let int as Int64): return .integer(int)
        case (.double, let double as Double):
            guard double.isFinite else { throw MappingError(.notRepresentable, found: "\(double)", detail: "JSON numbers are finite") }
            return .number("\(double)")
        case (.float, let float as Float):
            guard float.isFinite else { throw MappingError(.notRepresentable, found: "\(float)", detail: "JSON numbers are finite") }
            return .number("\(float)")
        case (.decimal, let decimal as Decimal):
            guard !decimal.isNaN else { throw MappingError(.notRepresentable, found: "NaN") }
            return .number(decimal.description)
        case (.string, let string as String): return .string(string)
        case (.boolean, let bool as Bool): return .bool(bool)
        case (.date, let date as Date): return dateFormat.jsonValue(for: date)
        case (.binaryData, let data as Data): return .string(data.base64EncodedString())
        case (.uuid, let uuid as UUID): return .string(uuid.uuidString)
        case (.uri, let url as URL): return .string(url.absoluteString)
        case (.composite, let fields as [String: Any]):
            let elements = property.compositeName.flatMap(model.composite(named:))?.elements ?? []
            var object = JSONObject()
            for key in fields.keys.sorted() {
                let field = fields[key] ?? NSNull()
                if let element = elements.first(where: { $0.name == key }), !(field is NSNull) {
                    object[key] = try encode(field, for: PropertyMapping.compositeField(element), dateFormat: dateFormat, model: model)
                } else {
                    object[key] = try JSONValue(foundationObject: field)
                }
            }
            return .object(object)
        case (.transformable, _), (.undefined, _), (.objectID, _):
            return try JSONValue(foundationObject: value)
        default:
            throw MappingError(.notRepresentable, expected: property.attributeType.swiftTypeName ?? property.attributeType.rawValue,
                               found: "a value of type \(type(of: value))")
        }
    }

    // MARK: Swift values set in code

    /// Converts a value set in code to the attribute's Swift type, exactly or not at all.
    static func modelValue(_ value: Any, for property: PropertyMapping) throws(MappingError) -> Any {
        let type = property.attributeType
        func fail() -> MappingError {
            MappingError(.typeMismatch, expected: type.swiftTypeName ?? type.rawValue, found: "a value of type \(Swift.type(of: value))")
        }
        switch type {
        case .integer16: return try exactInteger(value, as: Int16.self, fail: fail)
        case .integer32: return try exactInteger(value, as: Int32.self, fail: fail)
        case .integer64: return try exactInteger(value, as: Int64.self, fail: fail)
        case .double:
            let double: Double
            if let value = value as? Double { double = value } else if let float = value as? Float { double = Double(float) } else if let int = value as? any BinaryInteger { double = Double(int) } else { throw fail() }
            guard double.isFinite else { throw MappingError(.valueOutOfRange, expected: "a finite Double (JSON has no infinity or NaN)", found: "\(double)") }
            return double
        case .float:
            let float: Float
            if let value = value as? Float { float = value } else if let double = value as? Double { float = Float(double) } else if let int = value as? any BinaryInteger { float = Float(int) } else { throw fail() }
            guard float.isFinite else { throw MappingError(.valueOutOfRange, expected: "a finite Float (JSON has no infinity or NaN)", found: "\(value)") }
            return float
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

    private static func exactInteger<Value: FixedWidthInteger>(_ value: Any, as: Value.Type, fail: () -> MappingError) throws(MappingError) -> Value {
        guard let integer = value as? any BinaryInteger else { throw fail() }
        guard let exact = Value(exactly: integer) else {
            throw MappingError(.valueOutOfRange, expected: "\(Value.self) (\(Value.min)...\(Value.max))", found: "\(integer)")
        }
        return exact
    }
}

extension PropertyMapping {
    /// A field of a composite, mapped like an attribute.
    static func compositeField(_ element: CompositeDescription.Element) -> PropertyMapping {
        PropertyMapping(
            name: element.name, keyPath: [element.name], isRelationship: false, attributeType: element.attributeType,
            isOptional: true, defaultValue: nil, transformerName: nil, compositeName: element.compositeName,
            destination: -1, isToMany: false, inverseSlot: nil, sharedKeys: nil
        )
    }
}

extension JSONValue {
    var isString: Bool { if case .string = self { true } else { false } }
    var isNumber: Bool { if case .number = self { true } else { false } }
}
