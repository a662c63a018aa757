import Foundation

/// Groot's functions for registering transformers made of functions, with Groot's names, so
/// that code written for Groot registers its transformers unchanged. Transformers named in
/// userInfo go from JSON to the model forward, as Groot calls them (see ``ValueTransformer/Direction``).
extension ValueTransformer {
    /// Registers under `name` a one-way transformer calling `transform` with each value of type
    /// `Input` (any other value transforms to nil).
    ///
    /// For example, for an attribute whose userInfo says `JSONTransformerName = ToInteger`,
    /// reading `"1699"` as `1699`:
    ///
    /// ```swift
    /// ValueTransformer.setValueTransformer(withName: "ToInteger") { (text: String) in Int(text) }
    /// ```
    public class func setValueTransformer<Input, Output>(
        withName name: String,
        transform: @escaping (Input) -> Output?
    ) {
        let forward: (Any) -> Any? = { value in (value as? Input).flatMap(transform) }
        setValueTransformer(ClosureTransformer(forward: forward), forName: Name(name))
    }

    /// Registers under `name` a transformer calling `transform` forward with each value of type
    /// `Input`, and `reverseTransform` back with each value of type `Output` (any other value
    /// transforms to nil).
    ///
    /// For example, Groot's test transformer, reading `"1699"` as `1699` and writing it back:
    ///
    /// ```swift
    /// ValueTransformer.setValueTransformer(
    ///     withName: "GrootTests.Transformer",
    ///     transform: { (value: String) in Int(value) },
    ///     reverseTransform: { (value: Int) in String(value) }
    /// )
    /// ```
    public class func setValueTransformer<Input, Output>(
        withName name: String,
        transform: @escaping (Input) -> Output?,
        reverseTransform: @escaping (Output) -> Input?
    ) {
        let forward: (Any) -> Any? = { value in (value as? Input).flatMap(transform) }
        let reverse: (Any) -> Any? = { value in Self.integer(value, as: Output.self).flatMap(reverseTransform) }
        setValueTransformer(ReversibleClosureTransformer(forward: forward, reverse: reverse), forName: Name(name))
    }

    /// Registers under `name` a dictionary transformer: a preprocessing transformer an entity's
    /// userInfo names with `JSONDictionaryTransformerName` (``MappingKeys/entityPreprocessor``),
    /// handed each JSON object of the entity, returning the object to map.
    ///
    /// For example, reading a legacy key as the identity:
    ///
    /// ```swift
    /// ValueTransformer.setDictionaryTransformer(withName: "Legacy") { dictionary in
    ///     var transformed = dictionary
    ///     transformed["id"] = dictionary["legacy_id"]
    ///     return transformed
    /// }
    /// ```
    public class func setDictionaryTransformer(
        withName name: String,
        transform: @escaping ([String: Any]) -> [String: Any]?
    ) {
        setValueTransformer(withName: name, transform: transform)
    }

    /// Registers under `name` an entity mapper (``EntityMapperTransformer``) calling `map`, as
    /// Groot's `setEntityMapper(withName:map:)` does. Like the transformers above, `map` is
    /// called from any thread, and must not change shared state.
    public class func setEntityMapper(withName name: String, map: @escaping ([String: Any]) -> String?) {
        let function = SharedFunction(call: map)
        setEntityMapper(forName: Name(name)) { function.call($0) }
    }

    /// A function registered for all threads, as transformers are (see ``ValueTransformer``).
    private struct SharedFunction: @unchecked Sendable {
        let call: ([String: Any]) -> String?
    }

    /// `value` as `Target`, also when it is a model integer of another width (the model holds
    /// an Integer 64 attribute as `Int64`; a function written for Groot takes `Int`).
    private static func integer<Target>(_ value: Any, as target: Target.Type) -> Target? {
        if let value = value as? Target { return value }
        let number: Int64?
        switch value {
        case let value as Int64: number = value
        case let value as Int32: number = Int64(value)
        case let value as Int16: number = Int64(value)
        case let value as Int: number = Int64(value)
        default: number = nil
        }
        guard let number else { return nil }
        if Target.self == Int.self { return Int(exactly: number) as? Target }
        if Target.self == Int64.self { return number as? Target }
        if Target.self == Int32.self { return Int32(exactly: number) as? Target }
        if Target.self == Int16.self { return Int16(exactly: number) as? Target }
        return nil
    }
}
