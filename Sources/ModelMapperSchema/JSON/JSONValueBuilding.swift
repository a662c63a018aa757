import Foundation

/// Building ``JSONValue`` trees.
enum JSONValueBuilding: JSONBuilding {
    static func scalar(_ token: JSONToken) -> JSONValue { token.jsonValue }
    static func array(_ elements: [JSONValue]) -> JSONValue { .array(JSONArray(elements)) }
    static func emptyObject() -> JSONObject { JSONObject() }
    static func set(_ object: inout JSONObject, _ key: String, _ value: JSONValue) { object[key] = value }
    static func count(_ object: JSONObject) -> Int { object.count }
    static func object(_ object: JSONObject) -> JSONValue { .object(object) }
}
