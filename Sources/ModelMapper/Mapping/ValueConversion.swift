import Foundation
@_spi(Engine) import ModelMapperSchema

/// Converts attribute values between JSON and their Swift type, as DESIGN.md's type rules say.
/// Errors carry what was expected and found; callers add the path, entity and property.
enum ValueConversion {
    // MARK: JSON -> model

    /// The slot value of a JSON value (not null) for an attribute without a transformer.
    static func decode(
        _ json: JSONValue,
        for property: PropertyMapping,
        strict: Bool,
        acceptsReformattedNumbers: Bool = false,
        dateFormat: DateFormat,
        model: ObjectModel
    ) throws(MappingError) -> Slot {
        try JSONToken.with(json) { token throws(MappingError) in
            try decode(
                token,
                for: property,
                strict: strict,
                acceptsReformattedNumbers: acceptsReformattedNumbers,
                dateFormat: dateFormat,
                model: model
            )
        }
    }

    /// The slot value of a JSON token (not null) for an attribute without a transformer:
    /// the one conversion both the byte decoder and the tree paths use.
    /// `acceptsReformattedNumbers`: see ``ModelDecoder/Options/acceptsReformattedNumbers``.
    static func decode(
        _ token: JSONToken,
        for property: PropertyMapping,
        strict: Bool,
        acceptsReformattedNumbers: Bool = false,
        dateFormat: DateFormat,
        model: ObjectModel
    ) throws(MappingError) -> Slot {
        let type = property.attributeType
        // A declared JSON form is read whatever the strictness: it is what the API sends.
        let strict = strict && property.jsonForm == nil
        let text = NumberText(strict: strict, acceptsReformatted: acceptsReformattedNumbers)
        switch type {
        case .integer16: return .integer(Int64(try integer(token, as: Int16.self, type: type, text: text)))
        case .integer32: return .integer(Int64(try integer(token, as: Int32.self, type: type, text: text)))
        case .integer64: return .integer(try integer(token, as: Int64.self, type: type, text: text))
        case .double: return try double(token, text: text)
        case .float: return try float(token, text: text)
        case .decimal: return try decimal(token, text: text)
        case .string: return try string(token, strict: strict)
        case .boolean: return try boolean(token, strict: strict)
        case .date where !property.dateFormats.isEmpty:
            return try date(token, formats: property.dateFormats, strict: strict)
        case .date: return try date(token, format: dateFormat, strict: strict)
        case .binaryData: return try binaryData(token)
        case .uuid: return try uuid(token)
        case .uri: return try url(token)
        case .composite:
            guard case .container(.object(let object)) = token else {
                throw mismatch(type, token, expected: "an object")
            }
            return .value(
                try decodeComposite(
                    object,
                    name: property.compositeName,
                    strict: strict,
                    acceptsReformattedNumbers: acceptsReformattedNumbers,
                    dateFormat: dateFormat,
                    model: model
                )
            )
        case .transformable, .undefined, .objectID:
            let value = FoundationJSON.value(of: token)
            if let error = MappingError.shapeMismatch(of: value, declaredBy: property.jsonShape) { throw error }
            return .value(value)
        }
    }

    // MARK: JSON -> model, one attribute type each

    private static func double(_ token: JSONToken, text rules: NumberText) throws(MappingError) -> Slot {
        let text = try numberBytes(token, type: .double, rules)
        guard let value = NumberReading.double(text) else { throw mismatch(.double, token) }
        guard value.isFinite else {
            throw MappingError(.valueOutOfRange, expected: "a Double", found: describe(token))
        }
        return .floatingPoint(value)
    }

    private static func float(_ token: JSONToken, text rules: NumberText) throws(MappingError) -> Slot {
        let text = try numberBytes(token, type: .float, rules)
        guard let value = NumberReading.float(text) else { throw mismatch(.float, token) }
        guard value.isFinite else {
            throw MappingError(
                .valueOutOfRange,
                expected: "a Float (at most \(Float.greatestFiniteMagnitude))",
                found: describe(token)
            )
        }
        return .floatingPoint(Double(value))
    }

    private static func decimal(_ token: JSONToken, text rules: NumberText) throws(MappingError) -> Slot {
        switch NumberReading.decimal(try numberBytes(token, type: .decimal, rules)) {
        case .value(let value): return .decimal(value)
        case .notANumber: throw mismatch(.decimal, token)
        case .notExact:
            throw MappingError(
                .valueOutOfRange,
                expected: "a Decimal (at most 38 significant digits, powers of ten from -128 to 127)",
                found: describe(token)
            )
        }
    }

    private static func string(_ token: JSONToken, strict: Bool) throws(MappingError) -> Slot {
        switch token {
        case .string(let bytes): return .string(UTF8Validation.string(ofValid: bytes))
        case .number(let bytes) where !strict: return .string(String(decoding: bytes, as: UTF8.self))
        case .bool(let value) where !strict: return .string(value ? "true" : "false")
        default: throw mismatch(.string, token)
        }
    }

    private static func boolean(_ token: JSONToken, strict: Bool) throws(MappingError) -> Slot {
        switch token {
        case .bool(let value): return .boolean(value)
        case .number(let bytes) where !strict:
            // Exactly 0 or 1, read from the digits: 1e-400 is not 0, however a Double rounds it.
            if let literal = DecimalLiteral(utf8: bytes),
                literal.isZero || (literal.digits == [1] && literal.exponent == 0 && !literal.isNegative)
            {
                return .boolean(!literal.isZero)
            }
            throw MappingError(.invalidValue, expected: "a Boolean (true or false, 0 or 1)", found: describe(token))
        case .string(let bytes) where !strict:
            switch String(decoding: bytes, as: UTF8.self).trimmingSpaces().lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default:
                throw MappingError(
                    .invalidValue,
                    expected: "a Boolean (true or false, \"YES\" or \"NO\", 0 or 1)",
                    found: describe(token)
                )
            }
        default: throw mismatch(.boolean, token)
        }
    }

    /// A date in the first of the attribute's own formats that reads it.
    private static func date(_ token: JSONToken, formats: [DateFormat], strict: Bool) throws(MappingError) -> Slot {
        for format in formats {
            if strict, case .string = token, format.isNumberSince1970 {
                continue
            }
            if let date = try? format.date(from: token) { return .date(date) }
        }
        throw MappingError(
            token.isScalarText ? .invalidValue : .typeMismatch,
            expected: formats.map(\.expectation).joined(separator: ", or "),
            found: describe(token)
        )
    }

    /// A date in the options' format.
    private static func date(_ token: JSONToken, format: DateFormat, strict: Bool) throws(MappingError) -> Slot {
        if strict, case .string = token, format.isNumberSince1970 {
            throw mismatch(.date, token, expected: format.expectation)
        }
        do {
            return .date(try format.date(from: token))
        } catch {
            let code: MappingError.Code = token.isScalarText ? .invalidValue : .typeMismatch
            throw MappingError(
                code,
                expected: error.expected,
                found: code == .typeMismatch ? error.found : describe(token),
                detail: error.detail
            )
        }
    }

    private static func binaryData(_ token: JSONToken) throws(MappingError) -> Slot {
        guard case .string(let bytes) = token else { throw mismatch(.binaryData, token, expected: "base64 text") }
        guard let data = Base64Text.data(from: bytes) else {
            throw MappingError(.invalidValue, expected: "base64 text", found: describe(token))
        }
        return .data(data)
    }

    private static func uuid(_ token: JSONToken) throws(MappingError) -> Slot {
        guard case .string(let bytes) = token else { throw mismatch(.uuid, token, expected: "a UUID string") }
        if let uuid = UUIDText.uuid(from: bytes) { return .uuid(uuid) }
        guard let uuid = UUID(uuidString: String(decoding: bytes, as: UTF8.self)) else {
            throw MappingError(.invalidValue, expected: "a UUID string", found: describe(token))
        }
        return .uuid(uuid)
    }

    private static func url(_ token: JSONToken) throws(MappingError) -> Slot {
        guard case .string(let bytes) = token else { throw mismatch(.uri, token, expected: "a URL string") }
        guard let url = URL(string: UTF8Validation.string(ofValid: bytes)) else {
            throw MappingError(.invalidValue, expected: "a URL string", found: describe(token))
        }
        return .url(url)
    }

    /// The value of a token of the very type a plain attribute reads (a number for a number
    /// type, `true`/`false` for a Boolean), as `decode` gives it, without the property: the
    /// decoder's second fast path, after the one that reads strings and short integers while
    /// scanning them (``ObjectDecoder``'s `readPlainValue`). Nil for anything else (other
    /// kinds, lenient conversions, values `decode` rejects), which `decode` then handles.
    @inline(__always)
    static func plainValue(_ token: JSONToken, kind: SlotReading.Kind) -> Slot? {
        switch (kind, token) {
        case (.integer64, .number(let bytes)):
            if case .value(let value)? = NumberReading.integer(bytes, as: Int64.self) { return .integer(value) }
        case (.integer32, .number(let bytes)):
            if case .value(let value)? = NumberReading.integer(bytes, as: Int32.self) { return .integer(Int64(value)) }
        case (.integer16, .number(let bytes)):
            if case .value(let value)? = NumberReading.integer(bytes, as: Int16.self) { return .integer(Int64(value)) }
        case (.double, .number(let bytes)):
            if let value = NumberReading.double(bytes), value.isFinite { return .floatingPoint(value) }
        case (.float, .number(let bytes)):
            if let value = NumberReading.float(bytes), value.isFinite { return .floatingPoint(Double(value)) }
        case (.decimal, .number(let bytes)):
            if case .value(let value) = NumberReading.decimal(bytes) { return .decimal(value) }
        case (.boolean, .bool(let value)): return .boolean(value)
        case (.rawJSON, .number), (.rawJSON, .string), (.rawJSON, .bool): return .value(FoundationJSON.value(of: token))
        default: break
        }
        return nil
    }

    /// A composite value: its declared fields converted to their types, other keys kept as they are.
    private static func decodeComposite(
        _ object: JSONObject,
        name: String?,
        strict: Bool,
        acceptsReformattedNumbers: Bool,
        dateFormat: DateFormat,
        model: ObjectModel
    ) throws(MappingError) -> [String: Any] {
        let elements = name.flatMap(model.composite(named:))?.elements ?? []
        var result: [String: Any] = [:]
        for (key, value) in object {
            guard case .null = value else {
                if let element = elements.first(where: { $0.name == key }) {
                    let field = PropertyMapping.compositeField(element)
                    do {
                        let slot = try decode(
                            value,
                            for: field,
                            strict: strict,
                            acceptsReformattedNumbers: acceptsReformattedNumbers,
                            dateFormat: dateFormat,
                            model: model
                        )
                        result[key] = slot.attributeValue(type: field.attributeType)
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

    private static func integer<Value: FixedWidthInteger>(
        _ token: JSONToken,
        as: Value.Type,
        type: AttributeType,
        text rules: NumberText
    ) throws(MappingError) -> Value {
        let text = try numberBytes(token, type: type, rules)
        // 1.0 and 1e3 are integers too; 1.5 is not; 70000 is out of range for Int16. Read from
        // the digits, exactly and without arithmetic that can overflow.
        switch NumberReading.integer(text, as: Value.self) {
        case .value(let value)?: return value
        case .fraction?: throw MappingError(.invalidValue, expected: "an integer", found: describe(token))
        case .outOfRange?:
            throw MappingError(
                .valueOutOfRange,
                expected: "\(type.rawValue) (\(Value.min)...\(Value.max))",
                found: describe(token)
            )
        case nil: throw mismatch(type, token)
        }
    }

    /// The bytes of a number, or of a numeric string (trimmed) when not strict: one whose
    /// text the type writes back the same, unless reformatting is accepted
    /// (``NumberText/rewrites(_:as:)``).
    private static func numberBytes(_ token: JSONToken, type: AttributeType, _ rules: NumberText) throws(MappingError)
        -> UnsafeBufferPointer<UInt8>
    {
        switch token {
        case .number(let bytes): return bytes
        case .string(let bytes) where !rules.strict:
            let trimmed = bytes.trimmingSpaces()
            guard DecimalLiteral(utf8: trimmed) != nil else {
                throw MappingError(.invalidValue, expected: "a number", found: describe(token))
            }
            if !rules.acceptsReformatted, let change = NumberText.rewrites(bytes, as: type) {
                throw MappingError(
                    .invalidValue,
                    expected: "a number as \(type.rawValue) writes it back",
                    found: describe(token) + " (\(change))",
                    detail: "the text would not come back the same: declare the attribute a String to keep it as "
                        + "sent, or set ModelDecoder.Options.acceptsReformattedNumbers to keep the number"
                )
            }
            return trimmed
        default: throw mismatch(type, token)
        }
    }

    static func mismatch(_ type: AttributeType, _ token: JSONToken, expected: String? = nil) -> MappingError {
        MappingError(.typeMismatch, expected: expected ?? type.rawValue, found: describe(token))
    }

    /// A short description of a JSON value for messages: `"abc"`, `42`, `an array`.
    static func describe(_ token: JSONToken) -> String {
        switch token {
        case .string(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            return "\"" + (text.count > 40 ? text.prefix(40) + "…" : text) + "\""
        case .number(let bytes):
            // A hostile number can be megabytes of digits: an error quotes its start and its length.
            guard bytes.count > 40 else { return String(decoding: bytes, as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<40]), as: UTF8.self)
                + "… (\(bytes.count) characters)"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .container(let value): return value.typeDescription
        }
    }

    // MARK: model -> JSON

    /// The JSON form of an attribute value (of the attribute's type) without a transformer.
    static func encode(_ value: Any, for property: PropertyMapping, dateFormat: DateFormat, model: ObjectModel)
        throws(MappingError) -> JSONValue
    {
        switch (property.attributeType, value) {
        case (.integer16, let int as Int16): return .integer(int)
        case (.integer32, let int as Int32): return .integer(int)
        case (.integer64, let int as Int64): return .integer(int)
        case (.double, let double as Double):
            guard double.isFinite else {
                throw MappingError(.notRepresentable, found: "\(double)", detail: "JSON numbers are finite")
            }
            return .number("\(double)")
        case (.float, let float as Float):
            guard float.isFinite else {
                throw MappingError(.notRepresentable, found: "\(float)", detail: "JSON numbers are finite")
            }
            return .number("\(float)")
        case (.decimal, let decimal as Decimal):
            guard !decimal.isNaN else { throw MappingError(.notRepresentable, found: "NaN") }
            return .number(decimal.description)
        case (.string, let string as String): return .string(string)
        case (.boolean, let bool as Bool): return .bool(bool)
        case (.date, let date as Date): return (property.dateFormats.first ?? dateFormat).jsonValue(for: date)
        case (.binaryData, let data as Data): return .string(data.base64EncodedString())
        case (.uuid, let uuid as UUID): return .string(uuid.uuidString)
        case (.uri, let url as URL): return .string(url.absoluteString)
        case (.composite, let fields as [String: Any]):
            let elements = property.compositeName.flatMap(model.composite(named:))?.elements ?? []
            var object = JSONObject()
            for key in fields.keys.sorted() {
                let field = fields[key] ?? NSNull()
                if let element = elements.first(where: { $0.name == key }), !(field is NSNull) {
                    object[key] = try encode(
                        field,
                        for: PropertyMapping.compositeField(element),
                        dateFormat: dateFormat,
                        model: model
                    )
                } else {
                    object[key] = try JSONValue(foundationObject: field)
                }
            }
            return .object(object)
        case (.transformable, _), (.undefined, _), (.objectID, _):
            return try JSONValue(foundationObject: value)
        default:
            throw MappingError(
                .notRepresentable,
                expected: property.attributeType.swiftTypeName ?? property.attributeType.rawValue,
                found: "a value of type \(type(of: value))"
            )
        }
    }
}

extension PropertyMapping {
    /// A field of a composite, mapped like an attribute.
    static func compositeField(_ element: CompositeDescription.Element) -> PropertyMapping {
        PropertyMapping(
            name: element.name,
            keyPath: [element.name],
            isRelationship: false,
            attributeType: element.attributeType,
            isOptional: true,
            defaultValue: nil,
            transformerName: nil,
            compositeName: element.compositeName,
            destination: -1,
            isToMany: false,
            inverseSlot: nil
        )
    }
}
