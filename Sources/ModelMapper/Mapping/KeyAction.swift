import Foundation

/// What the decoder does with the value of one key, worked out from its ``KeyNode`` once: a
/// plain value, so that reading a member touches no reference count.
struct KeyAction {
    enum Kind: UInt8 {
        /// An attribute reads the value (`slot`).
        case attribute
        /// A relationship reads it (`slot`); `nested` holds the owner's keys read inside it.
        case relationship
        /// An object of deeper keys (`nested`).
        case nested
        /// The key naming the object's entity.
        case typeKey
        /// Nothing reads it.
        case skip
        /// Several readers share the value: read once into a tree.
        case shared
    }

    let kind: Kind
    /// Whether the key is another spelling of the property's own key (``KeyNode/aliasOf``),
    /// which the property's own key wins over.
    let isAlias: Bool
    let slot: Int
    /// The level below, kept alive by the node.
    let nested: Unmanaged<KeyLevel>?

    init(kind: Kind, slot: Int, nested: Unmanaged<KeyLevel>?) {
        (self.kind, self.slot, self.nested, self.isAlias) = (kind, slot, nested, false)
    }

    init(_ node: KeyNode) {
        nested = node.nested.map { Unmanaged.passUnretained($0) }
        isAlias = node.aliasOf != nil
        if !node.hasSingleReader {
            (kind, slot) = (.shared, -1)
        } else if let attribute = node.attributes.first {
            (kind, slot) = (.attribute, attribute)
        } else if let relationship = node.relationship {
            (kind, slot) = (.relationship, relationship)
        } else if node.isTypeKey {
            (kind, slot) = (.typeKey, -1)
        } else if node.nested != nil {
            (kind, slot) = (.nested, -1)
        } else {
            (kind, slot) = (.skip, -1)
        }
    }
}
