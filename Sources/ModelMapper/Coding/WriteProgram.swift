import Foundation

/// How an entity's objects are written: the entity's key levels flattened, once per model,
/// into a list of steps with every key quoted in advance, so that encoding an object is one
/// pass over its steps with no lookups and no nesting decided at run time.
struct WriteProgram: Sendable {
    enum Step: Sendable {
        /// The key naming the object's entity, and this entity's value.
        case typeKey(QuotedKey, value: String)
        case attribute(slot: Int, QuotedKey)
        /// A relationship; `extras` are the entity's own flattened attributes under the same
        /// key, written inside the related object.
        case relationship(slot: Int, QuotedKey, extras: KeyLevel?)
        /// An object that flattened key paths go through; left out when nothing is written
        /// in it.
        case open(QuotedKey)
        case close
    }

    let steps: [Step]

    init(level: KeyLevel, typeKey: String?, typeValue: String) {
        var steps: [Step] = []
        Self.append(level, to: &steps, isRoot: true, typeKey: typeKey, typeValue: typeValue)
        self.steps = steps
    }

    private static func append(_ level: KeyLevel, to steps: inout [Step], isRoot: Bool, typeKey: String?, typeValue: String) {
        for node in level.nodes {
            let key = QuotedKey(node.key)
            if isRoot, node.isTypeKey {
                steps.append(.typeKey(key, value: typeValue))
            }
            for slot in node.attributes {
                steps.append(.attribute(slot: slot, key))
            }
            if let slot = node.relationship {
                steps.append(.relationship(slot: slot, key, extras: node.nested))
            } else if let nested = node.nested {
                steps.append(.open(key))
                append(nested, to: &steps, isRoot: false, typeKey: nil, typeValue: typeValue)
                steps.append(.close)
            }
        }
    }
}

/// A JSON key with its quoted forms ready: `"key":`, with `/` escaped and not.
struct QuotedKey: Sendable {
    let key: String
    let escapingSlashes: [UInt8]
    let plain: [UInt8]

    init(_ key: String) {
        self.key = key
        escapingSlashes = JSONWriter.quotedKey(key, options: [])
        plain = JSONWriter.quotedKey(key, options: .withoutEscapingSlashes)
    }
}
