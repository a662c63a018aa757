import Foundation

/// Picks the entity of a JSON object from the object itself: Groot's entity mapper. An entity
/// whose userInfo names one (``MappingKeys/entityMapper``, `entityMapperName`) has each JSON
/// object read as Foundation values (`[String: Any]`) and handed to the function, which returns
/// the name of the entity to decode it as: the entity itself or one of its subentities (nil
/// keeps the entity).
///
/// For example, for an abstract `Shape` whose userInfo says `entityMapperName = ShapeMapper`:
///
/// ```swift
/// ValueTransformer.setEntityMapper(forName: ValueTransformer.Name("ShapeMapper")) { json in
///     json["radius"] != nil ? "Circle" : "Square"
/// }
/// ```
public final class EntityMapperTransformer: ValueTransformer, @unchecked Sendable {
    /// The function picking the entity's name.
    public let map: @Sendable ([String: Any]) -> String?

    /// A transformer calling `map` with each JSON object.
    public init(_ map: @escaping @Sendable ([String: Any]) -> String?) {
        self.map = map
    }

    /// The entity name `map` gives for a dictionary; nil for anything else.
    ///
    /// - Throws: nothing: `map` does not throw (the override keeps the base's signature).
    override public func transformedValue(_ value: Any?) throws -> Any? {
        guard let object = value as? [String: Any] else { return nil }
        return map(object)
    }
}

extension ValueTransformer {
    /// Registers an entity mapper (``EntityMapperTransformer``) under `name`, as Groot's
    /// `setEntityMapper(_:forName:)` does.
    public class func setEntityMapper(
        forName name: Name,
        _ map: @escaping @Sendable ([String: Any]) -> String?
    ) {
        setValueTransformer(EntityMapperTransformer(map), forName: name)
    }
}
