import ModelMapper

/// The keys of one level of an object: each property at the first key of its path, nested
/// objects for longer paths, and which keys are required.
struct SchemaKeyLevel {
    var properties = JSONObject()
    var required: [String] = []

    /// The members of the object schema: `properties`, and `required`, where a key that other
    /// spellings also read (`aliases`, by key) is required as one of them.
    func members(aliases: [String: [String]] = [:]) -> [(String, JSONValue?)] {
        let plain = required.filter { aliases[$0] == nil }
        let spelled = required.compactMap { key in aliases[key].map { [key] + $0 } }
            .map { keys in
                SchemaValue.object([
                    (
                        "anyOf",
                        SchemaValue.array(
                            keys.map { SchemaValue.object([("required", SchemaValue.array([.string($0)]))]) }
                        )
                    )
                ])
            }
        return [
            ("properties", .object(properties)),
            ("required", plain.isEmpty ? Optional.none : SchemaValue.array(plain.map(JSONValue.string))),
            ("allOf", spelled.isEmpty ? Optional.none : SchemaValue.array(spelled)),
        ]
    }
}

extension SchemaBuilder {
    typealias KeyEntry = (path: ArraySlice<String>, property: Property)

    /// The level of `entries`, by the first key of each path, in the order of the properties.
    func level(_ entries: [KeyEntry]) -> SchemaKeyLevel {
        var order: [String] = []
        var groups: [String: [KeyEntry]] = [:]
        for entry in entries {
            guard let first = entry.path.first else { continue }
            if groups[first] == nil { order.append(first) }
            groups[first, default: []].append(entry)
        }
        var level = SchemaKeyLevel()
        for key in order {
            let group = groups[key] ?? []
            let endings = group.filter { $0.path.count == 1 }.map(\.property)
            let deeper = group.filter { $0.path.count > 1 }.map { (path: $0.path.dropFirst(), property: $0.property) }
            level.properties[key] = node(endings: endings, deeper: deeper)
            if endings.contains(where: requires) || (endings.isEmpty && deeper.contains { requires($0.property) }) {
                level.required.append(key)
            }
        }
        return level
    }

    /// The value at one key: the properties whose paths end there, an object of the longer
    /// paths through it, or both (a relationship's object that also holds flattened keys of
    /// its parent's attributes).
    private func node(endings: [Property], deeper: [KeyEntry]) -> JSONValue {
        guard !deeper.isEmpty else {
            let values = endings.map { value(of: $0) }
            return values.count == 1 ? values[0] : allOf(values)
        }
        // A relationship's object here is closed with the nested keys, not before them.
        let values = endings.map { value(of: $0, closed: false) }
        let nested = level(deeper)
        let closing: JSONValue? = rejectsUnknownKeys ? JSONValue.bool(false) : Optional.none
        guard values.isEmpty else {
            // Keys of both: the property's own schema, with the nested keys known beside it.
            return SchemaValue.object(
                [("allOf", SchemaValue.array(values)), ("properties", .object(nested.properties))]
                    + [("unevaluatedProperties", closing)]
            )
        }
        let object = SchemaValue.object(
            [("type", .string("object"))] + nested.members() + [("unevaluatedProperties", closing)]
        )
        // An object of keys alone may be null, unless a value under it is required.
        return nested.required.isEmpty ? SchemaValue.nullable(object) : object
    }

    private func allOf(_ schemas: [JSONValue]) -> JSONValue {
        SchemaValue.object([("allOf", SchemaValue.array(schemas))])
    }

    /// A property's value where it is read: its type's schema, or `null` as well where `null`
    /// is not refused.
    /// `closed`: whether a relationship's object is closed to other keys (where the options
    /// reject them) by itself, or by the schema around it.
    func value(of property: Property, closed: Bool = true) -> JSONValue {
        let schema = property.isRelationship ? relationship(property, closed: closed) : attribute(property)
        let allowsNull =
            !property.refusesNull || (options.nullHandling == .treatAsAbsent && !requires(property))
        return allowsNull ? SchemaValue.nullable(schema) : schema
    }

    /// A relationship's value: an object of the destination, or a reference to one; for a
    /// to-many an array of them, or an object keyed by identity where the model declares one
    /// (an array is then refused, as the decoder refuses it).
    private func relationship(_ property: Property, closed: Bool) -> JSONValue {
        let element = objectOrReference(contract.entities[property.destination], closed: closed, via: property)
        guard property.isToMany else { return element }
        let item = options.nullElements == .skip ? SchemaValue.nullable(element) : element
        switch property.jsonForm {
        case "map":
            return SchemaValue.object([("type", .string("object")), ("additionalProperties", item)])
        case "mapOmittingIdentity":
            // Each value may leave its identity to its key, which a schema cannot compare.
            return SchemaValue.object([
                ("type", .string("object")), ("additionalProperties", SchemaValue.type("object")),
            ])
        default:
            return SchemaValue.object([("type", .string("array")), ("items", item)])
        }
    }

    /// An object of `entity` as a record, or a reference to one: its identity alone, as a bare
    /// value (an identity of one attribute) or as an object of the identity's keys.
    private func objectOrReference(_ entity: Entity, closed: Bool, via relationship: Property) -> JSONValue {
        let identity = entity.identity.map { entity.properties[$0] }
        guard !isPolymorphic(entity), !identity.isEmpty, identity.allSatisfy({ $0.keyPath.count == 1 }) else {
            return objectSchema(of: entity, closed: closed, arrivingBy: relationship)
        }
        var forms: [JSONValue] = []
        if identity.count == 1 { forms.append(attribute(identity[0])) }
        var keys = JSONObject()
        for attribute in identity { keys[attribute.keyPath[0]] = self.attribute(attribute) }
        forms.append(
            SchemaValue.object([
                ("type", .string("object")), ("properties", .object(keys)),
                ("required", SchemaValue.array(identity.map { .string($0.keyPath[0]) })),
                ("additionalProperties", .bool(false)),
            ])
        )
        forms.append(objectSchema(of: entity, closed: closed, arrivingBy: relationship))
        return SchemaValue.anyOf(forms)
    }
}
