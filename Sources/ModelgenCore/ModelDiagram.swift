import ModelMapper

/// Renders a loaded model as a diagram: each entity a box of its own attributes (name, type,
/// `?` when optional), relationships as edges with the cardinality at each end and both names
/// when they are inverses of each other, and inheritance as edges to the superentity. This is
/// what `modelgen diagram` prints, as Mermaid (which GitHub renders in Markdown) or as Graphviz
/// DOT (which `dot -Tsvg` draws).
///
/// For example:
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// print(ModelDiagram.render(model, format: .mermaid))
/// ```
public enum ModelDiagram {
    /// The text a diagram is written in.
    public enum Format: String, Sendable, CaseIterable {
        /// Mermaid's `classDiagram`, which Markdown renderers such as GitHub's draw.
        case mermaid
        /// Graphviz's DOT, which `dot` draws (`dot -Tsvg`).
        case dot
    }

    /// The diagram's text, ending with a newline.
    public static func render(_ model: ObjectModel, format: Format, title: String = "model") -> String {
        let edges = relationshipEdges(of: model)
        switch format {
        case .mermaid: return mermaid(model, edges: edges)
        case .dot: return dot(model, edges: edges, title: title)
        }
    }

    // MARK: What is drawn

    /// One edge per relationship, or per pair of relationships that are each other's inverse.
    struct Edge {
        /// The entity at each end, the relationship's and its destination's.
        let from: String
        let to: String
        /// How many `to` objects one `from` object has, and the other way round (from the
        /// inverse; `*` when the relationship has none, since nothing bounds it).
        let toCardinality: String
        let fromCardinality: String
        /// `name` or `name / inverseName`.
        let label: String
    }

    static func relationshipEdges(of model: ObjectModel) -> [Edge] {
        var edges: [Edge] = []
        var drawn = Set<String>()
        for entity in model.entities {
            for relationship in entity.relationships where relationship.entity == entity {
                let key = "\(entity.name).\(relationship.name)"
                guard !drawn.contains(key) else { continue }
                drawn.insert(key)
                let inverse = relationship.inverseRelationship
                if let inverse { drawn.insert("\(inverse.entity.name).\(inverse.name)") }
                edges.append(
                    Edge(
                        from: entity.name,
                        to: relationship.destinationEntity.name,
                        toCardinality: cardinality(of: relationship),
                        fromCardinality: inverse.map(cardinality(of:)) ?? "*",
                        label: inverse.map { "\(relationship.name) / \($0.name)" } ?? relationship.name
                    )
                )
            }
        }
        return edges
    }

    /// `0..1`, `1`, `0..*`, `1..*`, `2..5`: how many objects a relationship holds.
    static func cardinality(of relationship: RelationshipDescription) -> String {
        guard relationship.isToMany else { return relationship.isOptional ? "0..1" : "1" }
        let minimum = relationship.isOptional ? 0 : max(relationship.minCount, 0)
        let maximum = relationship.maxCount > 0 ? String(relationship.maxCount) : "*"
        return "\(minimum)..\(maximum)"
    }

    /// An attribute as `name: Type?`.
    static func member(_ attribute: AttributeDescription) -> (name: String, type: String) {
        var type = attribute.attributeType.rawValue
        if let className = attribute.customClassName { type = className }
        if let composite = attribute.composite { type = composite.name }
        return (attribute.name, type + (attribute.isOptional ? "?" : ""))
    }

    // MARK: Mermaid

    private static func mermaid(_ model: ObjectModel, edges: [Edge]) -> String {
        var lines = ["classDiagram", "    direction LR"]
        for entity in model.entities {
            let attributes = entity.attributes.filter { $0.entity == entity }
            var heading = "    class \(mermaidName(entity.name))"
            if attributes.isEmpty && !entity.isAbstract {
                lines.append(heading)
                continue
            }
            heading += " {"
            lines.append(heading)
            if entity.isAbstract { lines.append("        <<abstract>>") }
            for attribute in attributes {
                let (name, type) = member(attribute)
                // Mermaid reads `Type name`; a type's spaces and brackets would split it.
                lines.append("        +\(mermaidType(type)) \(name)")
            }
            lines.append("    }")
        }
        for entity in model.entities {
            if let superentity = entity.superentity {
                lines.append("    \(mermaidName(superentity.name)) <|-- \(mermaidName(entity.name))")
            }
        }
        for edge in edges {
            lines.append(
                "    \(mermaidName(edge.from)) \"\(edge.fromCardinality)\" --> \"\(edge.toCardinality)\" "
                    + "\(mermaidName(edge.to)) : \(edge.label)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Entity names are identifiers already; anything else Mermaid would misread becomes `_`.
    private static func mermaidName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// `Integer 64` as `Integer64`, `[String]` as `Array~String~` (Mermaid's generics).
    private static func mermaidType(_ type: String) -> String {
        var text = type.replacingOccurrences(of: " ", with: "")
        if text.hasPrefix("["), let close = text.lastIndex(of: "]") {
            text = "Array~" + text[text.index(after: text.startIndex)..<close] + "~" + text[text.index(after: close)...]
        }
        return String(text.map { $0.isLetter || $0.isNumber || "_~?.".contains($0) ? $0 : "_" })
    }

    // MARK: Graphviz

    private static func dot(_ model: ObjectModel, edges: [Edge], title: String) -> String {
        var lines = [
            "digraph \(dotString(title)) {",
            "    rankdir=LR;",
            "    node [shape=plain, fontname=\"Helvetica\", fontsize=11];",
            "    edge [fontname=\"Helvetica\", fontsize=10, labelangle=-30, labeldistance=1.8];",
        ]
        for entity in model.entities {
            let abstract = entity.isAbstract ? " <i>(abstract)</i>" : ""
            var rows = ["<tr><td bgcolor=\"#dde6f2\"><b>\(html(entity.name))</b>\(abstract)</td></tr>"]
            for attribute in entity.attributes where attribute.entity == entity {
                let (name, type) = member(attribute)
                rows.append("<tr><td align=\"left\">\(html(name)): \(html(type))</td></tr>")
            }
            lines.append(
                "    \(dotString(entity.name)) [label=<<table border=\"1\" cellborder=\"0\" cellspacing=\"0\" "
                    + "cellpadding=\"3\">\(rows.joined())</table>>];"
            )
        }
        for entity in model.entities {
            if let superentity = entity.superentity {
                lines.append(
                    "    \(dotString(entity.name)) -> \(dotString(superentity.name)) [arrowhead=empty, style=dashed];"
                )
            }
        }
        for edge in edges {
            lines.append(
                "    \(dotString(edge.from)) -> \(dotString(edge.to)) [label=\(dotString(edge.label)), "
                    + "taillabel=\(dotString(edge.fromCardinality)), headlabel=\(dotString(edge.toCardinality)), "
                    + "arrowhead=vee];"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A DOT string literal.
    private static func dotString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Text inside a DOT HTML label.
    private static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
