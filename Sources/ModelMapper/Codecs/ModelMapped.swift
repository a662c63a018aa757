import Foundation

extension CodingUserInfoKey {
    /// The ``/ModelMapperSchema/ObjectModel`` that ``ModelMapped`` properties decode with: set it in the
    /// `userInfo` of the `JSONDecoder` (or any `Decoder`) that decodes the enclosing type.
    public static let objectModel: CodingUserInfoKey = {
        guard let key = CodingUserInfoKey(rawValue: "ModelMapper.objectModel") else {
            preconditionFailure("a coding user info key could not be made")
        }
        return key
    }()
}

/// Model objects inside a `Codable` type: a property marked `@ModelMapped` is decoded and
/// encoded through the model (key paths, transformers, identity, inverse relationships), while
/// the rest of the type is plain Codable.
///
/// For example, a response with a page number and a list of authors:
///
/// ```swift
/// struct AuthorsPage: Codable {
///     var page: Int
///     @ModelMapped var authors: [Author]
///     @ModelMapped var featured: Author?
/// }
/// let decoder = JSONDecoder()
/// decoder.userInfo[.objectModel] = model
/// let response = try decoder.decode(AuthorsPage.self, from: data)
/// ```
///
/// The objects of an array are decoded in one run of the model's decoder, so that objects with
/// the same identity in it become one; objects of different properties do not meet. The
/// property's JSON goes through a tree (the Codable decoder's values), so number spellings are
/// the coder's and object keys come in its order.
@propertyWrapper
public struct ModelMapped<Value: ModelMappable>: Codable {
    /// The model objects: an object of a bound class, an array of them, or an optional.
    public var wrappedValue: Value

    /// Wraps objects made in code, to be encoded through the model.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// - Throws: `DecodingError.dataCorrupted` when the decoder has no model in its `userInfo`
    ///   (`CodingUserInfoKey.objectModel`) or the model's decoder refuses the
    ///   value (the ``MappingError`` is the underlying error, its path from the property on).
    public init(from decoder: any Decoder) throws {
        guard let model = decoder.userInfo[.objectModel] as? ObjectModel else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "no ObjectModel to decode \(Value.self) with: set decoder.userInfo[.objectModel]"
                )
            )
        }
        let json = try JSONValue(from: decoder)
        do {
            wrappedValue = try Value.decode(json, model: model)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error)
            )
        }
    }

    /// Encodes the wrapped value as the model's encoder writes it.
    ///
    /// - Throws: ``MappingError`` when the model's encoder refuses the value; what `encoder`
    ///   throws.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encodedJSON().encode(to: encoder)
    }
}

extension ModelObject: ModelMappable {
    /// The object of `json` decoded through `model`, as an instance of this class.
    ///
    /// - Throws: ``MappingError`` when the model refuses `json`, or binds no entity, or more
    ///   than one, to the class.
    public static func decode(_ json: JSONValue, model: ObjectModel) throws -> Self {
        let entity = try boundEntity(in: model)
        return try typed(ModelDecoder(model: model).decodeObject(of: entity, from: json), of: entity)
    }

    /// `object` as an instance of this class.
    static func typed(_ object: ModelObject, of entity: EntityDescription) throws(MappingError) -> Self {
        guard let typed = object as? Self else {
            throw MappingError(
                .wrongEntity,
                entityName: entity.name,
                expected: "an object of class \(Self.self)",
                found: "an object of class \(type(of: object))"
            )
        }
        return typed
    }

    /// The object as the model's encoder writes it.
    ///
    /// - Throws: ``MappingError`` when the model's encoder refuses the object.
    public func encodedJSON() throws -> JSONValue {
        try ModelEncoder().encodeJSON(self)
    }

    /// The one entity of the model whose objects are made with this class.
    static func boundEntity(in model: ObjectModel) throws -> EntityDescription {
        let bound = model.entities.filter { model.objectClass(for: $0) == self }
        guard bound.count == 1, let entity = bound.first else {
            throw MappingError(
                .unknownEntity(String(describing: self)),
                detail: bound.isEmpty
                    ? "the model binds no entity to class \(self): load it with its classes "
                        + "(the generated model type's load())"
                    : "the model binds \(bound.count) entities to class \(self)"
            )
        }
        return entity
    }
}

extension Array: ModelMappable where Element: ModelObject {
    /// The objects of `json`, an array, decoded through `model` as objects of this class.
    ///
    /// - Throws: ``MappingError`` when the model refuses `json`, or binds no entity, or more
    ///   than one, to the class.
    public static func decode(_ json: JSONValue, model: ObjectModel) throws -> [Element] {
        let entity = try Element.boundEntity(in: model)
        return try ModelDecoder(model: model).decodeObjects(of: entity, from: json)
            .map { object in
                try Element.typed(object, of: entity)
            }
    }

    /// The objects as the model's encoder writes them, as a JSON array.
    ///
    /// - Throws: ``MappingError`` when the model's encoder refuses an object.
    public func encodedJSON() throws -> JSONValue {
        try ModelEncoder().encodeJSON(self)
    }
}

extension Optional: ModelMappable where Wrapped: ModelMappable {
    /// `nil` for `null`, else the wrapped type's value decoded from `json`.
    ///
    /// - Throws: ``MappingError`` when the model refuses `json`.
    public static func decode(_ json: JSONValue, model: ObjectModel) throws -> Wrapped? {
        json == .null ? nil : try Wrapped.decode(json, model: model)
    }

    /// The wrapped value's JSON, or `null` for `nil`.
    ///
    /// - Throws: ``MappingError`` when the model's encoder refuses the wrapped value.
    public func encodedJSON() throws -> JSONValue {
        try map { try $0.encodedJSON() } ?? .null
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as `nil` for an optional ``ModelMapped`` property, as it does for any
    /// optional property (a property wrapper is not optional itself, so synthesized decoding
    /// would otherwise require the key).
    ///
    /// - Throws: `DecodingError` when the value is there and the model refuses it.
    public func decode<Wrapped>(_ type: ModelMapped<Wrapped?>.Type, forKey key: Key) throws -> ModelMapped<Wrapped?> {
        try decodeIfPresent(type, forKey: key) ?? ModelMapped(wrappedValue: nil)
    }
}
