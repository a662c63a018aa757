import ModelMapper

/// Renders a loaded model as a readable outline: entities with their inheritance,
/// attributes (type, optionality, default, JSON key path, transformer) and relationships
/// (destination, cardinality, inverse). This is what `modelgen inspect` prints.
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// print(ModelOutline.render(model, title: "Authors.xcdatamodeld"))
/// ```
package enum ModelOutline {
    /// The outline text, ending with a newline.
    ///
    /// - Parameters:
    ///   - model: the model.
    ///   - title: the first line's name for it; its file's path by default.
    ///   - conventionOverrides: conventions the caller sets over the model's, for the
    ///     conventions shown (``ConventionsInEffect``).
    /// - Returns: the outline's text.
    package static func render(
        _ model: ObjectModel,
        title: String? = nil,
        conventionOverrides: ModelConventions = ModelConventions()
    ) -> String {
        var lines: [String] = []
        var heading = title ?? model.sourceURL?.path ?? "model"
        if let version = model.versionName { heading += " — version \"\(version)\"" }
        let count = model.entities.count
        heading += ", \(count) \(count == 1 ? "entity" : "entities")"
        lines.append(heading)
        lines.append("conventions:")
        lines.append(contentsOf: ConventionsInEffect(model: model, overrides: conventionOverrides).lines)
        for configuration in model.configurations {
            lines.append("configuration \(configuration.name): \(configuration.entityNames.joined(separator: ", "))")
        }
        for entity in model.entities {
            lines.append("")
            lines.append(contentsOf: render(entity))
        }
        for composite in model.composites {
            lines.append("")
            lines.append("composite \(composite.name)")
            lines.append(
                contentsOf: table(
                    composite.elements.map { element in
                        [
                            element.name, element.attributeType.rawValue + (element.isOptional ? "?" : ""),
                            element.compositeName.map { "composite: \($0)" } ?? "",
                        ]
                    },
                    indent: "  "
                )
            )
        }
        if !model.fetchRequestTemplates.isEmpty {
            lines.append("")
            lines.append("fetch requests:")
            lines.append(
                contentsOf: table(
                    model.fetchRequestTemplates.map { template in
                        [template.name, "on \(template.entityName)", template.predicateString ?? ""]
                    },
                    indent: "  "
                )
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func render(_ entity: EntityDescription) -> [String] {
        var heading = "entity \(entity.name)"
        if let superentity = entity.superentity { heading += " : \(superentity.name)" }
        var notes: [String] = []
        if entity.isAbstract { notes.append("abstract") }
        if let className = entity.representedClassName, className != entity.name { notes.append("class \(className)") }
        if !entity.subentities.isEmpty {
            notes.append("subentities: " + entity.subentities.map(\.name).joined(separator: ", "))
        }
        if !notes.isEmpty { heading += "  (" + notes.joined(separator: "; ") + ")" }
        var lines = [heading]
        if let typeKey = entity.jsonTypeKey {
            lines.append("  json type: \(typeKey) = \"\(entity.jsonTypeValue)\"")
        }
        if !entity.identityAttributes.isEmpty {
            lines.append("  identity: " + entity.identityAttributes.map(\.name).joined(separator: ", "))
        }
        let own = { (property: PropertyDescription) in property.entity == entity }
        let inherited = entity.properties.filter { !own($0) }
        if !inherited.isEmpty {
            let groups = Dictionary(grouping: inherited, by: { $0.entity.name })
            for owner in groups.keys.sorted() {
                lines.append("  inherited from \(owner): " + (groups[owner] ?? []).map(\.name).joined(separator: ", "))
            }
        }
        let attributes = entity.attributes.filter { $0.entity == entity }
        if !attributes.isEmpty {
            lines.append("  attributes:")
            lines.append(contentsOf: table(attributes.map(row), indent: "    "))
        }
        let relationships = entity.relationships.filter { $0.entity == entity }
        if !relationships.isEmpty {
            lines.append("  relationships:")
            lines.append(contentsOf: table(relationships.map(row), indent: "    "))
        }
        if !entity.fetchedProperties.isEmpty {
            lines.append("  fetched properties:")
            lines.append(
                contentsOf: table(
                    entity.fetchedProperties.map { fetched in
                        [fetched.name, "fetches \(fetched.entityName ?? "?")", fetched.predicateString ?? ""]
                    },
                    indent: "    "
                )
            )
        }
        return lines
    }

    private static func row(_ attribute: AttributeDescription) -> [String] {
        var type = attribute.attributeType.rawValue
        if let className = attribute.customClassName { type += " (\(className))" }
        if let composite = attribute.composite { type += " (\(composite.name))" }
        if attribute.isOptional { type += "?" }
        var notes: [String] = []
        if let defaultValue = attribute.defaultValueString { notes.append("= \(defaultValue)") }
        if attribute.jsonKeyPath.components != [attribute.name] { notes.append("json: \(attribute.jsonKeyPath)") }
        if let transformer = attribute.valueTransformerName { notes.append("transformer: \(transformer)") }
        if let swiftType = attribute.swiftTypeName { notes.append("swift: \(swiftType)") }
        if attribute.isIdentity { notes.append("identity") }
        if attribute.isTransient { notes.append("transient") }
        if attribute.isDerived { notes.append("derived") }
        return [attribute.name, type, notes.joined(separator: "  ")]
    }

    private static func row(_ relationship: RelationshipDescription) -> [String] {
        let destination = relationship.destinationEntity.name
        var target: String
        if relationship.isToMany {
            target = "-> [\(destination)]"
            if relationship.isOrdered { target += " ordered" }
        } else {
            target = "-> \(destination)" + (relationship.isOptional ? "?" : "")
        }
        var notes: [String] = []
        if let inverse = relationship.inverseRelationship {
            notes.append("inverse: \(inverse.name)" + (relationship.isInverseReciprocal ? "" : " (one-sided)"))
        } else {
            notes.append("no inverse")
        }
        if relationship.minCount > 0 || relationship.maxCount > 0, relationship.isToMany {
            notes.append(
                "count: \(relationship.minCount)...\(relationship.maxCount == 0 ? "" : String(relationship.maxCount))"
            )
        }
        if relationship.jsonKeyPath.components != [relationship.name] {
            notes.append("json: \(relationship.jsonKeyPath)")
        }
        notes.append("delete: \(relationship.deletionRule.rawValue.lowercased())")
        if relationship.isTransient { notes.append("transient") }
        return [relationship.name, target, notes.joined(separator: "  ")]
    }

    /// Left-aligned columns, trailing blanks trimmed.
    private static func table(_ rows: [[String]], indent: String) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                line += index == row.count - 1 ? cell : cell.padding(toLength: widths[index] + 2)
            }
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
