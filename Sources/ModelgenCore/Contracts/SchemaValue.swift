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
    static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }

    /// `schema`, or `null` as well.
    static func nullable(_ schema: JSONValue) -> JSONValue { anyOf([schema, type("null")]) }
}
