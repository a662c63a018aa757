import Foundation

/// Building ``JSONValue`` trees.
@_spi(Engine) public enum JSONValueBuilding: JSONBuilding {
    /// The value of a scalar token.
    @inlinable public static func scalar(_ token: JSONToken) -> JSONValue { token.jsonValue }
    /// An array of the elements read.
    @inlinable public static func array(_ elements: [JSONValue]) -> JSONValue { .array(JSONArray(elements)) }
    /// An object without members, to set them into.
    @inlinable public static func emptyObject() -> JSONObject { JSONObject() }
    /// Sets a member; a key set again keeps its first place and takes the last value.
    @inlinable public static func set(_ object: inout JSONObject, _ key: String, _ value: JSONValue) {
        object[key] = value
    }
    /// How many members the object has.
    @inlinable public static func count(_ object: JSONObject) -> Int { object.count }
    /// The value of a complete object.
    @inlinable public static func object(_ object: JSONObject) -> JSONValue { .object(object) }
}
