import Foundation
@_spi(Engine) import ModelMapperSchema

/// What one key of a level feeds.
final class KeyNode: Sendable {
    let key: String
    /// Slots of attributes whose key path ends here (usually none or one).
    let attributes: [Int]
    /// The slot of a relationship whose key path ends here.
    let relationship: Int?
    /// Keys below this one that longer key paths go through.
    let nested: KeyLevel?
    /// Whether this is the key naming the object's entity.
    let isTypeKey: Bool
    /// The key quoted for writing.
    let quoted: QuotedKey
    /// For a key read as another spelling of a property's key (the model's name beside its
    /// cased key, a foreign key's `<relationship>_id`), the index of the node of the
    /// property's own key in the same level: what is read here is written there, unless the
    /// object keeps its source's spelling. Nil for a property's own key.
    let aliasOf: Int?

    init(key: String, attributes: [Int], relationship: Int?, nested: KeyLevel?, isTypeKey: Bool, aliasOf: Int? = nil) {
        self.key = key
        self.aliasOf = aliasOf
        self.attributes = attributes
        self.relationship = relationship
        self.nested = nested
        self.isTypeKey = isTypeKey
        self.quoted = QuotedKey(key)
        let readers = attributes.count + (relationship == nil ? 0 : 1) + (nested == nil || relationship != nil ? 0 : 1)
        hasSingleReader = readers <= 1 && !(isTypeKey && readers > 0)
    }

    /// Whether one reader of the value is enough: an attribute alone, a relationship (with
    /// flattened keys under it read alongside), or an object of nested keys alone. Worked out
    /// once: the decoder asks for every member it reads.
    let hasSingleReader: Bool
}
