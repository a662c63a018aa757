import Foundation
import ModelMapper
import Mustache

/// One run of ``ModelGenerator``: the classes named, the files rendered, the diagnostics
/// gathered on the way. The entities are in this file, their properties in
/// `GenerationRun+Properties.swift`.
struct GenerationRun {
    let model: ObjectModel
    let options: GeneratorOptions
    var diagnostics: [ModelDiagnostic] = []
    /// Class name for each entity index that is generated.
    var classNames: [Int: String] = [:]
    /// The required to-one relationships typed initializers take.
    let initializerRelationships: InitializerRelationships

    init(model: ObjectModel, options: GeneratorOptions) {
        self.model = model
        self.options = options
        self.initializerRelationships = InitializerRelationships(model: model)
    }

    var access: String { options.access == .public ? "public " : "" }
    var typeName: String { options.modelTypeName ?? SwiftNaming.sanitized(options.modelName) + "Model" }

    var sourceDescription: String {
        options.sourceName + (model.versionName.map { ", version \"\($0)\"" } ?? "")
    }

    var header: String {
        """
        \(ModelGenerator.headerPrefix)\(sourceDescription) — do not edit.
        // Regenerate it with `modelgen generate`; changes made here are lost.
        """
    }

    /// A warning of the generator, with its code (``GeneratorCode``), at `location` (the model
    /// file when nil).
    mutating func warn(_ code: ModelDiagnostic.Code, _ message: String, at location: SourceLocation?) {
        let location = location ?? SourceLocation(file: options.sourceName)
        diagnostics.append(ModelDiagnostic(.warning, message, code: code, at: location))
    }

    /// An error of the generator, with its code (``GeneratorCode``).
    mutating func fail(_ code: ModelDiagnostic.Code, _ message: String, at location: SourceLocation? = nil) {
        let location = location ?? SourceLocation(file: options.sourceName)
        diagnostics.append(ModelDiagnostic(.error, message, code: code, at: location))
    }

    // MARK: Run

    mutating func run(modelXML: String) -> GenerationResult {
        let entities = selectedEntities()
        assignClassNames(entities)
        var contexts = entities.map { entityContext($0) }
        addIdentityMaps(to: &contexts, entities: entities)
        let modelContext = ModelTemplateContext(
            header: header,
            access: access,
            modelName: options.modelName,
            typeName: typeName,
            sourceName: options.sourceName,
            sourceDescription: sourceDescription,
            classes: entities.compactMap { classNames[$0.index] },
            fileNameLiteral: SwiftNaming.stringLiteral(fileName),
            xmlLiteral: Self.rawStringLiteral(modelXML),
            conventionsLiteral: SwiftNaming.stringLiteral(model.conventions.jsonText),
            dateTransformers: dateTransformerContexts(),
            entities: contexts
        )
        guard let library = makeLibrary() else {
            return GenerationResult(files: [], diagnostics: diagnostics)
        }
        var files: [GeneratedFile] = []
        switch options.layout {
        case .split:
            for context in contexts {
                files.append(
                    render(
                        "machine",
                        ["entity": context, "header": header],
                        library: library,
                        path: "_\(context.className).swift",
                        kind: .machine
                    )
                )
                files.append(
                    render(
                        "human",
                        ["entity": context],
                        library: library,
                        path: "\(context.className).swift",
                        kind: .human
                    )
                )
            }
            files.append(render("model", modelContext, library: library, path: "_\(typeName).swift", kind: .machine))
        case .singleFile:
            files.append(
                render(
                    "single",
                    modelContext,
                    library: library,
                    path: options.singleFileName ?? "\(SwiftNaming.sanitized(options.modelName))+ModelMapper.swift",
                    kind: .machine
                )
            )
        }
        files.sort { $0.path < $1.path }
        return GenerationResult(files: files, diagnostics: diagnostics)
    }

    /// The file name the model type reports in diagnostics: `Authors.xcdatamodeld/Authors 3.xcdatamodel/contents`.
    var fileName: String {
        guard let version = model.versionName else { return options.sourceName }
        return "\(options.sourceName)/\(version).xcdatamodel/contents"
    }

    // MARK: Entities

    /// The entities to generate: all, or those asked for and their superentities.
    mutating func selectedEntities() -> [EntityDescription] {
        guard !options.entityNames.isEmpty else { return model.entities }
        var wanted = Set<Int>()
        for name in options.entityNames {
            guard let entity = model.entity(named: name) else {
                fail(
                    GeneratorCode.unknownEntity,
                    "the model has no entity '\(name)'"
                        + ClosestName.suggestion(for: name, among: model.entities.map(\.name))
                        + " (entities: \(model.entities.map(\.name).joined(separator: ", ")))"
                )
                continue
            }
            var current: EntityDescription? = entity
            while let ancestor = current {
                if wanted.insert(ancestor.index).inserted, ancestor != entity {
                    warn(
                        GeneratorCode.superentityGenerated,
                        "entity '\(ancestor.name)' is generated too: '\(entity.name)' inherits from it",
                        at: ancestor.location
                    )
                }
                current = ancestor.superentity
            }
        }
        return model.entities.filter { wanted.contains($0.index) }
    }

    /// Class names from `representedClassName` (without a module prefix), else the entity name;
    /// made valid, kept away from the types generated code relies on, and unique.
    mutating func assignClassNames(_ entities: [EntityDescription]) {
        var used = Set<String>([typeName])
        for entity in entities {
            let candidate = options.classPrefix + ShadowedTypeNames.className(of: entity)
            var name = SwiftNaming.sanitized(candidate)
            if name != candidate {
                warn(
                    GeneratorCode.classNameNotIdentifier,
                    "entity '\(entity.name)': class name '\(candidate)' is not a Swift identifier; generated as "
                        + "'\(name)'",
                    at: entity.location
                )
            }
            if SwiftNaming.keywords.contains(name) || SwiftNaming.reservedTypes.contains(name) {
                let renamed = name + "Object"
                warn(
                    GeneratorCode.classNameReserved,
                    "entity '\(entity.name)': class name '\(name)' would hide a Swift or ModelMapper name; generated "
                        + "as '\(renamed)'",
                    at: entity.location
                )
                name = renamed
            }
            if let shadows = ShadowedTypeNames.diagnostic(for: entity, className: name, severity: .warning) {
                diagnostics.append(shadows)
            }
            if used.contains(name) {
                var number = 2
                while used.contains("\(name)\(number)") { number += 1 }
                warn(
                    GeneratorCode.classNameTaken,
                    "entity '\(entity.name)': class name '\(name)' is taken by another entity; generated as "
                        + "'\(name)\(number)'",
                    at: entity.location
                )
                name = "\(name)\(number)"
            }
            used.insert(name)
            used.insert("_" + name)
            classNames[entity.index] = name
        }
    }

    mutating func entityContext(_ entity: EntityDescription) -> EntityTemplateContext {
        let className = classNames[entity.index] ?? entity.name
        let machineClassName = options.layout == .split ? "_" + className : className
        let superclassName = entity.superentity.flatMap { classNames[$0.index] } ?? "ModelMapper.ModelObject"
        let names = propertyNames(entity)
        let keys = entity.properties.map { property in
            KeyTemplateContext(
                swiftName: names[property.name] ?? property.name,
                name: property.name,
                nameLiteral: SwiftNaming.stringLiteral(property.name)
            )
        }
        let own = { (property: PropertyDescription) in property.entity == entity }
        let attributes = entity.attributes.filter { own(.attribute($0)) }
            .map { attributeContext($0, swiftName: names[$0.name] ?? $0.name) }
        let rawValueAttributes = attributes.filter { !$0.rawValueType.isEmpty }
        let relationships = entity.relationships.filter { own(.relationship($0)) }
            .map { relationshipContext($0, swiftName: names[$0.name] ?? $0.name) }
        var docLines = ["An object of entity `\(entity.name)` of \(sourceDescription) (line \(entity.location.line))."]
        if entity.isAbstract { docLines.append("The entity is abstract: objects are of its subentities.") }
        if let typeKey = entity.jsonTypeKey { docLines.append("JSON type: `\(typeKey)` is `\(entity.jsonTypeValue)`.") }
        if !entity.identityAttributes.isEmpty {
            docLines.append(
                "Identity: " + entity.identityAttributes.map { "`\($0.name)`" }.joined(separator: ", ") + "."
            )
        }
        return EntityTemplateContext(
            header: header,
            access: access,
            sourceName: options.sourceName,
            entityName: entity.name,
            entityNameLiteral: SwiftNaming.stringLiteral(entity.name),
            className: className,
            machineClassName: machineClassName,
            declaredClassName: machineClassName,
            superclassName: superclassName,
            isAbstract: entity.isAbstract,
            docLines: docLines.map(SwiftNaming.commentText),
            keys: keys,
            attributes: attributes,
            relationships: relationships,
            rawValueAttributes: rawValueAttributes,
            hasRawValueAttributes: !rawValueAttributes.isEmpty,
            fetchRequests: fetchRequestContexts(entity, className: className),
            identity: identityContext(entity, attributes: attributes, names: names),
            initializer: entity.isAbstract
                ? [] : [initializerContext(entity, ownProperties: attributes + relationships, names: names)],
            documentRoot: Self.documentRootContext(entity)
        )
    }

    /// Where the entity's documents hold its objects, where it declares it (`jsonRootKeyPath`).
    static func documentRootContext(_ entity: EntityDescription) -> [DocumentRootTemplateContext] {
        guard entity.declaresRoot, !entity.isAbstract else { return [] }
        guard let path = entity.rootKeyPath?.description else {
            return [DocumentRootTemplateContext(keyPathLiteral: "nil", place: "that is the document")]
        }
        return [DocumentRootTemplateContext(keyPathLiteral: SwiftNaming.stringLiteral(path), place: "at `\(path)`")]
    }

    static func initializerDocLines(_ entityName: String, parameters: [PropertyTemplateContext]) -> [String] {
        guard !parameters.isEmpty else {
            return ["A new object of the entity `\(entityName)` of `model`, with the model's defaults set."]
        }
        let names = parameters.map { "`\($0.swiftName)`" }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        return [
            "A new object of the entity `\(entityName)` of `model`, with the values the model requires",
            "(\(list)) and the model's defaults for the rest.",
        ]
    }

    /// The class's typed initializer: the model, then every attribute the entity requires with
    /// no default and every required to-one it takes (see ``InitializerRelationships``), one
    /// parameter each, inherited ones first, as the model lists them.
    mutating func initializerContext(
        _ entity: EntityDescription,
        ownProperties: [PropertyTemplateContext],
        names: [String: String]
    ) -> InitializerTemplateContext {
        // Inherited properties' contexts are their superentity's; their warnings are its, too.
        let mark = diagnostics.count
        // By name, so that an entity of thousands of attributes costs a lookup each, not a search.
        let ownByName = Dictionary(ownProperties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let parameters = entity.properties
            .compactMap { property -> PropertyTemplateContext? in
                guard property.entity != entity else { return ownByName[property.name] }
                let swiftName = names[property.name] ?? property.name
                switch property {
                case .attribute(let attribute): return attributeContext(attribute, swiftName: swiftName)
                case .relationship(let relationship): return relationshipContext(relationship, swiftName: swiftName)
                }
            }
            .filter(\.isInitializerParameter)
        diagnostics.removeSubrange(mark...)
        // Names inside the initializer that no parameter may shadow.
        func unused(_ name: String) -> String {
            var name = name
            while parameters.contains(where: { $0.swiftName == name }) { name += "_" }
            return name
        }
        let modelName = unused("objectModel")
        let list =
            parameters.isEmpty
            ? "model \(modelName): ModelMapper.ObjectModel"
            : "\n        model \(modelName): ModelMapper.ObjectModel"
                + parameters.map { ",\n        \($0.swiftName): \($0.swiftType)" }.joined() + "\n    "
        // A concrete superentity's class declares the same initializer when the entity adds
        // no required value of its own; an abstract one's declares none (nor inherits one).
        let overrides =
            entity.superentity.map { !$0.isAbstract && classNames[$0.index] != nil } == true
            && !parameters.contains { ownByName[$0.name] != nil }
        return InitializerTemplateContext(
            modelParameterName: modelName,
            objectName: unused("object"),
            setterFunctionName: unused("setRequiredValues"),
            parameters: parameters,
            hasParameters: !parameters.isEmpty,
            parameterList: list,
            overrideKeyword: overrides ? "override " : "",
            docLines: Self.initializerDocLines(entity.name, parameters: parameters).map(SwiftNaming.commentText)
        )
    }

    /// The types an identity may have for the class to be `Hashable` by it.
    static let hashableTypes: Set<String> = [
        "Int16", "Int32", "Int64", "String", "UUID", "URL", "Date", "Decimal", "Double", "Float", "Bool", "Data",
    ]

    /// The class's identity for `Identifiable` and `Hashable`: one attribute of the entity's own,
    /// of a `Hashable` type, no other property named `id`, and no superentity whose class
    /// already conforms (a subclass cannot conform again).
    func identityContext(
        _ entity: EntityDescription,
        attributes: [PropertyTemplateContext],
        names: [String: String]
    ) -> [IdentityTemplateContext] {
        guard entity.identityAttributes.count == 1, entity.superentity.map({ $0.identityAttributes.isEmpty }) ?? true,
            let identity = attributes.first(where: { $0.name == entity.identityAttributes[0].name }),
            identity.rawValueType.isEmpty,
            Self.hashableTypes.contains(Self.unwrapped(identity.swiftType))
        else { return [] }
        let isNamedID = identity.swiftName == "id"
        guard isNamedID || !entity.properties.contains(where: { (names[$0.name] ?? $0.name) == "id" }) else {
            return []
        }
        return [
            IdentityTemplateContext(swiftName: identity.swiftName, swiftType: identity.swiftType, isNamedID: isNamedID)
        ]
    }

    /// The model's fetch request templates of `entity` as typed functions: each `$VARIABLE` a
    /// parameter, typed by the attribute it is compared with (`name == $name` gives a
    /// `String`, `age IN $ages` an `[Int16]`), `Any` when the predicate does not tell.
    mutating func fetchRequestContexts(_ entity: EntityDescription, className: String) -> [FetchRequestTemplateContext]
    {
        var used = Set<String>()
        return model.fetchRequestTemplates.filter { $0.entityName == entity.name }
            .map { template in
                var functionName =
                    "fetch" + SwiftNaming.sanitized(template.name).prefix(1).uppercased()
                    + SwiftNaming.sanitized(template.name).dropFirst()
                while !used.insert(functionName).inserted { functionName += "_" }
                let predicate = template.predicate  // parsed on each read: once here
                let variables = predicate?.freeVariables.sorted() ?? []
                let types = predicate.map { variableTypes(in: $0, entity: entity) } ?? [:]
                let parameters = variables.map { variable in
                    "\(SwiftNaming.sanitized(variable)): \(types[variable] ?? "Any"), "
                }
                let literal = variables.map { "\(SwiftNaming.stringLiteral($0)): \(SwiftNaming.sanitized($0))" }
                var docLines = [
                    "Runs the model's fetch request template `\(template.name)` against the objects of `graph`."
                ]
                if let predicate = template.predicateString { docLines.append("Predicate: `\(predicate)`.") }
                if predicate == nil, let predicateString = template.predicateString, !predicateString.isEmpty {
                    warn(
                        GeneratorCode.fetchRequestPredicate,
                        "fetch request '\(template.name)': its predicate does not parse; the function will throw",
                        at: template.location
                    )
                }
                return FetchRequestTemplateContext(
                    name: template.name,
                    nameLiteral: SwiftNaming.stringLiteral(template.name),
                    functionName: functionName,
                    parameterList: parameters.joined(),
                    variablesLiteral: literal.isEmpty ? ":" : literal.joined(separator: ", "),
                    docLines: docLines.map(SwiftNaming.commentText)
                )
            }
    }

    /// The Swift types of the variables a predicate compares with attributes of `entity` (or of
    /// what its to-one relationships lead to).
    mutating func variableTypes(in predicate: ModelPredicate, entity: EntityDescription) -> [String: String] {
        var found: [String: String] = [:]
        var conflicting = Set<String>()
        func note(_ variable: String, _ type: String) {
            if let known = found[variable], known != type { conflicting.insert(variable) }
            found[variable] = type
        }
        func attribute(at expression: PredicateSyntax.Expression) -> AttributeDescription? {
            guard case .keyPath(.evaluatedObject, let components) = expression, let last = components.last else {
                return nil
            }
            var current = entity
            for component in components.dropLast() {
                guard let relationship = current.relationshipsByName[component] else { return nil }
                current = relationship.destinationEntity
            }
            return current.attributesByName[last]
        }
        var stack = [predicate.syntax]
        while let next = stack.popLast() {
            switch next {
            case .alwaysTrue, .alwaysFalse: break
            case .not(let inner): stack.append(inner)
            case .and(let predicates), .or(let predicates): stack.append(contentsOf: predicates)
            case .comparison(let comparison):
                for (side, other) in [(comparison.left, comparison.right), (comparison.right, comparison.left)] {
                    guard case .variable(let variable) = other, let attribute = attribute(at: side) else { continue }
                    let type = swiftType(of: attribute)
                    guard type != "Any" else { continue }
                    note(variable, comparison.operator == .in && side == comparison.left ? "[\(type)]" : type)
                }
            }
        }
        for variable in conflicting { found[variable] = nil }
        return found
    }

    /// Swift names for every property of the entity (inherited ones included, for `Keys`):
    /// valid, not reserved, unique. Renames are reported once, on the declaring entity.
    mutating func propertyNames(_ entity: EntityDescription) -> [String: String] {
        var result: [String: String] = [:]
        var used = Set<String>()
        for property in entity.properties {
            let declaredHere = property.entity == entity
            var name = SwiftNaming.sanitized(property.name)
            if name != property.name, declaredHere {
                warn(
                    GeneratorCode.propertyNameNotIdentifier,
                    "property '\(entity.name).\(property.name)' is not a Swift identifier; generated as '\(name)'",
                    at: property.location
                )
            }
            if SwiftNaming.reservedMembers.contains(name) {
                let renamed = name + "_"
                if declaredHere {
                    warn(
                        GeneratorCode.propertyNameReserved,
                        "property '\(entity.name).\(property.name)' would clash with '\(name)' of ModelObject or "
                            + "Swift; generated as '\(renamed)'",
                        at: property.location
                    )
                }
                name = renamed
            }
            while used.contains(name) {
                let renamed = name + "_"
                if declaredHere {
                    warn(
                        GeneratorCode.propertyNameTaken,
                        "property '\(entity.name).\(property.name)' has the same Swift name as another property; "
                            + "generated as '\(renamed)'",
                        at: property.location
                    )
                }
                name = renamed
            }
            used.insert(name)
            result[property.name] = SwiftNaming.escaped(name)
        }
        return result
    }

    // MARK: Rendering

    /// The built-in templates, with the user's in their place.
    mutating func makeLibrary() -> MustacheLibrary? {
        var library = MustacheLibrary()
        var ok = true
        for (name, builtIn) in BuiltInTemplates.all.sorted(by: { $0.key < $1.key }) {
            var text = options.templates[name] ?? builtIn
            // Swift is not HTML: never escape what templates output.
            if !text.hasPrefix("{{% CONTENT_TYPE") { text = "{{% CONTENT_TYPE: TEXT}}\n" + text }
            do {
                try library.register(text, named: name)
            } catch {
                fail(GeneratorCode.templateUnparsable, "template '\(name)' cannot be parsed: \(error)")
                ok = false
            }
        }
        for name in options.templates.keys.sorted() where BuiltInTemplates.all[name] == nil {
            warn(
                GeneratorCode.templateUnknown,
                "template '\(name)' is not one modelgen uses (it uses: "
                    + "\(BuiltInTemplates.all.keys.sorted().joined(separator: ", "))); it is ignored",
                at: nil
            )
        }
        return ok ? library : nil
    }

    mutating func render(
        _ template: String,
        _ context: Any,
        library: MustacheLibrary,
        path: String,
        kind: GeneratedFile.Kind
    ) -> GeneratedFile {
        let text = library.render(context, withTemplate: template) ?? ""
        if text.isEmpty {
            warn(GeneratorCode.templateEmpty, "template '\(template)' rendered nothing for \(path)", at: nil)
        }
        return GeneratedFile(path: path, contents: text, kind: kind)
    }

    /// A raw multi-line string literal holding `text` (less a final line break), with enough
    /// `#`s that nothing in the text can end it or be read as an escape.
    static func rawStringLiteral(_ text: String) -> String {
        var hashes = 1
        while text.contains("\"\"\"" + String(repeating: "#", count: hashes))
            || text.contains("\\" + String(repeating: "#", count: hashes))
        {
            hashes += 1
        }
        let delimiter = String(repeating: "#", count: hashes)
        var body = text.replacingOccurrences(of: "\r\n", with: "\n")
        if !body.hasSuffix("\n") { body += "\n" }
        return "\(delimiter)\"\"\"\n\(body)\"\"\"\(delimiter)"
    }
}
