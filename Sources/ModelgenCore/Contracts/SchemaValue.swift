import ModelMapper

/// Building blocks of the JSON Schema documents `modelgen schema` writes.
enum SchemaValue {
    /// An object of `members` in order, those without a value left out.
    static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in members {
            if let value { object[key] = value }
        }
        return .object(object)
    }

    static func array(_ values: [JSONValue]) -> JSONValue { .array(JSONArray(values)) }

    /// `{"anyOf": [...]}`, or the one schema alone.
    static func anyOf(_ schemas: [JSONValue]) -> JSONValue {
        schemas.count == 1 ? schemas[0] : object([("anyOf", array(schemas))])
    }

    /// `{"type": "<name>"}`.
    static func type(_ name: String) -> JSONValue { object([("type", .string(name))]) }

    /// A number as JSON writes it: integers without a fraction, others in Swift's shortest form.
    static func number(_ value: Double) -> JSONValue { .number(numberText(value)) }

    /// The text of ``number(_:)``, for messages that quote a number as JSON would.
    static func numberText(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// `schema`, or `null` as well: `"type": ["string", "null"]` where the schema has one type
    /// (the form OpenAPI 3.1 tools, swift-openapi-generator among them, read as optional),
    /// else a choice with `null` beside the others.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return anyOf([schema, type("null")]) }
        if case .string(let name)? = object["type"], object["enum"] == nil, object["const"] == nil {
            object["type"] = array([.string(name), .string("null")])
            return .object(object)
        }
        if object.count == 1, case .array(let choices)? = object["anyOf"] {
            return anyOf(choices.elements + [type("null")])
        }
        return anyOf([schema, type("null")])
    }
}
