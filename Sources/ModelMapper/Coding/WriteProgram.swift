import Foundation

/// How an entity's objects are written: the entity's key levels flattened, once per model,
/// into a list of steps with every key quoted in advance, so that encoding an object is one
/// pass over its steps with no lookups and no nesting decided at run time.
struct WriteProgram: Sendable {
    /// One step: plain values, so that stepping through a program retains nothing.
    struct Step: Sendable {
        enum Kind: UInt8, Sendable {
            /// The key naming the object's entity, written with the entity's type value.
            case typeKey
            case attribute
            /// A relationship; `extras` are the entity's own flattened attributes under
            /// the same key, written inside the related object.
            case relationship
            /// An object that flattened key paths go through; left out when nothing is
            /// written in it.
            case open
            case close
        }

        let kind: Kind
        let slot: Int32
        /// The step's key in ``WriteProgram/keys``.
        let key: Int32
        /// The extras level in ``WriteProgram/extras``, or -1.
        let extras: Int32
    }

    let steps: [Step]
    let keys: [QuotedKey]
    let extras: [KeyLevel]
    let typeValue: String

    init(level: KeyLevel, typeKey: String?, typeValue: String) {
        var builder = Builder()
        builder.append(level, isRoot: true)
        steps = builder.steps
        keys = builder.keys
        extras = builder.extras
        self.typeValue = typeValue
    }

    private struct Builder {
        var steps: [Step] = []
        var keys: [QuotedKey] = []
        var extras: [KeyLevel] = []

        mutating func append(_ level: KeyLevel, isRoot: Bool) {
            for node in level.nodes {
                keys.append(node.quoted)
                let key = Int32(keys.count - 1)
                if isRoot, node.isTypeKey {
                    steps.append(Step(kind: .typeKey, slot: -1, key: key, extras: -1))
                }
                for slot in node.attributes {
                    steps.append(Step(kind: .attribute, slot: Int32(slot), key: key, extras: -1))
                }
                if let slot = node.relationship {
                    var extrasIndex: Int32 = -1
                    if let nested = node.nested {
                        extras.append(nested)
                        extrasIndex = Int32(extras.count - 1)
                    }
                    steps.append(Step(kind: .relationship, slot: Int32(slot), key: key, extras: extrasIndex))
                } else if let nested = node.nested {
                    steps.append(Step(kind: .open, slot: -1, key: key, extras: -1))
                    append(nested, isRoot: false)
                    steps.append(Step(kind: .close, slot: -1, key: key, extras: -1))
                }
            }
        }
    }
}

/// A JSON key with its quoted forms ready: `"key":`, with `/` escaped and not. A class, so
/// that handing one to the writer costs one retain.
final class QuotedKey: Sendable {
    let key: String
    let escapingSlashes: [UInt8]
    let plain: [UInt8]

    init(_ key: String) {
        self.key = key
        escapingSlashes = JSONWriter.quotedKey(key, options: [])
        plain = JSONWriter.quotedKey(key, options: .withoutEscapingSlashes)
    }
}
