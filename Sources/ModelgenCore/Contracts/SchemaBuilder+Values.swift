import Foundation
import ModelMapper

extension SchemaBuilder {
    /// An attribute's value as the decoder reads it: its type's own JSON, and where reading is
    /// lenient or the attribute declares another form, the text of that value too.
    func attribute(_ property: Property) -> JSONValue {
        // A declared JSON form is read whatever the strictness, as the decoder reads it.
        let strict = options.strictness == .strict && property.jsonForm == nil
        switch property.attributeType {
        case .integer16: return integer(property, Int64(Int16.min), Int64(Int16.max), strict: strict)
        case .integer32: return integer(property, Int64(Int32.min), Int64(Int32.max), strict: strict)
        case .integer64: return integer(property, Int64.min, Int64.max, strict: strict)
        case .double:
            return number(property, finite("1.7976931348623157e308"), strict: strict)
        case .decimal:
            // A Decimal's powers of ten stop at 127 (with 38 digits, about 3.4e165).
            return number(property, finite("3.4028236692093846e165"), strict: strict)
        case .float:
            // Past the largest Float, a number rounds to infinity, which is refused.
            return number(property, finite("3.4028235677973366e38"), strict: strict)
        case .string:
            if let listed = property.listedValues?.texts { return listedStrings(listed, property, strict: strict) }
            let text = SchemaValue.object(
                [("type", .string("string"))] + lengths(property)
            )
            return strict ? text : SchemaValue.anyOf([text, SchemaValue.type("number"), SchemaValue.type("boolean")])
        case .boolean: return boolean(strict: strict)
        case .date:
            let formats = property.dateFormats.isEmpty ? [contract.dateFormat] : property.dateFormats
            return SchemaValue.anyOf(formats.map { $0.jsonSchema(strict: strict) })
        case .binaryData:
            return SchemaValue.object(
                [
                    ("type", .string("string")), ("contentEncoding", .string("base64")),
                    ("pattern", .string(#"^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"#)),
                ] + lengths(property)
            )
        case .uuid:
            return SchemaValue.object([
                ("type", .string("string")), ("format", .string("uuid")),
                ("pattern", .string(#"^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$"#)),
            ])
        case .uri:
            // Any text Foundation's URL reads, relative references included.
            return SchemaValue.object([("type", .string("string")), ("format", .string("uri-reference"))])
        case .composite: return composite(property.compositeName)
        case .transformable, .undefined, .objectID: return transformed(property)
        }
    }

    /// A composite's object: each field of its type, or null; other keys kept as they are.
    private func composite(_ name: String?) -> JSONValue {
        var fields = JSONObject()
        for field in JSONContract.Property.compositeFields(of: name ?? "", in: model) {
            fields[field.name] = SchemaValue.nullable(attribute(field))
        }
        return SchemaValue.object([("type", .string("object")), ("properties", .object(fields))])
    }

    /// A number of magnitude below `limit`: larger ones are out of the type's range.
    private func finite(_ limit: String) -> JSONValue {
        SchemaValue.object([
            ("type", .string("number")), ("exclusiveMinimum", .number("-" + limit)),
            ("exclusiveMaximum", .number(limit)),
        ])
    }

    private func integer(_ property: Property, _ low: Int64, _ high: Int64, strict: Bool) -> JSONValue {
        // A declared bound where it is inside the type's range; else the type's own, exactly (a
        // Double of Int64.max is 2^63, one past it).
        let declaredLow = options.checksBounds ? property.minimum.flatMap { $0 > Double(low) ? $0 : nil } : nil
        let declaredHigh = options.checksBounds ? property.maximum.flatMap { $0 < Double(high) ? $0 : nil } : nil
        let minimum = declaredLow.map(SchemaValue.number) ?? .number(String(low))
        let maximum = declaredHigh.map(SchemaValue.number) ?? .number(String(high))
        let listed = property.listedValues?.texts
        let number = SchemaValue.object([
            ("type", .string("integer")), ("minimum", minimum), ("maximum", maximum),
            ("enum", listed.map { SchemaValue.array($0.map(JSONValue.number)) }),
        ])
        guard !strict else { return number }
        // Text an integer writes back the same: no leading zero, sign, spaces, fraction or `-0`;
        // any integer's text where reformatted numbers are accepted.
        let pattern =
            if let listed {
                Self.integerTextPattern(of: listed, reformatted: options.acceptsReformattedNumbers)
            } else {
                options.acceptsReformattedNumbers ? #"^ *[+-]?[0-9]+ *$"# : "^(0|-?[1-9][0-9]*)$"
            }
        // The range as text too: the type's, and the declared one where bounds are checked.
        let range = textRange(low: declaredLow, high: declaredHigh, typeLow: String(low), typeHigh: String(high))
        let text = SchemaValue.object([("type", .string("string")), ("pattern", .string(pattern)), ("allOf", range)])
        return SchemaValue.anyOf([number, text])
    }

    /// Patterns of a number's text within `low` and `high` (see ``NumberTextRange``), else
    /// within the type's own range when it has one; nil when neither bounds anything.
    private func textRange(low: Double?, high: Double?, typeLow: String? = nil, typeHigh: String? = nil) -> JSONValue? {
        let lowText = low.map { "\($0)" } ?? typeLow
        let highText = high.map { "\($0)" } ?? typeHigh
        let patterns = [lowText.map(NumberTextRange.atLeast), highText.map(NumberTextRange.atMost)].compactMap(\.self)
        guard !patterns.isEmpty else { return nil }
        return SchemaValue.array(patterns.map { SchemaValue.object([("pattern", .string($0))]) })
    }

    /// The texts of the integers `listed` (each its own text, as ``/ModelMapperSchema/MappingKeys/jsonValues`` lists
    /// it), and where reformatted numbers are accepted, the same with spaces, a sign and leading
    /// zeros, as the decoder reads them.
    static func integerTextPattern(of listed: [String], reformatted: Bool) -> String {
        guard reformatted else { return "^(" + listed.joined(separator: "|") + ")$" }
        let alternatives = listed.map { text -> String in
            if text == "0" { return "[+-]?0+" }
            return text.hasPrefix("-") ? "-0*" + text.dropFirst() : #"\+?0*"# + text
        }
        return "^ *(" + alternatives.joined(separator: "|") + ") *$"
    }

    /// A String attribute whose model lists its values: those texts; read leniently, also the
    /// numbers and Booleans whose text is one of them (a number's text as sent: a schema
    /// compares numbers by value, so it also takes `1.0` where `1` is listed, which the decoder
    /// reads as the text `1.0` and refuses).
    private func listedStrings(_ listed: [String], _ property: Property, strict: Bool) -> JSONValue {
        let text = SchemaValue.object(
            [("type", .string("string")), ("enum", SchemaValue.array(listed.map(JSONValue.string)))]
                + lengths(property)
        )
        guard !strict else { return text }
        let numbers = listed.filter { text in
            guard case .number? = try? JSONValue.parse(Data(text.utf8)) else { return false }
            return true
        }
        let booleans = listed.filter { $0 == "true" || $0 == "false" }
        let others = (numbers.map(JSONValue.number) + booleans.map { JSONValue.bool($0 == "true") })
        guard !others.isEmpty else { return text }
        return SchemaValue.anyOf([text, SchemaValue.object([("enum", SchemaValue.array(others))])])
    }

    private func number(_ property: Property, _ base: JSONValue, strict: Bool) -> JSONValue {
        var number = base
        if options.checksBounds, case .object(var object) = number {
            if let minimum = property.minimum { object["minimum"] = SchemaValue.number(minimum) }
            if let maximum = property.maximum { object["maximum"] = SchemaValue.number(maximum) }
            number = .object(object)
        }
        guard !strict else { return number }
        let pattern =
            options.acceptsReformattedNumbers
            ? #"^ *[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)? *$"# : #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?$"#
        let range =
            options.checksBounds ? textRange(low: property.minimum, high: property.maximum) : nil
        let text = SchemaValue.object([("type", .string("string")), ("pattern", .string(pattern)), ("allOf", range)])
        return SchemaValue.anyOf([number, text])
    }

    private func boolean(strict: Bool) -> JSONValue {
        let bool = SchemaValue.type("boolean")
        guard !strict else { return bool }
        return SchemaValue.anyOf([
            bool,
            SchemaValue.object([("enum", SchemaValue.array([.number("0"), .number("1")]))]),
            SchemaValue.object([
                ("type", .string("string")),
                ("pattern", .string("^ *([Tt][Rr][Uu][Ee]|[Yy][Ee][Ss]|1|[Ff][Aa][Ll][Ss][Ee]|[Nn][Oo]|0) *$")),
            ]),
        ])
    }

    private func lengths(_ property: Property) -> [(String, JSONValue?)] {
        guard options.checksBounds else { return [] }
        return [
            ("minLength", property.minimumLength.map { .number(String($0)) }),
            ("maxLength", property.maximumLength.map { .number(String($0)) }),
        ]
    }

    /// A value through a transformer: a date transformer's dates, a comma-separated list's
    /// text or strings; without a transformer, the JSON its class name declares. Anything else
    /// is a transformer of the app's, whose JSON this cannot know: any value.
    private func transformed(_ property: Property) -> JSONValue {
        guard let name = property.transformerName else {
            return property.jsonShape.map(Self.shape) ?? SchemaValue.object([])
        }
        switch ValueTransformer.valueTransformer(forName: ValueTransformer.Name(name)) {
        case let transformer as DateTransformer:
            return transformer.format.jsonSchema(strict: false)
        case is CommaSeparatedListTransformer:
            return SchemaValue.anyOf([
                SchemaValue.type("string"),
                SchemaValue.object([("type", .string("array")), ("items", SchemaValue.type("string"))]),
            ])
        default:
            let declared = model.dateTransformerDeclarations.first { $0.name.rawValue == name }
            // Read as the transformer the model's declaration registers reads them.
            guard let transformer = declared.flatMap({ DateTransformer(formats: $0.formats) }) else {
                return SchemaValue.object([])
            }
            return transformer.format.jsonSchema(strict: false)
        }
    }

    /// The JSON Schema of a declared Swift type's JSON (``JSONShape``).
    static func shape(_ shape: JSONShape) -> JSONValue {
        switch shape {
        case .any: return SchemaValue.object([])
        case .string: return SchemaValue.type("string")
        case .boolean: return SchemaValue.type("boolean")
        case .integer: return SchemaValue.type("integer")
        case .double, .float, .decimal: return SchemaValue.type("number")
        case .array(let element):
            return SchemaValue.object([("type", .string("array")), ("items", Self.shape(element))])
        case .dictionary(let value):
            return SchemaValue.object([("type", .string("object")), ("additionalProperties", Self.shape(value))])
        case .optional(let wrapped): return SchemaValue.nullable(Self.shape(wrapped))
        }
    }
}
