import Foundation

/// A loaded data model: the entities, their attributes and relationships, and the JSON
/// mapping declared for them. Immutable and `Sendable`: load it once and share it.
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// let author = model.entitiesByName["Author"]!
/// for attribute in author.attributes {
///     print(attribute.name, attribute.attributeType, attribute.jsonKeyPath)
/// }
/// ```
///
/// The description types (``EntityDescription``, ``AttributeDescription``,
/// ``RelationshipDescription``) are cheap values that refer back to their model.
public final class ObjectModel: Sendable {
    /// The file the model was read from, or nil for a model read from memory.
    public let sourceURL: URL?
    /// The version's name (`Authors 3`) when the model came from a `.xcdatamodeld` bundle.
    public let versionName: String?
    /// Attributes of the `<model>` element (`lastSavedToolsVersion`, `minimumToolsVersion`,
    /// `sourceLanguage`, `userDefinedModelVersionIdentifier`, …) as written.
    public let modelAttributes: [String: String]
    /// Named configurations, in file order.
    public let configurations: [ModelConfiguration]
    /// Stored fetch requests, in file order.
    public let fetchRequestTemplates: [FetchRequestTemplate]
    /// Composite types (`<composite>`), in file order.
    public let composites: [CompositeDescription]
    /// Problems that do not stop the model from loading (for example a one-sided inverse).
    public let warnings: [ModelDiagnostic]
    /// How the model's JSON is spelled where its properties declare nothing of their own (key
    /// casing, `id` identities), as declared beside the model (``ModelConventions``); empty
    /// when nothing is declared.
    public let conventions: ModelConventions
    /// The file that declares ``conventions``, or nil.
    public let conventionsURL: URL?

    let entityRecords: [EntityRecord]
    let entityIndexByName: [String: Int]
    /// What the model was built from, for making a copy with other classes bound.
    private let contents: ModelContents
    /// How each entity maps to JSON (see `EntityMapping`), compiled the first time JSON is
    /// mapped with the model: tools that only read a model (`modelgen validate`, `generate`)
    /// never pay for it, and loading stays close to the cost of parsing the XML.
    private let mappingTable = MappingTable()

    /// The mapping of every entity, compiled once per model on first use. Read it once per
    /// operation (each read takes a lock), not once per value.
    var mappings: [EntityMapping] { mappingTable.mappings(for: entityRecords) }
    /// The mappings with JSON keys made by `conventions` (the same as ``mappings`` for the
    /// base), compiled once per conventions on first use.
    func mappings(for conventions: ModelConventions.Resolved) -> [EntityMapping] {
        mappingTable.mappings(for: entityRecords, conventions: conventions)
    }
    /// The class that objects of each entity are created with: the class bound to the
    /// entity, else the one bound to its nearest superentity, else `ModelObject`.
    let objectClasses: [ModelObject.Type]
    /// Per entity, the attributes its class says hold raw values of a Swift type
    /// (``ModelObject/rawValueTypes``), checked when the classes are bound; empty for most.
    let rawValueChecks: [[RawValueCheck]]
    /// Whether any entity has one: a decoding run looks no further when none does.
    let hasRawValueChecks: Bool

    init(contents: ModelContents, classes: [ModelObject.Type] = []) throws(ModelLoadingError) {
        self.contents = contents
        self.sourceURL = contents.sourceURL
        self.versionName = contents.versionName
        self.modelAttributes = contents.modelAttributes
        self.entityRecords = contents.entityRecords
        var indexByName: [String: Int] = [:]
        for (index, entity) in contents.entityRecords.enumerated() { indexByName[entity.name] = index }
        self.entityIndexByName = indexByName
        self.configurations = contents.configurations
        self.fetchRequestTemplates = contents.fetchRequestTemplates
        self.composites = contents.composites
        self.warnings =
            contents.warnings
            + (contents.conventions.isEmpty
                ? []
                : EntityMapping.conventionDiagnostics(
                    for: contents.entityRecords,
                    conventions: contents.conventions.resolved(options: ModelConventions(), defaults: .codingDefaults)
                ))
        self.conventions = contents.conventions
        self.conventionsURL = contents.conventionsURL
        let fileName = contents.source?.fileName ?? "<model>"
        self.objectClasses = try Self.bind(
            classes,
            to: contents.entityRecords,
            indexByName: indexByName,
            fileName: fileName
        )
        self.rawValueChecks = try Self.rawValueChecks(of: objectClasses, records: contents.entityRecords)
        self.hasRawValueChecks = rawValueChecks.contains { !$0.isEmpty }
    }

    /// The model file's XML as UTF-8 text whose declaration says so, whatever the file's
    /// own encoding: what `modelgen` embeds in generated code, and what parses again to the
    /// same model.
    ///
    /// For example, a `contents` file saved as UTF-16 starts
    /// `<?xml version="1.0" encoding="UTF-16"?>`; its `normalizedXML` starts
    /// `<?xml version="1.0" encoding="UTF-8"?>`.
    public var normalizedXML: String? {
        contents.source.map { TextDecoding.normalizedXML($0.bytes) }
    }

    /// The same model with classes bound to its entities (replacing any bound before), so that
    /// objects of those entities, nested ones too, are created with their class.
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url).binding([Author.self, Book.self])
    /// ```
    ///
    /// - Parameters:
    ///   - classes: the classes to bind, each naming its entity (``ModelObject/entityName``).
    ///   - ignoringUnknownEntities: leave out the classes whose entity this model does
    ///     not have (for classes shared by several versions of a model) instead of failing.
    /// - Returns: the same model, with the classes bound.
    /// - Throws: ``ModelLoadingError`` naming a class whose ``ModelObject/entityName`` is not an
    ///   entity of the model.
    public func binding(_ classes: [ModelObject.Type], ignoringUnknownEntities: Bool = false) throws(ModelLoadingError)
        -> ObjectModel
    {
        let kept = ignoringUnknownEntities ? classes.filter { entityIndexByName[$0.entityName] != nil } : classes
        return try ObjectModel(contents: contents, classes: kept)
    }

    /// The class objects of `entity` are created with.
    public func objectClass(for entity: EntityDescription) -> ModelObject.Type {
        objectClasses[entity.index]
    }

    /// Resolves the class of each entity from the classes given at load time.
    private static func bind(
        _ classes: [ModelObject.Type],
        to records: [EntityRecord],
        indexByName: [String: Int],
        fileName: String
    ) throws(ModelLoadingError) -> [ModelObject.Type] {
        var bound: [ModelObject.Type?] = Array(repeating: nil, count: records.count)
        var problems: [ModelDiagnostic] = []
        for objectClass in classes {
            guard let index = indexByName[objectClass.entityName] else {
                problems.append(
                    ModelDiagnostic(
                        .error,
                        "class '\(objectClass)' names entity '\(objectClass.entityName)', which the model does not "
                            + "have",
                        at: SourceLocation(file: fileName)
                    )
                )
                continue
            }
            bound[index] = objectClass
        }
        guard problems.isEmpty else { throw ModelLoadingError(diagnostics: problems) }
        return records.indices.map { index in
            var current: Int? = index
            while let entity = current {
                if let objectClass = bound[entity] { return objectClass }
                current = records[entity].superentity
            }
            return ModelObject.self
        }
    }

    /// Every entity, in file order.
    public var entities: [EntityDescription] {
        entityRecords.indices.map { EntityDescription(model: self, index: $0) }
    }

    /// The entities by name: `model.entitiesByName["Author"]`.
    public var entitiesByName: NamedDescriptions<EntityDescription> {
        NamedDescriptions(names: entityRecords.map(\.name), positions: entityIndexByName) { [self] in
            EntityDescription(model: self, index: $0)
        }
    }

    /// The entity with this name, or nil.
    public func entity(named name: String) -> EntityDescription? {
        entityIndexByName[name].map { EntityDescription(model: self, index: $0) }
    }

    /// The member entities of a configuration, or nil when there is no such configuration.
    public func entities(forConfigurationName name: String) -> [EntityDescription]? {
        guard let configuration = configurations.first(where: { $0.name == name }) else { return nil }
        return configuration.entityNames.compactMap(entity(named:))
    }

    /// The stored fetch requests by name.
    public var fetchRequestTemplatesByName: [String: FetchRequestTemplate] {
        Dictionary(fetchRequestTemplates.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The composite type with this name, or nil.
    public func composite(named name: String) -> CompositeDescription? {
        composites.first { $0.name == name }
    }
}
