import Foundation

/// One decoding run: reads JSON into objects, collects errors when asked to, and keeps the
/// identity map that makes repeated objects one.
final class ObjectDecoder {
    let model: ObjectModel
    let options: ModelDecoder.Options
    /// The model's mappings, read once per run.
    let mappings: [EntityMapping]
    private(set) var errors: [MappingError] = []
    private var objectsByIdentity: [String: ModelObject] = [:]
    /// Transformers looked up once per run rather than once per value.
    private var transformers: [ValueTransformer.Name: ValueTransformer] = [:]

    init(model: ObjectModel, options: ModelDecoder.Options) {
        self.model = model
        self.options = options
        self.mappings = model.mappings
    }

    /// Runs `body`, then throws the collected errors, if any.
    func finish<Result>(_ body: (ObjectDecoder) throws -> Result) throws -> Result {
        let result = try body(self)
        if !errors.isEmpty { throw MappingErrors(errors) }
        return result
    }

    /// Throws the error, or records it when collecting.
    private func report(_ error: MappingError) throws {
        guard options.collectsAllErrors else { throw error }
        errors.append(error)
    }

    // MARK: Objects

    /// Decodes an object of `entity` (or of the subentity the JSON names); nil when an error
    /// was recorded instead of thrown.
    func decodeObject(_ json: JSONValue, entity expected: Int, path: JSONPath, depth: Int, sharedKeys: KeyTrie? = nil) throws -> ModelObject? {
        let expectedName = model.entityRecords[expected].name
        guard case .object(let object) = json else {
            try report(MappingError(.typeMismatch, path: path, entityName: expectedName, expected: "an object", found: ValueConversion.describe(json)))
            return nil
        }
        guard depth < options.maximumDepth else {
            try report(MappingError(.notRepresentable, path: path, entityName: expectedName, found: "objects nested more than \(options.maximumDepth) deep",
                                    detail: "raise ModelDecoder.Options.maximumDepth to allow it"))
            return nil
        }
        var entity = expected
        let mapping = mappings[expected]
        if let typeKey = mapping.typeKey, let typeValue = object[typeKey] {
            guard case .string(let name) = typeValue, let named = mapping.entityByTypeValue[name] else {
                let found: String = if case .string(let name) = typeValue { name } else { ValueConversion.describe(typeValue) }
                try report(MappingError(.unknownEntity(found), path: path.appending(key: typeKey), entityName: expectedName,
                                        detail: "'\(typeKey)' must be one of " + mapping.entityByTypeValue.keys.sorted().joined(separator: ", ")))
                return nil
            }
            entity = named
        }
        if mappings[entity].isAbstract {
            try report(MappingError(.abstractEntity(model.entityRecords[entity].name), path: path, entityName: model.entityRecords[entity].name))
            return nil
        }
        let identity = options.uniquesObjectsByIdentity ? identityKey(of: object, entity: entity) : nil
        if let identity, let existing = objectsByIdentity[identity] {
            try fill(existing, from: object, path: path, depth: depth, isUpdate: true, sharedKeys: sharedKeys)
            return existing
        }
        let description = EntityDescription(model: model, index: entity)
        let instance = model.objectClasses[entity].init(entity: description)
        if let identity { objectsByIdentity[identity] = instance }
        try fill(instance, from: object, path: path, depth: depth, isUpdate: false, sharedKeys: sharedKeys)
        return instance
    }

    /// The entity family and identity values of an object, when all are present.
    private func identityKey(of object: JSONObject, entity: Int) -> String? {
        let mapping = mappings[entity]
        guard !mapping.identitySlots.isEmpty else { return nil }
        var key = String(mapping.identityFamily)
        for slot in mapping.identitySlots {
            guard let value = Self.lookup(mapping.properties[slot].keyPath, in: object).value else { return nil }
            if case .null = value { return nil }
            key += "\u{1F}" + value.jsonText()
        }
        return key
    }

    // MARK: Properties

    /// Reads every property of `object` from `json`. On an update (an object seen before),
    /// properties missing from the JSON keep their values.
    func fill(_ object: ModelObject, from json: JSONObject, path: JSONPath, depth: Int = 0, isUpdate: Bool = false, sharedKeys: KeyTrie? = nil) throws {
        let mapping = object.mapping
        let entityName = object.entity.name
        for slot in mapping.properties.indices {
            let property = mapping.properties[slot]
            let found = Self.lookup(property.keyPath, in: json)
            if let blocked = found.blockedAt {
                let blockedPath = path.appending(keys: property.keyPath[..<blocked])
                try report(MappingError(.typeMismatch, path: blockedPath, entityName: entityName, propertyName: property.name,
                                        expected: "an object holding '\(property.keyPath[blocked...].joined(separator: "."))'",
                                        found: ValueConversion.describe(found.value ?? .null)))
                continue
            }
            var value = found.value
            if case .null = value, options.nullHandling == .treatAsAbsent { value = nil }
            // Paths are built only when needed: an error, or a relationship to recurse into.
            var fullPath: JSONPath { path.appending(keys: property.keyPath) }
            guard let value else {
                if !isUpdate {
                    // A new object: unset, even where init(entity:) put a default.
                    if property.isRelationship, !object.linkedObjects(atSlot: slot).isEmpty {
                        try object.replaceRelationship(atSlot: slot, with: [], null: false)
                    }
                    object.slots[slot] = .absent
                    if !property.isRelationship, !property.isOptional, property.defaultValue == nil, options.requiresNonOptionalValues {
                        try report(MappingError(.missingValue, path: fullPath, entityName: entityName, propertyName: property.name,
                                                expected: property.attributeType.rawValue))
                    }
                }
                continue
            }
            if case .null = value {
                if property.isRelationship {
                    try object.replaceRelationship(atSlot: slot, with: [], null: true)
                } else if !property.isOptional {
                    try report(MappingError(.nullValue, path: fullPath, entityName: entityName, propertyName: property.name,
                                            expected: property.attributeType.rawValue))
                } else {
                    object.slots[slot] = .null
                }
                continue
            }
            if property.isRelationship {
                try decodeRelationship(value, of: object, slot: slot, path: fullPath, depth: depth)
            } else {
                do {
                    object.slots[slot] = .value(try decodeAttribute(value, property: property))
                } catch var error {
                    error.path = fullPath.appending(error.path)
                    error.entityName = entityName
                    error.propertyName = property.name
                    try report(error)
                }
            }
        }
        if options.unknownKeys == .keep {
            var known = mapping.knownKeys
            if let sharedKeys { known.merge(sharedKeys) }
            let leftovers = known.leftovers(of: json)
            if isUpdate, var existing = object.unknownJSON, let leftovers {
                for (key, value) in leftovers { existing[key] = value }
                object.unknownJSON = existing
            } else if !isUpdate || leftovers != nil {
                object.unknownJSON = leftovers
            }
        }
    }

    private func decodeRelationship(_ value: JSONValue, of object: ModelObject, slot: Int, path: JSONPath, depth: Int) throws {
        let property = object.mapping.properties[slot]
        if property.isToMany {
            guard case .array(let elements) = value else {
                try report(MappingError(.typeMismatch, path: path, entityName: object.entity.name, propertyName: property.name,
                                        expected: "an array of \(model.entityRecords[property.destination].name) objects", found: ValueConversion.describe(value)))
                return
            }
            var children: [ModelObject] = []
            children.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let child = try decodeObject(element, entity: property.destination, path: path.appending(index: index), depth: depth + 1) {
                    children.append(child)
                }
            }
            try object.replaceRelationship(atSlot: slot, with: children, null: false)
        } else if let child = try decodeObject(value, entity: property.destination, path: path, depth: depth + 1, sharedKeys: property.sharedKeys) {
            try object.replaceRelationship(atSlot: slot, with: [child], null: false)
        }
    }

    /// The model value of an attribute, through its transformer if it names one.
    private func decodeAttribute(_ value: JSONValue, property: PropertyMapping) throws(MappingError) -> Any {
        let strict = options.strictness == .strict
        guard let name = property.transformerName else {
            return try ValueConversion.decode(value, for: property, strict: strict, dateFormat: options.dateFormat, model: model)
        }
        guard let transformer = transformers[name] ?? ValueTransformer.valueTransformer(forName: name) else {
            throw MappingError(.unregisteredTransformer(name.rawValue))
        }
        transformers[name] = transformer
        guard type(of: transformer).allowsReverseTransformation() else {
            throw MappingError(.transformerFailed(name.rawValue), found: ValueConversion.describe(value), detail: "it does not allow reverse transformation, which decoding needs")
        }
        let result: Any?
        do {
            result = try transformer.reverseTransformedValue(value.foundationObject)
        } catch {
            throw MappingError(.transformerFailed(name.rawValue), found: ValueConversion.describe(value), underlyingError: error)
        }
        guard let result else {
            throw MappingError(.transformerFailed(name.rawValue), found: ValueConversion.describe(value), detail: "it returned nil")
        }
        switch property.attributeType {
        case .transformable, .undefined, .objectID: return result
        default: return try ValueConversion.modelValue(result, for: property)
        }
    }

    // MARK: Key paths

    /// The value at a key path: nil when a key is missing or an intermediate value is null;
    /// `blockedAt` is the component whose parent is not an object.
    static func lookup(_ keyPath: [String], in object: JSONObject) -> (value: JSONValue?, blockedAt: Int?) {
        var current = object
        for (index, key) in keyPath.enumerated() {
            guard let value = current[key] else { return (nil, nil) }
            if index == keyPath.count - 1 { return (value, nil) }
            switch value {
            case .object(let nested): current = nested
            case .null: return (nil, nil)
            default: return (value, index + 1)
            }
        }
        return (nil, nil)
    }
}
