import Foundation

/// What ``JSONScanner/readTree(_:path:)`` builds a value into: a ``JSONValue`` tree, or Foundation objects.
@_spi(Engine) public protocol JSONBuilding {
    associatedtype Value
    associatedtype Object
    static func scalar(_ token: JSONToken) -> Value
    static func array(_ elements: [Value]) -> Value
    static func emptyObject() -> Object
    /// Sets a member; a key set again keeps its first place and takes the last value.
    static func set(_ object: inout Object, _ key: String, _ value: Value)
    static func count(_ object: Object) -> Int
    static func object(_ object: Object) -> Value
}
