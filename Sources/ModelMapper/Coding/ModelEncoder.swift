import Foundation

/// Encodes graphs of ``ModelObject``s as JSON, driven by their model.
///
/// ```swift
/// let encoder = ModelEncoder(options: .init(outputFormatting: [.prettyPrinted, .sortedKeys]))
/// let data = try encoder.encode(author)
/// let list = try encoder.encode(authors, at: "authors")   // {"authors": [...]}
/// ```
///
/// Properties that were absent on decoding stay absent, null ones are written as `null` (see
/// ``Options/nullEncoding``); the inverse of the relationship an object is reached through is
/// not written (no `"author"` inside each of an author's books), and a cycle never loops.
public struct ModelEncoder: Sendable {
    /// How JSON is written; see ``Options``.
    public var options: Options

    /// An encoder writing with `options`.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// How objects are written as JSON.
    public struct Options: Sendable {
        /// Which properties are written as `null`.
        public enum NullEncoding: Sendable, Hashable {
            /// As decoded: unset properties are left out, null ones are written as `null`.
            case asDecoded
            /// Unset and null properties are both written as `null`.
            case always
            /// Neither unset nor null properties are written.
            case never
        }

        /// Pretty printing, sorted keys, unescaped slashes; compact, in model order, by default.
        public var outputFormatting: JSONValue.WritingOptions = []
        /// Which properties are written as `null`; `.asDecoded` by default.
        public var nullEncoding: NullEncoding = .asDecoded
        /// How `Date` attributes without a transformer are written.
        public var dateFormat: DateFormat = .iso8601
        /// Whether JSON kept from decoding (``ModelObject/unknownJSON``) is written back.
        public var writesUnknownKeys = true
        /// How deeply objects may nest before encoding stops with an error.
        public var maximumDepth = 512

        /// Options with the most used settings given.
        public init(outputFormatting: JSONValue.WritingOptions = [], nullEncoding: NullEncoding = .asDecoded, dateFormat: DateFormat = .iso8601) {
            self.outputFormatting = outputFormatting
            self.nullEncoding = nullEncoding
            self.dateFormat = dateFormat
        }
    }

    /// The JSON of one object and what it holds.
    public func encode(_ object: ModelObject) throws -> Data {
        try encodeJSON(object).jsonData(options: options.outputFormatting)
    }

    /// The JSON array of some objects; with `keyPath`, wrapped in objects: `{"authors": [...]}`.
    public func encode(_ objects: [ModelObject], at keyPath: String? = nil) throws -> Data {
        var json = try encodeJSON(objects)
        if let keyPath {
            for key in try JSONKeyPath(parsing: keyPath).components.reversed() {
                var wrapper = JSONObject()
                wrapper[key] = json
                json = .object(wrapper)
            }
        }
        return json.jsonData(options: options.outputFormatting)
    }

    /// The JSON value of one object.
    public func encodeJSON(_ object: ModelObject) throws -> JSONValue {
        .object(try ObjectEncoder(options: options).encodeObject(object))
    }

    /// The JSON array of some objects.
    public func encodeJSON(_ objects: [ModelObject]) throws -> JSONValue {
        let encoder = ObjectEncoder(options: options)
        return .array(try objects.enumerated().map { index, object in
            .object(try encoder.encodeObject(object, path: JSONPath.root.appending(index: index)))
        })
    }
}

/// One encoding run over an object graph.
struct ObjectEncoder {
    let options: ModelEncoder.Options
    /// Leave out values that cannot be encoded instead of throwing (for `dictionaryRepresentation`).
    var skipsFailures = false

    init(options: ModelEncoder.Options, skipsFailures: Bool = false) {
        self.options = options
        self.skipsFailures = skipsFailures
    }

    func encodeObject(_ object: ModelObject, path: JSONPath = .root) throws -> JSONObject {
        var onPath: Set<ObjectIdentifier> = []
        return try encode(object, skipping: nil, path: path, depth: 0, onPath: &onPath)
    }

    /// Encodes `object`, leaving out the relationship at slot `skipping` (the inverse of the
    /// one it was reached through).
    private func encode(_ object: ModelObject, skipping: Int?, path: JSONPath, depth: Int, onPath: inout Set<ObjectIdentifier>) throws -> JSONObject {
        let mapping = object.mapping
        let entityName = object.entity.name
        guard depth < options.maximumDepth else {
            throw MappingError(.notRepresentable, path: path, entityName: entityName, found: "objects nested more than \(options.maximumDepth) deep")
        }
        let identity = ObjectIdentifier(object)
        if onPath.contains(identity) {
            return try reference(to: object, path: path)
        }
        onPath.insert(identity)
        defer { onPath.remove(identity) }

        var output = JSONObject()
        if options.writesUnknownKeys, let unknown = object.unknownJSON { output = unknown }
        if let typeKey = mapping.typeKey { output[typeKey] = .string(mapping.typeValue) }
        let model = object.entity.model
        for slot in mapping.properties.indices where slot != skipping {
            let property = mapping.properties[slot]
            // Built only when needed: an error, or an object to recurse into.
            var propertyPath: JSONPath { path.appending(keys: property.keyPath) }
            let value: JSONValue
            switch object.slots[slot] {
            case .absent:
                guard options.nullEncoding == .always else { continue }
                value = .null
            case .null:
                guard options.nullEncoding != .never else { continue }
                value = .null
            case .object(let link):
                guard let child = link.object else { continue }  // a weak link whose object is gone
                value = .object(try encode(child, skipping: property.inverseSlot, path: propertyPath, depth: depth + 1, onPath: &onPath))
            case .objects(let links):
                var elements: [JSONValue] = []
                elements.reserveCapacity(links.count)
                for link in links {
                    guard let child = link.object else { continue }
                    elements.append(.object(try encode(child, skipping: property.inverseSlot, path: propertyPath.appending(index: elements.count), depth: depth + 1, onPath: &onPath)))
                }
                value = .array(elements)
            case let slot:
                guard let attributeValue = slot.attributeValue(type: property.attributeType) else { continue }
                do {
                    value = try encodeAttribute(attributeValue, property: property, model: model)
                } catch var error {
                    if skipsFailures { continue }
                    error.path = propertyPath
                    error.entityName = entityName
                    error.propertyName = property.name
                    throw error
                }
            }
            try Self.insert(value, at: property.keyPath[...], into: &output, path: path, entityName: entityName, propertyName: property.name)
        }
        return output
    }

    /// An object met again on the path from the root (a cycle not broken by an inverse): its
    /// identity attributes stand for it; without any, the cycle cannot be written.
    private func reference(to object: ModelObject, path: JSONPath) throws -> JSONObject {
        let mapping = object.mapping
        guard !mapping.identitySlots.isEmpty else {
            throw MappingError(.notRepresentable, path: path, entityName: object.entity.name,
                               found: "a cycle back to this \(object.entity.name)",
                               detail: "give the entity identity attributes (userInfo identityAttributes) so the repeated object can be written as a reference")
        }
        var output = JSONObject()
        for slot in mapping.identitySlots {
            guard let value = object.slots[slot].attributeValue(type: mapping.properties[slot].attributeType) else { continue }
            let property = mapping.properties[slot]
            try Self.insert(try encodeAttribute(value, property: property, model: object.entity.model), at: property.keyPath[...], into: &output,
                            path: path, entityName: object.entity.name, propertyName: property.name)
        }
        return output
    }

    private func encodeAttribute(_ value: Any, property: PropertyMapping, model: ObjectModel) throws(MappingError) -> JSONValue {
        guard let name = property.transformerName else {
            return try ValueConversion.encode(value, for: property, dateFormat: options.dateFormat, model: model)
        }
        guard let transformer = ValueTransformer.valueTransformer(forName: name) else {
            throw MappingError(.unregisteredTransformer(name.rawValue))
        }
        let result: Any?
        do {
            result = try transformer.transformedValue(value)
        } catch {
            throw MappingError(.transformerFailed(name.rawValue), found: "\(value)", underlyingError: error)
        }
        guard let result else {
            throw MappingError(.transformerFailed(name.rawValue), found: "\(value)", detail: "it returned nil")
        }
        return try JSONValue(foundationObject: result)
    }

    /// Puts `value` at a key path, creating or merging into the objects on the way, so that
    /// flattened attributes and a to-one relationship sharing a key end up in one object.
    static func insert(_ value: JSONValue, at keyPath: ArraySlice<String>, into object: inout JSONObject, path: JSONPath, entityName: String, propertyName: String) throws {
        guard let key = keyPath.first else { return }
        if keyPath.count == 1 {
            if case .object(let existing) = object[key], case .object(let incoming) = value {
                object[key] = .object(merge(existing, incoming))
            } else {
                object[key] = value
            }
            return
        }
        var nested: JSONObject
        switch object[key] {
        case .object(let existing): nested = existing
        case nil, .null: nested = JSONObject()
        case let other?:
            throw MappingError(.notRepresentable, path: path.appending(key: key), entityName: entityName, propertyName: propertyName,
                               found: "\(other.typeDescription) where an object is needed for '\(keyPath.joined(separator: "."))'")
        }
        try insert(value, at: keyPath.dropFirst(), into: &nested, path: path.appending(key: key), entityName: entityName, propertyName: propertyName)
        object[key] = .object(nested)
    }

    /// `incoming` over `base`, objects merged key by key.
    private static func merge(_ base: JSONObject, _ incoming: JSONObject) -> JSONObject {
        var result = base
        for (key, value) in incoming {
            if case .object(let old) = result[key], case .object(let new) = value {
                result[key] = .object(merge(old, new))
            } else {
                result[key] = value
            }
        }
        return result
    }
}
