import Foundation

/// Turns a parsed `<model>` document into an `ObjectModel`, checking everything that
/// can be checked and collecting every problem (with its location) before giving up.
struct ModelBuilder {
    let source: SourceLocator
    private(set) var diagnostics: [ModelDiagnostic] = []

    /// Entities read from the file, before inheritance is resolved.
    struct DraftEntity {
        var element: XMLElementNode
        var record: EntityRecord
        var parentName: String?
        /// Where each userInfo key's `<entry>` is, for locating metadata errors.
        var userInfoLocations: [String: SourcePosition]
    }

    /// The conventions the model is read with, resolved; nil when it has none, and each
    /// property's key is its key path or its name.
    let conventions: ModelConventions.Resolved?

    init(source: SourceLocator, conventions: ModelConventions = ModelConventions()) {
        self.source = source
        self.conventions =
            conventions.isEmpty ? nil : conventions.resolved(options: ModelConventions(), defaults: .defaults)
    }

    /// Builds the model, or throws every error with the warnings; `strict` makes every
    /// warning an error.
    static func build(
        root: XMLElementNode,
        source: SourceLocator,
        sourceURL: URL?,
        versionName: String?,
        strict: Bool,
        conventions: ModelConventions
    ) throws(ModelLoadingError) -> ModelContents {
        var builder = ModelBuilder(source: source, conventions: conventions)
        let contents = builder.build(root: root, sourceURL: sourceURL, versionName: versionName)
        var sorted = builder.diagnostics.sorted { $0.location < $1.location }
        if strict {
            for index in sorted.indices where sorted[index].severity == .warning { sorted[index].severity = .error }
        }
        guard var contents, !sorted.contains(where: { $0.severity == .error }) else {
            throw ModelLoadingError(diagnostics: sorted)
        }
        contents.warnings = sorted
        return contents
    }

    /// Reports a diagnostic of the catalogue (the `ModelDiagnostic+…Messages.swift` files).
    mutating func report(_ message: ModelDiagnostic.Message, at location: SourceLocation) {
        diagnostics.append(ModelDiagnostic(message, at: location))
    }

    private mutating func build(root: XMLElementNode, sourceURL: URL?, versionName: String?) -> ModelContents? {
        guard root.isNamed(.model) else {
            report(.notAModel(rootElement: root.name), at: source.location(of: root))
            return nil
        }
        reportNearMisses(root.tree)
        let composites = readComposites(root)
        var drafts = readEntities(root, compositeNames: Set(composites.map(\.name)))
        resolveInheritance(&drafts)
        resolveProperties(&drafts)
        resolveRelationships(&drafts)
        resolveIdentity(&drafts)
        resolveIdentityMaps(&drafts)
        resolveTypeKeys(&drafts)
        checkKeyPathConflicts(drafts)
        let entityNames = Set(drafts.map(\.record.name))
        checkFetchedProperties(drafts, entityNames: entityNames)
        let configurations = readConfigurations(root, entityNames: entityNames)
        let fetchRequests = readFetchRequests(root, entityNames: entityNames)
        return ModelContents(
            sourceURL: sourceURL,
            versionName: versionName,
            modelAttributes: root.attributes.dictionary,
            entityRecords: drafts.map(\.record),
            configurations: configurations,
            fetchRequestTemplates: fetchRequests,
            composites: composites,
            warnings: [],
            otherElements: Self.otherChildren(of: root, besides: Self.modelChildren),
            source: source
        )
    }

    // MARK: Entities

    private mutating func readEntities(_ root: XMLElementNode, compositeNames: Set<String>) -> [DraftEntity] {
        let elements = root.children(named: .entity)
        // Sized once: growing arrays of large records copies them and makes the allocator
        // consolidate every small block freed so far, again and again.
        var drafts: [DraftEntity] = []
        drafts.reserveCapacity(elements.count)
        var firstPosition: [String: SourcePosition] = [:]
        firstPosition.reserveCapacity(elements.count)
        for element in elements {
            let position = source.position(of: element)
            guard let name = element[attribute: .name], !name.isEmpty else {
                report(.entityWithoutName, at: position.location)
                continue
            }
            if let first = firstPosition[name] {
                report(.entityDeclaredTwice(name, firstLine: first.location.line), at: position.location)
                continue
            }
            firstPosition[name] = position
            let (userInfo, userInfoLocations, hasUserInfo) = readUserInfo(element)
            var record = EntityRecord(
                name: name,
                representedClassName: element[attribute: .representedClassName],
                superentity: nil,
                subentities: [],
                isAbstract: Self.flag(element[attribute: .isAbstract]),
                codeGenerationType: element[attribute: .codeGenerationType],
                userInfo: userInfo,
                uniquenessConstraints: readUniquenessConstraints(element),
                identityAttributeNames: [],
                ownAttributes: [],
                ownRelationships: [],
                ownProperties: [],
                properties: [],
                propertyIndexByName: [:],
                attributeIndexes: [],
                relationshipIndexes: [],
                fetchedProperties: [],
                typeKey: nil,
                typeValue: MappingKeys.firstEntry(of: MappingKeys.typeValue, in: userInfo)?.value ?? name,
                xmlAttributes: element.attributes,
                position: position,
                hasUserInfoElement: hasUserInfo
            )
            readProperties(of: element, into: &record, compositeNames: compositeNames)
            readRootKeyPath(of: &record, locations: userInfoLocations)
            record.otherElements = Self.otherChildren(of: element, besides: Self.entityChildren)
            for position in record.ownProperties.indices { record.ownProperties[position].entity = drafts.count }
            drafts.append(
                DraftEntity(
                    element: element,
                    record: record,
                    parentName: element[attribute: .parentEntity].flatMap { $0.isEmpty ? nil : $0 },
                    userInfoLocations: userInfoLocations
                )
            )
        }
        return drafts
    }

    private func readUniquenessConstraints(_ entity: XMLElementNode) -> [[String]] {
        entity.children(named: .uniquenessConstraints)
            .flatMap { group in
                group.children(named: .uniquenessConstraint)
                    .map { constraint in
                        constraint.children(named: .constraint).compactMap { $0[attribute: .value] }
                    }
            }
    }

    /// Links each entity to its parent; reports unknown parents and inheritance cycles.
    private mutating func resolveInheritance(_ drafts: inout [DraftEntity]) {
        let indexByName = Dictionary(
            drafts.enumerated().map { ($1.record.name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        for index in drafts.indices {
            guard let parentName = drafts[index].parentName else { continue }
            guard let parent = indexByName[parentName] else {
                report(
                    .unknownParentEntity(
                        entity: drafts[index].record.name,
                        parent: parentName,
                        suggestion: ClosestName.suggestion(for: parentName, among: indexByName.keys.sorted())
                    ),
                    at: source.location(ofAttribute: "parentEntity", in: drafts[index].element)
                )
                continue
            }
            drafts[index].record.superentity = parent
        }
        // A cycle is reported on every entity in it, and broken so later steps terminate.
        for index in drafts.indices {
            var chain = [index]
            var current = drafts[index].record.superentity
            while let parent = current {
                if parent == index {
                    let names = (chain + [index]).map { drafts[$0].record.name }.joined(separator: " -> ")
                    report(
                        .inheritanceCycle(entity: drafts[index].record.name, chain: names),
                        at: source.location(ofAttribute: "parentEntity", in: drafts[index].element)
                    )
                    break
                }
                if chain.contains(parent) { break }  // a cycle further up, reported on its own members
                chain.append(parent)
                current = drafts[parent].record.superentity
            }
        }
        for index in drafts.indices where isInCycle(index, drafts) {
            drafts[index].record.superentity = nil
        }
        for index in drafts.indices {
            if let parent = drafts[index].record.superentity {
                drafts[parent].record.subentities.append(index)
            }
        }
    }

    private func isInCycle(_ index: Int, _ drafts: [DraftEntity]) -> Bool {
        var seen: Set<Int> = [index]
        var current = drafts[index].record.superentity
        while let parent = current {
            if parent == index { return true }
            guard seen.insert(parent).inserted else { return false }
            current = drafts[parent].record.superentity
        }
        return false
    }

    /// Entities ordered so that every superentity comes before its subentities.
    func inheritanceOrder(_ drafts: [DraftEntity]) -> [Int] {
        var order: [Int] = []
        var stack = drafts.indices.filter { drafts[$0].record.superentity == nil }.reversed().map { $0 }
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: drafts[index].record.subentities.reversed())
        }
        return order
    }

    /// Builds each entity's full property list (inherited first) and its name index.
    private mutating func resolveProperties(_ drafts: inout [DraftEntity]) {
        for index in inheritanceOrder(drafts) {
            var properties: [PropertyReference] = []
            var indexByName: [String: Int] = [:]
            if let parent = drafts[index].record.superentity {
                properties = drafts[parent].record.properties
                indexByName = drafts[parent].record.propertyIndexByName
            }
            properties.reserveCapacity(properties.count + drafts[index].record.ownProperties.count)
            indexByName.reserveCapacity(properties.count + drafts[index].record.ownProperties.count)
            for var property in drafts[index].record.ownProperties {
                property.entity = index
                if let existing = indexByName[property.name] {
                    let owner = properties[existing]
                    let record = drafts[index].record
                    if owner.entity == index {
                        report(
                            .propertyDeclaredTwice(
                                entity: record.name,
                                property: property.name,
                                firstLine: record.location(of: owner).line
                            ),
                            at: record.location(of: property)
                        )
                    } else {
                        report(
                            .propertyDeclaredBySuperentity(
                                property: property.name,
                                entity: record.name,
                                superentity: drafts[owner.entity].record.name,
                                line: drafts[owner.entity].record.location(of: owner).line
                            ),
                            at: record.location(of: property)
                        )
                    }
                    continue
                }
                indexByName[property.name] = properties.count
                properties.append(property)
            }
            // Fetched properties share the names of the entity's properties.
            var fetchedNames: Set<String> = []
            for fetched in drafts[index].record.fetchedProperties {
                if indexByName[fetched.name] != nil || !fetchedNames.insert(fetched.name).inserted {
                    report(
                        .fetchedPropertyDeclaredTwice(entity: drafts[index].record.name, property: fetched.name),
                        at: fetched.location
                    )
                }
            }
            drafts[index].record.properties = properties
            drafts[index].record.propertyIndexByName = indexByName
            drafts[index].record.attributeIndexes = properties.indices.filter { !properties[$0].isRelationship }
            drafts[index].record.relationshipIndexes = properties.indices.filter { properties[$0].isRelationship }
        }
    }

    // MARK: Model-level elements

    private mutating func readComposites(_ root: XMLElementNode) -> [CompositeDescription] {
        var composites: [CompositeDescription] = []
        for element in root.children(named: .composite) {
            guard let name = element[attribute: .name], !name.isEmpty else {
                report(.compositeWithoutName, at: source.location(of: element))
                continue
            }
            var elements: [CompositeDescription.Element] = []
            for attribute in element.children(named: .attribute) {
                guard let attributeName = attribute[attribute: .name], !attributeName.isEmpty else {
                    report(.compositeAttributeWithoutName(composite: name), at: source.location(of: attribute))
                    continue
                }
                let type = attributeType(
                    attribute[attribute: .attributeType],
                    of: attribute,
                    owner: "\(name).\(attributeName)"
                )
                elements.append(
                    CompositeDescription.Element(
                        name: attributeName,
                        attributeType: type,
                        isOptional: Self.flag(attribute[attribute: .optional]),
                        defaultValueString: attribute[attribute: .defaultValueString],
                        compositeName: attribute[attribute: .composite],
                        xmlAttributes: attribute.attributes.dictionary
                    )
                )
            }
            composites.append(
                CompositeDescription(name: name, elements: elements, position: source.position(of: element))
            )
        }
        let names = Set(composites.map(\.name))
        for element in root.children(named: .composite) {
            for attribute in element.children(named: .attribute) {
                if let composite = attribute[attribute: .composite], !names.contains(composite) {
                    report(
                        .compositeAttributeUnknownComposite(
                            attribute: attribute[attribute: .name] ?? "?",
                            composite: composite
                        ),
                        at: source.location(ofAttribute: "composite", in: attribute)
                    )
                }
            }
        }
        return composites
    }

    /// Configurations are kept for tools; ModelMapper does not use them, so what is wrong in
    /// one is a warning (Core Data only looks at a configuration when a store names it).
    private mutating func readConfigurations(_ root: XMLElementNode, entityNames: Set<String>) -> [ModelConfiguration] {
        root.children(named: .configuration)
            .compactMap { element in
                guard let name = element[attribute: .name], !name.isEmpty else {
                    report(.configurationWithoutName, at: source.location(of: element))
                    return nil
                }
                var members: [String] = []
                for member in element.children(named: .memberEntity) {
                    guard let entityName = member[attribute: .name] else { continue }
                    if entityNames.contains(entityName) {
                        members.append(entityName)
                    } else {
                        report(
                            .configurationUnknownEntity(configuration: name, entity: entityName),
                            at: source.location(of: member)
                        )
                    }
                }
                return ModelConfiguration(
                    name: name,
                    entityNames: members,
                    usedWithCloudKit: Self.flag(element[attribute: .usedWithCloudKit]),
                    position: source.position(of: element)
                )
            }
    }

    /// Fetch request templates are kept as written; one naming an entity that does not
    /// exist is a warning, as ModelMapper runs none of them while loading.
    private mutating func readFetchRequests(_ root: XMLElementNode, entityNames: Set<String>) -> [FetchRequestTemplate]
    {
        root.children(named: .fetchRequest)
            .compactMap { element in
                guard let name = element[attribute: .name], !name.isEmpty else {
                    report(.fetchRequestWithoutName, at: source.location(of: element))
                    return nil
                }
                let entityName = element[attribute: .entity] ?? ""
                if !entityNames.contains(entityName) {
                    report(
                        .fetchRequestUnknownEntity(
                            request: name,
                            entity: entityName,
                            suggestion: ClosestName.suggestion(for: entityName, among: entityNames.sorted())
                        ),
                        at: source.location(ofAttribute: "entity", in: element)
                    )
                }
                let predicateString = element[attribute: .predicateString]
                checkPredicate(
                    predicateString,
                    of: "fetch request '\(name)'",
                    at: source.location(ofAttribute: "predicateString", in: element)
                )
                return FetchRequestTemplate(
                    name: name,
                    entityName: entityName,
                    predicateString: predicateString,
                    xmlAttributes: element.attributes.dictionary,
                    position: source.position(of: element)
                )
            }
    }

    /// Parses a predicate string of the model; one that does not parse is a warning (Xcode does
    /// not check them, and Core Data fails only when the request runs).
    mutating func checkPredicate(_ format: String?, of owner: String, at location: SourceLocation) {
        guard let format, !format.isEmpty else { return }
        do {
            _ = try ModelPredicate(format: format)
        } catch {
            report(.predicateDoesNotParse(owner: owner, problem: "\(error)", format: format), at: location)
        }
    }

    private mutating func checkFetchedProperties(_ drafts: [DraftEntity], entityNames: Set<String>) {
        for draft in drafts {
            for fetched in draft.record.fetchedProperties {
                if let entityName = fetched.entityName, !entityNames.contains(entityName) {
                    report(
                        .fetchedPropertyUnknownEntity(
                            property: "\(draft.record.name).\(fetched.name)",
                            entity: entityName
                        ),
                        at: fetched.location
                    )
                }
            }
        }
    }

    // MARK: Helpers

    /// The children of `<model>` and of `<entity>` that the loader reads, as bits of their
    /// `ModelXMLElement` raw values (a set would hash each child of each entity).
    private static let modelChildren = bits([.entity, .fetchRequest, .configuration, .composite])
    private static let entityChildren = bits([
        .attribute, .relationship, .fetchedProperty, .userInfo, .uniquenessConstraints,
    ])

    private static func bits(_ kinds: [ModelXMLElement]) -> UInt64 {
        kinds.reduce(0) { $0 | 1 << UInt64($1.rawValue) }
    }

    /// The element children of `element` other than those of the kinds in `read`, kept whole.
    private static func otherChildren(of element: XMLElementNode, besides read: UInt64) -> [ModelXMLNode] {
        var kept: [ModelXMLNode] = []
        var child = element.tree.firstChild[element.index]
        while child >= 0 {
            if read & 1 << UInt64(element.tree.kinds[child].rawValue) == 0 {
                kept.append(ModelXMLNode(XMLElementNode(tree: element.tree, index: child)))
            }
            child = element.tree.nextSibling[child]
        }
        return kept
    }

    /// Warns of element and attribute names one edit from a name of the format: typos that
    /// would otherwise be ignored, as names a newer Xcode adds are (see ``ModelVocabulary``).
    private mutating func reportNearMisses(_ tree: XMLTree) {
        for miss in tree.nearMisses {
            let element = XMLElementNode(tree: tree, index: miss.element)
            if let attribute = miss.attribute {
                report(
                    .misspelledXMLAttribute(attribute, element: element.name, suggestion: miss.suggestion),
                    at: source.location(ofAttribute: attribute, in: element)
                )
            } else {
                report(
                    .misspelledElement(miss.name, suggestion: miss.suggestion),
                    at: source.location(of: element)
                )
            }
        }
    }

    /// Reads `<userInfo><entry key="…" value="…"/></userInfo>`: the entries, where each is, and
    /// whether the element has a `<userInfo>` at all (an empty one is written back).
    mutating func readUserInfo(_ element: XMLElementNode) -> ([String: String], [String: SourcePosition], Bool) {
        guard element.hasElementChildren else { return ([:], [:], false) }
        var userInfo: [String: String] = [:]
        var locations: [String: SourcePosition] = [:]
        var hasElement = false
        element.forEachChild(named: .userInfo) { group in
            hasElement = true
            group.forEachChild(named: .entry) { entry in
                guard let key = entry[attribute: .key] else {
                    report(.userInfoEntryWithoutKey, at: source.location(of: entry))
                    return
                }
                userInfo[key] = entry[attribute: .value] ?? ""
                locations[key] = source.position(of: entry)
                if !ModelVocabulary.userInfoKeySet.contains(key),
                    let suggestion = ModelVocabulary.nearMiss(key, among: ModelVocabulary.userInfoKeys)
                {
                    report(
                        .misspelledUserInfoKey(key, suggestion: suggestion),
                        at: source.location(ofAttribute: "key", in: entry)
                    )
                }
            }
        }
        return (userInfo, locations, hasElement)
    }

    /// Xcode writes Booleans as `YES`/`NO`.
    static func flag(_ value: String?) -> Bool {
        guard let value else { return false }
        return value == "YES" || (value != "NO" && MappingKeys.isYes(value))
    }
}

extension SourceLocator {
    /// Where an element is, kept unresolved.
    func position(of element: XMLElementNode) -> SourcePosition {
        SourcePosition(locator: self, element: element.ordinal)
    }

    /// Where an element starts.
    func location(of element: XMLElementNode) -> SourceLocation {
        location(ofElement: element.ordinal)
    }

    /// Where an XML attribute of an element is; the element's own location when the
    /// attribute is not written in its start tag.
    func location(ofAttribute attribute: String, in element: XMLElementNode) -> SourceLocation {
        location(ofElement: element.ordinal, attribute: attribute)
    }
}
