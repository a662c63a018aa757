@_spi(Engine) import ModelMapperSchema

/// One pass over the sample documents, noting every JSON object in the entity it belongs to.
/// Iterative (an explicit stack, never recursion), so a deep document costs memory in
/// proportion to its size, and each value is looked at once: time linear in the input.
///
/// An object's entity is named after the key that holds it (an array's singular: `authors`
/// holds `Author`s). Objects under keys that make one name are one entity wherever they are,
/// which is how a tree (`replies` holding `Reply`s holding `replies`) becomes one entity.
struct SampleWalker {
    /// The entities, by name.
    private(set) var entities: [String: ObservedEntity] = [:]
    /// Their names in the order first met (the root first).
    private(set) var entityOrder: [String] = []
    /// The entities of the samples' top-level objects, in the order first met: one, unless
    /// samples of different endpoints were given theirs.
    private(set) var roots: [String] = []

    /// Notes every object of `document` (numbered `index`), whose top level holds objects of
    /// `rootEntity`: an object, or an array of objects.
    ///
    /// - Throws: ``ModelInferenceError`` when the top level is neither.
    mutating func walk(_ document: JSONValue, index: Int, rootEntity: String, sample: String)
        throws(ModelInferenceError)
    {
        var stack: [(JSONObject, String)] = []
        if !roots.contains(rootEntity) { roots.append(rootEntity) }
        switch document {
        case .object(let object):
            stack.append((object, rootEntity))
        case .array(let elements):
            let objects = elements.compactMap { if case .object(let object) = $0 { object } else { nil } }
            guard objects.count == elements.count, !objects.isEmpty else {
                throw .notObjects(
                    sample: sample,
                    found: elements.isEmpty ? "an empty array" : "an array of other values"
                )
            }
            noteArray(objects, entity: rootEntity)
            stack.append(contentsOf: objects.reversed().map { ($0, rootEntity) })
        default:
            throw .notObjects(sample: sample, found: document.typeDescription)
        }
        while let (object, name) = stack.popLast() {
            let entity = self.entity(named: name)
            entity.note(object, document: index)
            for (key, value) in object {
                switch value {
                case .object(let child) where MapKeys.isMap(child):
                    // A map of objects: its values are the objects, of an entity named as an
                    // array's are; a map of anything else holds none.
                    let objects = child.compactMap { if case .object(let object) = $0.value { object } else { nil } }
                    guard objects.count == child.count else { continue }
                    let name = childEntity(of: entity, key: key, isArray: true)
                    stack.append(contentsOf: objects.reversed().map { ($0, name) })
                case .object(let child):
                    stack.append((child, childEntity(of: entity, key: key, isArray: false)))
                case .array(let elements):
                    guard let first = elements.first, case .object = first else { continue }
                    let objects = elements.compactMap { if case .object(let object) = $0 { object } else { nil } }
                    guard objects.count == elements.count else { continue }
                    let child = childEntity(of: entity, key: key, isArray: true)
                    noteArray(objects, entity: child)
                    stack.append(contentsOf: objects.reversed().map { ($0, child) })
                default:
                    continue
                }
            }
        }
    }

    private mutating func entity(named name: String) -> ObservedEntity {
        if let found = entities[name] { return found }
        let entity = ObservedEntity(name: name)
        entities[name] = entity
        entityOrder.append(name)
        return entity
    }

    /// The entity of the objects at `key` of `parent`'s objects: the one named before for the
    /// key, else one named after it.
    private mutating func childEntity(of parent: ObservedEntity, key: String, isArray: Bool) -> String {
        guard let index = parent.fieldIndex[key] else { return "" }
        if let named = parent.fields[index].childEntity { return named }
        var name = InferredNames.entityName(InferredNames.words(of: key), singular: isArray)
        var hidden: String?
        if ShadowedTypeNames.isTaken(name) {
            // A type's name (`Collection`) gets its role, the parent's singular, as a suffix:
            // `_links.collection` is a `CollectionLink`.
            hidden = name
            name += InferredNames.entityName(InferredNames.words(of: parent.name), singular: true)
        }
        // The root's name is the root's: objects elsewhere named so are of another entity.
        if !InferredNames.isUsableEntity(name) || roots.contains(name) { name = parent.name + name }
        if !InferredNames.isUsableEntity(name) { name = "E" + SwiftNaming.sanitized(name) }
        parent.fields[index].childEntity = name
        let child = entity(named: name)
        if let hidden, child.hiddenTypeName == nil { child.hiddenTypeName = hidden }
        return name
    }

    /// Notes the identity-like keys whose values repeat within one array of objects.
    private mutating func noteArray(_ objects: [JSONObject], entity name: String) {
        let entity = self.entity(named: name)
        var seen: [String: Set<IdentityValue>] = [:]
        for object in objects {
            for (key, value) in object where entity.isIdentityLike(key) {
                guard let identity = IdentityValue(value) else { continue }
                if !seen[key, default: []].insert(identity).inserted { entity.noteRepeated(key: key) }
            }
        }
    }
}
