import ModelMapper

/// Writes the JSON Schema of what a decoder with given options reads (`ObjectModel.jsonSchema(of:at:reading:)`): one
/// definition per entity, the object as it records one, and for an entity whose JSON names
/// subentities by a type key, one that picks among them.
///
/// What is read comes from ``JSONContract``, the coders' own mappings: keys after the
/// conventions, identities, required values, date forms. Definitions are open; where an
/// object is read (the document's records, a relationship's values, a nested object), it is
/// closed with `unevaluatedProperties: false` when the options reject unknown keys, so that a
/// key that a relationship's object shares with its parent's flattened key paths
/// (`pricing.retail_price` beside the `pricing` relationship) is known to both.
struct SchemaBuilder {
    let model: ObjectModel
    let contract: JSONContract
    let options: ModelDecoder.Options
    /// Where definitions live: `#/$defs/` in a JSON Schema, `#/components/schemas/` in OpenAPI.
    let definitionsPath: String

    typealias Entity = JSONContract.Entity
    typealias Property = JSONContract.Property

    init(model: ObjectModel, options: ModelDecoder.Options, definitionsPath: String) {
        self.model = model
        self.contract = JSONContract(model: model, options: options)
        self.options = options
        self.definitionsPath = definitionsPath
    }

    var rejectsUnknownKeys: Bool { options.unknownKeys == .reject }

    /// Every entity's definition, with the family definitions of those that name subentities.
    func definitions() -> [(String, JSONValue)] {
        contract.entities.flatMap { entity -> [(String, JSONValue)] in
            var definitions = [(entity.name, record(entity))]
            if isPolymorphic(entity) { definitions.append((entity.name + Self.familySuffix, family(entity))) }
            return definitions
        }
    }

    /// The suffix of a family's definition: a dot, which no entity name has.
    static let familySuffix = ".family"

    func reference(_ name: String) -> JSONValue {
        SchemaValue.object([("$ref", .string(definitionsPath + name))])
    }

    /// What an object read as `entity` is: its record, or its family's choice; `closed` to
    /// other keys where the options reject them, unless the schema around it closes it.
    ///
    /// A required to-one with an inverse is required here, where the object is read, rather
    /// than in the record: an object nested in its inverse's array has it from its place
    /// (`arrivingBy`, the relationship read), and a record elsewhere must give it.
    func objectSchema(of entity: Entity, closed: Bool = true, arrivingBy relationship: Property? = nil) -> JSONValue {
        var schema = reference(entity.name + (isPolymorphic(entity) ? Self.familySuffix : ""))
        let implied = relationship?.inverse
        let keys = requiredInverses(of: entity).filter { $0.slot != implied }.map(\.key)
        if !keys.isEmpty {
            schema = SchemaValue.object([
                ("allOf", SchemaValue.array([schema])), ("required", SchemaValue.array(keys.map(JSONValue.string))),
            ])
        }
        return closed ? self.closed(schema) : schema
    }

    /// The required to-one relationships of `entity` that have an inverse, with their keys.
    func requiredInverses(of entity: Entity) -> [(key: String, slot: Int)] {
        entity.properties.indices.compactMap { slot in
            let property = entity.properties[slot]
            guard property.isRelationship, !property.isToMany, property.inverse != nil, requires(property),
                property.keyPath.count == 1
            else { return nil }
            return (property.keyPath[0], slot)
        }
    }

    /// `schema`, closed to keys it does not evaluate when the options reject unknown keys.
    func closed(_ schema: JSONValue) -> JSONValue {
        guard rejectsUnknownKeys else { return schema }
        return SchemaValue.object([
            ("allOf", SchemaValue.array([schema])), ("unevaluatedProperties", .bool(false)),
        ])
    }

    func isPolymorphic(_ entity: Entity) -> Bool {
        entity.typeKey != nil && (entity.entityByTypeValue.count > 1 || entity.isAbstract)
    }

    /// The entity's own object: its properties at their key paths, its identity and required
    /// values, the type key when its family has one.
    func record(_ entity: Entity) -> JSONValue {
        guard !entity.isPreprocessed else {
            return SchemaValue.object([
                ("type", .string("object")),
                ("description", .string("\(entity.name): read through a transformer this schema cannot follow")),
            ])
        }
        let entries = entity.properties.indices.filter { !entity.properties[$0].keyPath.isEmpty }
            .map { (path: entity.properties[$0].keyPath[...], property: entity.properties[$0]) }
        var level = self.level(entries)
        let inverses = Set(requiredInverses(of: entity).map(\.key))
        level.required.removeAll { inverses.contains($0) }
        if let typeKey = entity.typeKey, level.properties[typeKey] == nil {
            level.properties[typeKey] = SchemaValue.type("string")
        }
        for property in entity.properties where !property.aliasKeys.isEmpty && property.keyPath.count == 1 {
            let schema = value(of: property)
            for alias in property.aliasKeys where level.properties[alias] == nil {
                level.properties[alias] = schema
            }
        }
        return SchemaValue.object(
            [("type", .string("object")), ("title", .string(entity.name))]
                + level.members(aliases: aliasesOfRequired(entity))
        )
    }

    /// For each required property read at another key too, its keys: one of them is required.
    private func aliasesOfRequired(_ entity: Entity) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for property in entity.properties
        where requires(property) && !property.aliasKeys.isEmpty && property.keyPath.count == 1 {
            result[property.keyPath[0]] = property.aliasKeys
        }
        return result
    }

    /// Whether decoding a record requires the property.
    func requires(_ property: Property) -> Bool {
        property.isRequired && options.requiresNonOptionalValues
    }

    /// The choice among an entity's family by the value of its type key: the entity itself
    /// where the key is missing (unless it is abstract), each member where the key names it.
    private func family(_ entity: Entity) -> JSONValue {
        guard let typeKey = entity.typeKey else { return reference(entity.name) }
        // An abstract member has no objects of its own: an object must name another member.
        let members = entity.entityByTypeValue.sorted { $0.key < $1.key }
            .filter { !contract.entities[$0.value].isAbstract }
        let choices = members.map { value, index -> JSONValue in
            // The entity itself is also what an object that names none is.
            let isOwn = index == entity.index
            return SchemaValue.object([
                ("allOf", SchemaValue.array([reference(contract.entities[index].name)])),
                ("properties", SchemaValue.object([(typeKey, SchemaValue.object([("const", .string(value))]))])),
                ("required", isOwn ? Optional.none : SchemaValue.array([.string(typeKey)])),
            ])
        }
        // OpenAPI's discriminator, where every choice names its member (an abstract entity).
        let discriminator =
            definitionsPath.hasPrefix("#/components/") && entity.isAbstract
            ? SchemaValue.object([
                ("propertyName", .string(typeKey)),
                (
                    "mapping",
                    SchemaValue.object(
                        members.map { value, index in (value, .string(definitionsPath + contract.entities[index].name))
                        }
                    )
                ),
            ]) : Optional.none
        return SchemaValue.object([
            ("title", .string(entity.name + ", or a subentity named by '\(typeKey)'")),
            ("oneOf", SchemaValue.array(choices)),
            ("discriminator", discriminator),
        ])
    }
}
