extension ObjectModel {
    /// The model as the `contents` file of a `.xcdatamodel` folder, the way Xcode writes it:
    /// its elements in Xcode's order, attributes in Xcode's order with the values as read,
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
        for record in entityRecords { Self.write(record, to: &writer) }
        for template in fetchRequestTemplates {
            writer.open("fetchRequest", Self.pairs(template.xmlAttributes))
            writer.close()
        }
        for configuration in configurations {
            var attributes = [(name: "name", value: configuration.name)]
            if configuration.usedWithCloudKit { attributes.append((name: "usedWithCloudKit", value: "YES")) }
            writer.open("configuration", attributes)
            for entity in configuration.entityNames {
                writer.open("memberEntity", [(name: "name", value: entity)])
                writer.close()
            }
            writer.close()
        }
        for composite in composites { Self.write(composite, to: &writer) }
        for node in xmlElements { writer.node(node) }
        writer.close()
        return writer.text
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
            var attributes = [(name: "name", value: fetched.name)]
            if fetched.isOptional { attributes.append((name: "optional", value: "YES")) }
            writer.open("fetchedProperty", attributes)
            var request = [(name: "name", value: "fetchedPropertyFetchRequest")]
            if let entity = fetched.entityName { request.append((name: "entity", value: entity)) }
            if let predicate = fetched.predicateString { request.append((name: "predicateString", value: predicate)) }
            writer.open("fetchRequest", request)
            writer.close()
            writeUserInfo(fetched.userInfo, even: false, to: &writer)
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
