@_spi(Engine) import ModelMapperSchema

extension ModelPlanner {
    /// The planned model as a model file's XML, entities and properties sorted by name as
    /// Xcode sorts them. ``ModelInference`` loads it and writes it again in Xcode's form.
    func xml() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" \
            minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">

            """
        for entity in entities.sorted(by: { $0.name < $1.name }) {
            let className = options.classPrefix + entity.name
            text +=
                "<entity name=\(quoted(entity.name)) representedClassName=\(quoted(className)) syncable=\"YES\">\n"
            for property in entity.properties.sorted(by: { $0.name < $1.name }) {
                text += element(of: property, in: entity)
            }
            var userInfo: [(String, String)] = []
            if let identity = entity.identity { userInfo.append(("identityAttributes", identity)) }
            // Where the samples held the root's objects, so that tools read documents there.
            if walker.roots.contains(entity.name) {
                userInfo.append(("jsonRootKeyPath", options.keyPath?.description ?? ""))
            }
            if !userInfo.isEmpty {
                text += "<userInfo>"
                for (key, value) in userInfo { text += "<entry key=\(quoted(key)) value=\(quoted(value))/>" }
                text += "</userInfo>\n"
            }
            text += "</entity>\n"
        }
        return text + "</model>\n"
    }

    private func element(of property: Property, in entity: Entity) -> String {
        var userInfo: [(String, String)] = []
        if property.declaresKeyPath, let key = property.key {
            userInfo.append(("jsonKeyPath", JSONKeyPath(key: key).description))
        }
        var text: String
        switch property.kind {
        case .attribute(let type, let jsonForm, let dateFormats, let customClassName, let fractionDigits):
            text = "<attribute name=\(quoted(property.name))"
            if property.isOptional { text += " optional=\"YES\"" }
            text += " attributeType=\(quoted(type.rawValue))"
            if let customClassName { text += " customClassName=\(quoted(customClassName))" }
            if [AttributeType.integer64, .double, .boolean].contains(type) { text += " usesScalarValueType=\"YES\"" }
            if let jsonForm { userInfo.append(("jsonForm", jsonForm)) }
            if let dateFormats { userInfo.append(("dateFormats", dateFormats)) }
            if let fractionDigits { userInfo.append(("jsonFractionDigits", String(fractionDigits))) }
        case .toOne(let destination), .toMany(let destination), .identityMap(let destination):
            text = "<relationship name=\(quoted(property.name))"
            if property.isOptional { text += " optional=\"YES\"" }
            let isToMany = property.kind != .toOne(destination)
            text += isToMany ? " toMany=\"YES\"" : " maxCount=\"1\""
            text += " deletionRule=\(quoted(property.cascades ? "Cascade" : "Nullify"))"
            if isToMany, property.key != nil { text += " ordered=\"YES\"" }
            text += " destinationEntity=\(quoted(destination))"
            if let inverse = property.inverse {
                text += " inverseName=\(quoted(inverse)) inverseEntity=\(quoted(destination))"
            }
            if property.writesIdentity { userInfo.append(("jsonWritesIdentity", "YES")) }
            if let mapForm = property.mapForm { userInfo.append(("jsonForm", mapForm)) }
        }
        guard !userInfo.isEmpty else { return text + "/>\n" }
        text += "><userInfo>"
        for (key, value) in userInfo { text += "<entry key=\(quoted(key)) value=\(quoted(value))/>" }
        return text + "</userInfo></\(property.isAttribute ? "attribute" : "relationship")>\n"
    }

    private func quoted(_ value: String) -> String {
        "\"" + ModelXMLWriter.escaped(value, inAttribute: true) + "\""
    }
}

extension ModelPlanner.Property {
    var isAttribute: Bool {
        if case .attribute = kind { return true }
        return false
    }
}
