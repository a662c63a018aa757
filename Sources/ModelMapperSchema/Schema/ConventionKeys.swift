/// The JSON keys a model's conventions (``ModelConventions``) give its properties where the
/// model declares none: the casing's key, the identity key, reserved names, and the other keys
/// that read a property (its model name, its foreign key). Model-level, so that loading can
/// report where the conventions and the model's own names meet (see `+Diagnostics`), and the
/// compiled mappings take their keys from here.
package enum ConventionKeys {
    /// The attribute of `names` that is the identity of `entity`'s family: the first the
    /// family's root has, when the root declares no identity attributes; nil otherwise.
    static package func identityName(of entity: Int, in records: [EntityRecord], names: [String]) -> String? {
        guard !names.isEmpty, records[entity].identityAttributeNames.isEmpty else { return nil }
        var root = entity
        while let parent = records[root].superentity { root = parent }
        guard records[root].identityAttributeNames.isEmpty else { return nil }
        return names.first { name in records[root].ownAttributes.contains { $0.name == name } }
    }

    /// The key path of a property: the declared one; else the identity key for the attribute
    /// that is the identity by its name (`isNamedIdentity`); else a reserved name for
    /// `<entity><Name>`; else its name as the casing makes it. `owner` is the entity that
    /// declares the property (its name makes `<entity>Description`); `entity` the one mapped,
    /// which may inherit it.
    private static func keyPath(
        declared: JSONKeyPath?,
        name: String,
        isNamedIdentity: Bool,
        conventions: ModelConventions.Resolved,
        owner: EntityRecord,
        entity: EntityRecord
    ) -> [String] {
        if let declared { return declared.components }
        if isNamedIdentity, let identityKey = conventions.identityKey { return [identityKey] }
        if let reservedNames = conventions.reservedNames {
            let prefix = lowercasingFirst(owner.name)
            if name.hasPrefix(prefix),
                let reserved = reservedNames.first(where: { name == prefix + uppercasingFirst($0) }),
                entity.propertyIndexByName[reserved] == nil
            {
                return [reserved]
            }
            // The reserved names replace the casing's own rule for `description`.
            return [conventions.keyCasing.key(for: name, entityName: owner.name, entityHasDescription: true)]
        }
        if conventions.keyCasing.isModelNames { return [name] }
        return [
            conventions.keyCasing.key(
                for: name,
                entityName: owner.name,
                entityHasDescription: entity.propertyIndexByName["description"] != nil
            )
        ]
    }

    /// The other keys that read a property whose key path is one key (`keyPath`): its model
    /// name, when the conventions accept model names (beside a declared key too, as Sync reads
    /// `age` beside the `age_of_person` its model declares); for a relationship (`isToMany`
    /// given) whose key the conventions made, its key with the foreign-key suffix. Where the
    /// JSON has both, the property's own key wins (see `ObjectDecoder+Aliases`).
    private static func aliasKeys(
        of name: String,
        keyPath: [String],
        isDeclared: Bool,
        isToMany: Bool?,
        conventions: ModelConventions.Resolved
    ) -> [String] {
        guard let key = keyPath.first, keyPath.count == 1 else { return [] }
        var aliases: [String] = []
        if conventions.acceptsModelNames, key != name { aliases.append(name) }
        guard !isDeclared else { return aliases }
        if let isToMany, let suffixes = conventions.foreignKeySuffixes {
            aliases.append(key + (isToMany ? suffixes.toMany : suffixes.toOne))
        }
        return aliases
    }

    /// `BandMember` -> `bandMember`.
    private static func lowercasingFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.lowercased() + name.dropFirst()
    }

    /// `type` -> `Type`.
    private static func uppercasingFirst(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }

    /// The key path and the other keys (aliases) of each of an entity's properties, in
    /// property order, as `conventions` make them.
    static package func propertyKeys(of entity: Int, in records: [EntityRecord], conventions: ModelConventions.Resolved)
        -> [(path: [String], aliases: [String])]
    {
        let record = records[entity]
        // The attribute the identity key names: the identity by name, or a declared identity
        // of one attribute that has one of those names (Sync's `remoteID` marked
        // `sync.isPrimaryKey`).
        let declaredIdentity = record.identityAttributeNames
        let namedIdentity =
            declaredIdentity.count == 1 && conventions.identityAttributes.contains(declaredIdentity[0])
            ? declaredIdentity[0] : identityName(of: entity, in: records, names: conventions.identityAttributes)
        return record.properties.map { reference in
            let owner = records[reference.entity]
            if !reference.isRelationship, conventions.ignoresTransformablesWithoutTransformer,
                isTransformableWithoutTransformer(owner.ownAttributes[reference.index])
            {
                return (path: [], aliases: [])
            }
            let (name, declared, isToMany): (String, JSONKeyPath?, Bool?) =
                reference.isRelationship
                ? (
                    owner.ownRelationships[reference.index].name,
                    owner.ownRelationships[reference.index].declaredJSONKeyPath,
                    owner.ownRelationships[reference.index].isToMany
                )
                : (
                    owner.ownAttributes[reference.index].name, owner.ownAttributes[reference.index].declaredJSONKeyPath,
                    nil
                )
            let path = keyPath(
                declared: declared,
                name: name,
                isNamedIdentity: !reference.isRelationship && name == namedIdentity,
                conventions: conventions,
                owner: owner,
                entity: record
            )
            let aliases = aliasKeys(
                of: name,
                keyPath: path,
                isDeclared: declared != nil,
                isToMany: isToMany,
                conventions: conventions
            )
            return (path, aliases)
        }
    }

    /// Whether `attribute` is a Transformable that names no transformer: what
    /// ``ModelConventions/ignoresTransformablesWithoutTransformer`` leaves out, with no key.
    static package func isTransformableWithoutTransformer(_ attribute: AttributeRecord) -> Bool {
        attribute.attributeType == .transformable && attribute.valueTransformerName == nil
    }
}
