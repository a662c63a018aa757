import ModelMapper

extension SchemaBuilder {
    /// The schema of a whole document: objects of `entityName` at `path`, an array of them or
    /// one, with every entity's definition.
    func document(of entityName: String, at path: [String]) -> JSONValue {
        let schema = root(of: entityName, at: path)
        guard case .object(let members) = schema else { return schema }
        var document = JSONObject()
        document["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        document["title"] = .string(title(entityName, path: path))
        for (key, value) in members { document[key] = value }
        var definitions = JSONObject()
        for (name, definition) in self.definitions() { definitions[name] = definition }
        document["$defs"] = .object(definitions)
        return .object(document)
    }

    /// The schema of the document itself, referring to the definitions.
    func root(of entityName: String, at path: [String]) -> JSONValue {
        guard let entity = contract.entities.first(where: { $0.name == entityName }) else {
            return SchemaValue.object([])
        }
        let object = objectSchema(of: entity)
        var schema = SchemaValue.anyOf([
            SchemaValue.object([("type", .string("array")), ("items", object)]), object,
        ])
        for key in path.reversed() {
            schema = SchemaValue.object([
                ("type", .string("object")), ("properties", SchemaValue.object([(key, schema)])),
                ("required", SchemaValue.array([.string(key)])),
            ])
        }
        return schema
    }

    private func title(_ entityName: String, path: [String]) -> String {
        let place = path.isEmpty ? "" : " at " + path.joined(separator: ".")
        return "\(modelName): \(entityName) objects\(place)"
    }

    /// An OpenAPI 3.1 document of the definitions, with the document's schema as
    /// `<Entity>Document`.
    func openAPIDocument(root: JSONValue, entity entityName: String) -> JSONValue {
        var schemas = JSONObject()
        for (name, definition) in definitions() { schemas[name] = definition }
        schemas[entityName + "Document"] = root
        return SchemaValue.object([
            ("openapi", .string("3.1.0")),
            (
                "info",
                SchemaValue.object([
                    ("title", .string(modelName)), ("version", .string(self.model.versionName ?? "1")),
                ])
            ),
            ("paths", SchemaValue.object([])),
            ("components", SchemaValue.object([("schemas", .object(schemas))])),
        ])
    }

    /// The model's name: its bundle's or folder's, without the extension (`Authors`).
    private var modelName: String {
        let components = model.sourceURL?.pathComponents ?? []
        let named =
            components.last { $0.hasSuffix(".xcdatamodeld") } ?? components.last { $0.hasSuffix(".xcdatamodel") }
            ?? components.last ?? "model"
        return named.split(separator: ".").first.map(String.init) ?? named
    }
}
