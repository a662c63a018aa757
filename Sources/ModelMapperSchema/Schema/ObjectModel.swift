import Foundation

/// A loaded data model: the entities, their attributes and relationships, and the JSON
/// mapping declared for them. Immutable and `Sendable`: load it once and share it.
///
/// ```swift
/// let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
/// for attribute in model.entitiesByName["Author"]?.attributes ?? [] {
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
    /// The elements inside `<model>` that ModelMapper does not read (the diagram's `<elements>`
    /// layout of older Xcode versions, a newer Xcode's elements), as written, in order.
    public var xmlElements: [ModelXMLNode] { contents.otherElements }
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

    package let entityRecords: [EntityRecord]
    package let entityIndexByName: [String: Int]
    /// What the model was built from, for making a copy with other classes bound.
    package let contents: ModelContents
    /// What later layers compile from the model and keep with it (the JSON mappings of its
    /// entities), compiled on first use and never replaced.
    package let planCache = PlanCache()
    /// The classes bound to the entities (a `ClassTable`, which the objects' layer defines and
    /// reads: see `ObjectModel+Binding.swift`), or nil when none is bound.
    package let classTable: (any AnyObject & Sendable)?
    /// Whether an attribute of the model lists the values its JSON may hold
    /// (``MappingKeys/jsonValues``): the coders look no further when none does.
    package let declaresValues: Bool

    package init(contents: ModelContents, classTable: (any AnyObject & Sendable)? = nil) {
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
                : ConventionKeys.conventionDiagnostics(
                    for: contents.entityRecords,
                    conventions: contents.conventions.resolved(options: ModelConventions(), defaults: .defaults)
                ))
        self.conventions = contents.conventions
        self.conventionsURL = contents.conventionsURL
        self.classTable = classTable
        self.declaresValues = contents.entityRecords.contains { !$0.listedValues.isEmpty }
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
        // A model of a few entities is looked through, the last of a name first as in the
        // index: comparing a few names costs less than hashing one (every decode call by an
        // entity's name asks, and hashing was 2% of a small document's decode).
        if entityRecords.count <= 8 {
            for index in entityRecords.indices.reversed() where entityRecords[index].name == name {
                return EntityDescription(model: self, index: index)
            }
            return nil
        }
        return entityIndexByName[name].map { EntityDescription(model: self, index: $0) }
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
