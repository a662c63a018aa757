extension ObjectModel {
    /// The model as the `contents` file of a `.xcdatamodel` folder, the way Xcode writes it:
    /// an entity's elements in Xcode's order and the model's (entities, fetch requests,
    /// configurations, composites) in the file's, attributes in Xcode's order with the values as read,
    /// userInfo entries sorted by key, and what ModelMapper does not read (``xmlElements``,
    /// unknown attributes) given back as it was. Loading the text gives this model again; a
    /// file saved by a recent Xcode comes back byte for byte.
    ///
    /// For example, to put a model's file in Xcode's form (what `modelgen format` does):
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
    /// let text = model.xmlContents()   // <?xml version="1.0" encoding="UTF-8" standalone="yes"?>…
    /// ```
    public func xmlContents() -> String {
        var writer = ModelXMLWriter()
        writer.open("model", Self.pairs(modelAttributes))
        // The model's children in the order the file had them (Xcode's order is entities,
        // fetch requests, configurations; where it puts composites among the last two is not
        // known here, so a file's own order is what is kept), then the elements not read.
        var children: [(element: Int, write: (inout ModelXMLWriter) -> Void)] = []
        for record in entityRecords {
            children.append((record.position.element, { Self.write(record, to: &$0) }))
        }
        for template in fetchRequestTemplates {
            children.append((template.position.element, { Self.write(template, to: &$0) }))
        }
        for configuration in configurations {
            children.append((configuration.position.element, { Self.write(configuration, to: &$0) }))
        }
        for composite in composites {
            children.append((composite.position.element, { Self.write(composite, to: &$0) }))
        }
        // A stable sort: children of equal position (none, in a loaded model) keep the order above.
        for child in children.enumerated()
            .sorted(by: { ($0.element.element, $0.offset) < ($1.element.element, $1.offset) })
        {
            child.element.write(&writer)
        }
        for node in xmlElements { writer.node(node) }
        writer.close()
        return writer.text
    }

    private static func write(_ template: FetchRequestTemplate, to writer: inout ModelXMLWriter) {
        writer.open("fetchRequest", pairs(template.xmlAttributes))
        writer.close()
    }

    private static func write(_ configuration: ModelConfiguration, to writer: inout ModelXMLWriter) {
        var attributes = [(name: "name", value: configuration.name)]
        if configuration.usedWithCloudKit { attributes.append((name: "usedWithCloudKit", value: "YES")) }
        writer.open("configuration", attributes)
        for entity in configuration.entityNames {
            writer.open("memberEntity", [(name: "name", value: entity)])
            writer.close()
        }
        writer.close()
    }

    private static func write(_ record: EntityRecord, to writer: inout ModelXMLWriter) {
        writer.open("entity", pairs(record.xmlAttributes))
        for property in record.ownProperties {
            if property.isRelationship {
                let relationship = record.ownRelationships[property.index]
                writer.open("relationship", pairs(relationship.xmlAttributes))
                writeUserInfo(relationship.userInfo, even: relationship.hasUserInfoElement, to: &writer)
            } else {
                let attribute = record.ownAttributes[property.index]
                writer.open("attribute", pairs(attribute.xmlAttributes))
                writeUserInfo(attribute.userInfo, even: attribute.hasUserInfoElement, to: &writer)
            }
            writer.close()
        }
        for fetched in record.fetchedProperties {
            writer.open("fetchedProperty", pairs(fetched.xmlAttributes))
            if let request = fetched.requestXMLAttributes {
                writer.open("fetchRequest", pairs(request))
                writer.close()
            }
            writeUserInfo(fetched.userInfo, even: fetched.hasUserInfoElement, to: &writer)
            writer.close()
        }
        // Xcode writes the indexes before userInfo, an element it does not know after the rest.
        let indexes = record.otherElements.filter { Self.indexElements.contains($0.name) }
        for node in indexes { writer.node(node) }
        writeUserInfo(record.userInfo, even: record.hasUserInfoElement, to: &writer)
        if !record.uniquenessConstraints.isEmpty {
            writer.open("uniquenessConstraints", [])
            for constraint in record.uniquenessConstraints {
                writer.open("uniquenessConstraint", [])
                for name in constraint {
                    writer.open("constraint", [(name: "value", value: name)])
                    writer.close()
                }
                writer.close()
            }
            writer.close()
        }
        for node in record.otherElements where !Self.indexElements.contains(node.name) { writer.node(node) }
        writer.close()
    }

    /// The children of `<entity>` ModelMapper keeps as written that Xcode writes before userInfo.
    private static let indexElements: Set<String> = ["compoundIndexes", "fetchIndex"]

    private static func write(_ composite: CompositeDescription, to writer: inout ModelXMLWriter) {
        writer.open("composite", [(name: "name", value: composite.name)])
        for element in composite.elements {
            writer.open("attribute", pairs(element.xmlAttributes))
            writer.close()
        }
        writer.close()
    }

    /// `<userInfo>` with its entries sorted by key, ignoring case, as Xcode sorts them; for none,
    /// an empty `<userInfo/>` where the file had one (`even`), else nothing.
    private static func writeUserInfo(
        _ userInfo: [String: String],
        even isWrittenEmpty: Bool,
        to writer: inout ModelXMLWriter
    ) {
        guard !userInfo.isEmpty || isWrittenEmpty else { return }
        writer.open("userInfo", [])
        let keys = userInfo.keys.sorted { first, second in
            let (a, b) = (first.lowercased(), second.lowercased())
            return a != b ? a < b : first < second
        }
        for key in keys {
            writer.open("entry", [(name: "key", value: key), (name: "value", value: userInfo[key] ?? "")])
            writer.close()
        }
        writer.close()
    }

    /// The attributes as read, in document order.
    private static func pairs(_ attributes: XMLAttributes) -> [(name: String, value: String)] {
        attributes.list.map { (name: $0.name, value: $0.value) }
    }

    /// The attributes of a dictionary, by name (the writer then puts Xcode's names in its order).
    private static func pairs(_ attributes: [String: String]) -> [(name: String, value: String)] {
        attributes.keys.sorted().map { (name: $0, value: attributes[$0] ?? "") }
    }
}
