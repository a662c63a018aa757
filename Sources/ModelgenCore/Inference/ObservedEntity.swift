@_spi(Engine) import ModelMapperSchema

/// What the samples showed of one entity: its objects' keys, in the order first seen, with
/// what each held, and which keys could be its identity.
final class ObservedEntity {
    /// The entity's name.
    let name: String
    /// How many JSON objects were of it.
    var objectCount = 0
    /// Its keys, in the order the samples first had them.
    var fields: [ObservedField] = []
    /// The index in ``fields`` of each key.
    var fieldIndex: [String: Int] = [:]
    /// The evidence for each key that could be the identity (`id`, `uuid`, `<entity>_id`).
    var identityEvidence: [String: IdentityEvidence] = [:]

    /// The type name the entity was not given, because a class of it would hide that type
    /// (``ShadowedTypeNames``): reported with the entity.
    var hiddenTypeName: String?

    init(name: String) {
        self.name = name
    }

    /// Whether `key` looks like an identity of this entity: `id`, `_id`, `uuid`, `guid`, or
    /// the entity's name and `id` (`book_id`, `bookID`).
    func isIdentityLike(_ key: String) -> Bool {
        if let known = identityLikeKeys[key] { return known }
        let isLike = Self.isIdentityLike(key, entity: name)
        identityLikeKeys[key] = isLike
        return isLike
    }

    /// Whether `key` is decided once per key, not once per object that has it.
    private var identityLikeKeys: [String: Bool] = [:]

    private static func isIdentityLike(_ key: String, entity name: String) -> Bool {
        let letters = String(key.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0 == "_" })
        let bare = letters.replacingOccurrences(of: "_", with: "")
        return bare == "id" || bare == "uuid" || bare == "guid" || bare == name.lowercased() + "id"
    }

    /// Notes one object of the entity, from the document numbered `document`.
    func note(_ object: JSONObject, document: Int) {
        objectCount += 1
        for (key, value) in object {
            let index: Int
            if let found = fieldIndex[key] {
                index = found
            } else {
                index = fields.count
                fieldIndex[key] = index
                fields.append(ObservedField(key: key))
            }
            fields[index].note(value)
            if isIdentityLike(key) {
                identityEvidence[key, default: IdentityEvidence()].note(value, of: object, document: document)
            }
        }
    }

    /// Notes that an array held two objects with `value` at `key`: an ordered to-many holds
    /// an object once, so `key` cannot be what makes them one.
    func noteRepeated(key: String) {
        identityEvidence[key, default: IdentityEvidence()].isViable = false
    }
}
