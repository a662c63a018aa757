@_spi(Engine) import ModelMapperSchema

/// Turns what ``SampleWalker`` observed into a model: the key casing, each key's property
/// with its type, identities, foreign keys and inverses, and the names, each a Swift
/// identifier whose key the casing makes or a `jsonKeyPath` declares.
struct ModelPlanner {
    /// A property of the model being planned.
    struct Property {
        var name: String
        /// The JSON key it reads; nil for an inverse, which no JSON gives.
        var key: String?
        var kind: FieldKind
        var isOptional: Bool
        /// Whether its key needs a `jsonKeyPath` (the casing does not make it from the name).
        var declaresKeyPath = false
        /// The inverse relationship's name, for a relationship that has one.
        var inverse: String?
        /// Whether deleting the object deletes what this relationship holds (nesting).
        var cascades = false
        /// Whether the JSON gives the relationship as its destination's identity (a foreign
        /// key), so that the encoder writes it so too, in every layout.
        var writesIdentity = false
        /// For a to-many keyed by identity: its `jsonForm`, `map` or `mapOmittingIdentity`.
        var mapForm: String?
    }

    /// An entity of the model being planned.
    struct Entity {
        var name: String
        var properties: [Property] = []
        var identity: String?
        var names: Set<String> = []
        var keys: Set<String> = []
        /// What was guessed about the entity and its properties.
        var guesses: [ModelInference.Guess] = []
        /// Every key the entity's objects had.
        var jsonKeys: Set<String> = []
    }

    let walker: SampleWalker
    let options: ModelInference.Options
    private(set) var casing = JSONKeyCasing.modelNames
    private(set) var conventions = ModelConventions()
    /// The guess of the key casing.
    private var casingGuess: ModelInference.Guess?

    /// What was guessed: the casing, then entity by entity.
    var guesses: [ModelInference.Guess] {
        (casingGuess.map { [$0] } ?? []) + entities.flatMap(\.guesses)
    }
    var entities: [Entity] = []
    var entityIndex: [String: Int] = [:]

    init(walker: SampleWalker, options: ModelInference.Options) {
        self.walker = walker
        self.options = options
    }

    mutating func plan() {
        detectCasing()
        for name in walker.entityOrder {
            guard let observed = walker.entities[name] else { continue }
            entityIndex[name] = entities.count
            entities.append(planEntity(observed))
        }
        keepReachableEntities()
        for index in entities.indices { chooseIdentity(index) }
        keyMapsByIdentity()
        for index in entities.indices { findForeignKeys(index) }
        addInverses()
    }

    /// Drops the entities no relationship leads to from the root's: those of objects at a key
    /// that also held other kinds of values, which became an `Undefined` attribute.
    private mutating func keepReachableEntities() {
        var reached = Set(walker.roots)
        var pending = walker.roots
        while let name = pending.popLast() {
            guard let index = entityIndex[name] else { continue }
            for property in entities[index].properties {
                switch property.kind {
                case .toOne(let destination), .toMany(let destination), .identityMap(let destination):
                    if reached.insert(destination).inserted { pending.append(destination) }
                case .attribute:
                    continue
                }
            }
        }
        guard reached.count < entities.count else { return }
        entities.removeAll { !reached.contains($0.name) }
        entityIndex = Dictionary(uniqueKeysWithValues: entities.enumerated().map { ($0.element.name, $0.offset) })
    }

    // MARK: Casing

    /// The casing most keys follow: snake_case, kebab-case, or the keys as they are (camelCase
    /// and anything else). Keys that do not follow it get a `jsonKeyPath`.
    private mutating func detectCasing() {
        var snake = 0
        var kebab = 0
        var camel = 0
        var total = 0
        for entity in walker.entities.values {
            for field in entity.fields {
                total += 1
                let key = field.key
                let hasUpper = key.unicodeScalars.contains { $0.properties.isUppercase }
                if !hasUpper, key.contains("_"), !key.hasPrefix("_") {
                    snake += 1
                } else if !hasUpper, key.contains("-") {
                    kebab += 1
                } else if hasUpper, key.unicodeScalars.first?.properties.isLowercase == true, !key.contains("_"),
                    !key.contains("-")
                {
                    camel += 1
                }
            }
        }
        let (name, count): (String, Int)
        if snake > 0, snake >= kebab, snake >= camel {
            (casing, name, count) = (.snakeCase, "snake_case", snake)
        } else if kebab > 0, kebab >= camel {
            (casing, name, count) = (.kebabCase, "kebab-case", kebab)
        } else {
            (casing, name, count) = (.modelNames, "the property names (camelCase)", camel)
        }
        // Written whatever it is, with identities declared entity by entity (an `id` that is
        // not an identity must not become one by the library's default): the model alone says
        // how its JSON reads, and a later change of defaults cannot change it.
        conventions.keyCasing = casing
        conventions.identifiesByID = false
        casingGuess = ModelInference.Guess(
            subject: "keys",
            guess: "\(name), declared once as the keyCasing convention",
            evidence: "\(count) of \(total) keys have a casing of their own; snake_case \(snake), "
                + "kebab-case \(kebab), camelCase \(camel)",
            isSure: count > 0 && count * 2 >= snake + kebab + camel
        )
    }

    // MARK: Properties

    private func planEntity(_ observed: ObservedEntity) -> Entity {
        var entity = Entity(name: observed.name)
        entity.jsonKeys = Set(observed.fields.map(\.key))
        var objects = observed.objectCount == 1 ? "1 object" : "\(observed.objectCount) objects"
        if let hidden = observed.hiddenTypeName {
            objects +=
                "; named \(observed.name), not \(hidden), whose class would hide the type \(hidden) that other code means"
        }
        entity.guesses.append(
            ModelInference.Guess(subject: observed.name, guess: "entity", evidence: objects, isSure: true)
        )
        for field in observed.fields {
            if let reason = Self.unmappableReason(field.key) {
                entity.guesses.append(
                    ModelInference.Guess(
                        subject: "\(entity.name).\(JSONValue.string(field.key).jsonText())",
                        guess: "not mapped",
                        evidence: reason,
                        isSure: false
                    )
                )
                continue
            }
            let (kind, evidence, isSure) = field.kind(options: options)
            let isSeenOptional = field.isOptional(amongObjects: observed.objectCount)
            let isOptional = isSeenOptional || options.optionalByDefault
            var property = Property(name: "", key: field.key, kind: kind, isOptional: isOptional)
            if case .toMany = kind { property.cascades = true }
            if case .identityMap = kind { property.cascades = true }
            if case .toOne = kind { property.cascades = true }
            Self.name(&property, in: &entity, words: InferredNames.words(of: field.key), casing: casing)
            entity.properties.append(property)
            let presence =
                isSeenOptional
                ? ", optional: \(field.presentCount) of \(observed.objectCount) objects had it, \(field.nullCount) null"
                : isOptional ? ", optional by default (--optional-by-default)" : ""
            entity.guesses.append(
                ModelInference.Guess(
                    subject: "\(entity.name).\(property.name)",
                    guess: Self.describe(kind),
                    evidence: evidence + presence,
                    isSure: isSure && field.nonNullCount >= 3
                )
            )
        }
        return entity
    }

    /// Why no property can read `key`, if none can: a model file cannot hold it.
    static func unmappableReason(_ key: String) -> String? {
        if key.isEmpty { return "an empty key has no key path" }
        let isXMLCharacter: (Unicode.Scalar) -> Bool = {
            $0 == "\t" || $0 == "\n" || $0 == "\r" || ($0.value >= 0x20 && $0.value != 0xFFFE && $0.value != 0xFFFF)
        }
        if !key.unicodeScalars.allSatisfy(isXMLCharacter) { return "the key holds characters an XML file cannot" }
        return nil
    }

    /// Names `property` after `words` (or its key as it is, where the casing is the names):
    /// a usable identifier, unique in `entity`, with a `jsonKeyPath` when the casing does not
    /// make its key from the name.
    static func name(_ property: inout Property, in entity: inout Entity, words: [String], casing: JSONKeyCasing) {
        var base: String
        if casing == .modelNames, let key = property.key, InferredNames.isUsableProperty(key) {
            base = key
        } else {
            base = InferredNames.propertyName(words)
        }
        if !InferredNames.isUsableProperty(base) {
            base = InferredNames.propertyName(InferredNames.words(of: entity.name)) + SwiftNaming.capitalized(base)
        }
        if !InferredNames.isUsableProperty(base) { base = "value" }
        var candidate = base
        var number = 2
        // Nor the name of another key: a model read without its casing would map both there.
        while entity.names.contains(candidate) || (candidate != property.key && entity.jsonKeys.contains(candidate))
            || (property.key == nil
                && entity.keys.contains(
                    casing.key(for: candidate, entityName: entity.name, entityHasDescription: false)
                ))
        {
            candidate = base + String(number)
            number += 1
        }
        property.name = candidate
        entity.names.insert(candidate)
        let made = casing.key(for: candidate, entityName: entity.name, entityHasDescription: false)
        if let key = property.key {
            property.declaresKeyPath = made != key
            entity.keys.insert(key)
        } else {
            entity.keys.insert(made)
        }
    }

    static func describe(_ kind: FieldKind) -> String {
        switch kind {
        case .attribute(let type, let jsonForm, let dateFormats, let customClassName, let fractionDigits):
            var text = type.rawValue
            if let customClassName { text += " \(customClassName)" }
            if let dateFormats { text += " (\(dateFormats))" }
            if let jsonForm { text += " sent as a \(jsonForm)" }
            if let fractionDigits { text += " with \(fractionDigits) fraction digits" }
            return text
        case .toOne(let entity): return "to-one \(entity)"
        case .toMany(let entity): return "to-many \(entity), ordered"
        case .identityMap(let entity): return "to-many \(entity), ordered, an object keyed by identities"
        }
    }
}
