extension ConventionKeys {
    /// Warnings where a model's conventions (``ModelConventions``) meet its own names: another
    /// key of a property (its model name, its foreign key) that is already a property's own
    /// key, which that property keeps reading; and a `<entity><Name>` property that keeps its
    /// cased key because the entity has a property named like the reserved key. Each is
    /// located at the property that loses out, once, in the entity that declares it.
    static func conventionDiagnostics(for records: [EntityRecord], conventions: ModelConventions.Resolved)
        -> [ModelDiagnostic]
    {
        var diagnostics: [ModelDiagnostic] = []
        for entity in records.indices {
            let record = records[entity]
            let keys = propertyKeys(of: entity, in: records, conventions: conventions)
            var reader: [String: Int] = [:]
            for (position, key) in keys.enumerated() where key.path.count == 1 {
                if reader[key.path[0]] == nil { reader[key.path[0]] = position }
            }
            func name(_ position: Int) -> String {
                let reference = record.properties[position]
                let owner = records[reference.entity]
                return reference.isRelationship
                    ? owner.ownRelationships[reference.index].name : owner.ownAttributes[reference.index].name
            }
            for (position, key) in keys.enumerated() where record.properties[position].entity == entity {
                let location = record.location(of: record.properties[position])
                for alias in key.aliases {
                    guard let other = reader[alias], other != position else { continue }
                    diagnostics.append(
                        ModelDiagnostic(
                            .conventionAliasTaken(
                                property: "\(record.name).\(name(position))",
                                alias: alias,
                                other: "\(record.name).\(name(other))",
                                otherName: name(other)
                            ),
                            at: location
                        )
                    )
                }
                for reserved in conventions.reservedNames ?? [] where record.propertyIndexByName[reserved] != nil {
                    let prefix = record.name.prefix(1).lowercased() + record.name.dropFirst()
                    guard name(position) == prefix + reserved.prefix(1).uppercased() + reserved.dropFirst() else {
                        continue
                    }
                    diagnostics.append(
                        ModelDiagnostic(
                            .reservedNameKept(
                                property: "\(record.name).\(name(position))",
                                reserved: reserved,
                                entity: record.name,
                                name: name(position),
                                keyPath: key.path.joined(separator: ".")
                            ),
                            at: location
                        )
                    )
                }
            }
        }
        return diagnostics
    }
}
