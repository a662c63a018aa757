import Foundation
@_spi(Engine) import ModelMapperSchema

/// How an entity's objects are written: the entity's key levels flattened, once per model,
/// into a list of steps with every key quoted in advance, so that encoding an object is one
/// pass over its steps with no lookups and no nesting decided at run time.
///
/// An object decoded with its source kept (``DecodedSource``) gets a program of its own,
/// made when it is encoded: the same steps in the order its JSON had its members, with the
/// unknown members between them.
final class WriteProgram: @unchecked Sendable {
    /// One step: plain values, so that stepping through a program retains nothing.
    struct Step: Sendable {
        enum Kind: UInt8, Sendable {
            /// The key naming the object's entity, written with the entity's type value.
            case typeKey
            case attribute
            /// An attribute of the object that holds this one (a flattened key path of its
            /// relationship to this object), written inside this one.
            case ownerAttribute
            /// A relationship; `extras` are the entity's own flattened attributes under
            /// the same key, written inside the related object.
            case relationship
            /// An object that flattened key paths go through; left out when nothing is
            /// written in it.
            case open
            /// The end of an `open` object; `extras` is 1 when the object is written as
            /// `null` if nothing is written in it (the JSON had `null` there).
            case close
            /// A member no property reads: `extras` is its value in ``WriteProgram/unknownValues``.
            case unknown
        }

        let kind: Kind
        let slot: Int32
        /// The step's key in ``WriteProgram/keys``.
        let key: Int32
        /// The extras level in ``WriteProgram/extras``, or -1; for `.close` and `.unknown`,
        /// see their kinds.
        let extras: Int32
    }

    /// The steps, in plain memory the encoder's loop reads without counting references.
    var steps: UnsafeBufferPointer<Step> { UnsafeBufferPointer(start: stepBuffer, count: stepCount) }
    let stepBuffer: UnsafeMutablePointer<Step>
    private let stepCount: Int
    let keys: [QuotedKey]
    /// The keys' quoted bytes in one block, for writing a key without counting references.
    let quotedKeys: QuotedKeyBlock
    let extras: [KeyLevel]
    /// The programs writing each of ``extras`` inside the related object (`.ownerAttribute`,
    /// `.open` and `.close` steps); empty for a program of owner steps itself.
    let ownerPrograms: [WriteProgram]
    /// Each of ``extras`` with its owner program, unretained (this program keeps both alive),
    /// in plain memory: the encoder reads them for every related object it writes.
    let ownerExtras: UnsafeMutablePointer<OwnerExtras>

    /// A level of the owner's flattened keys and the program writing them in the related object.
    struct OwnerExtras {
        let level: Unmanaged<KeyLevel>
        let program: Unmanaged<WriteProgram>
    }
    /// The values of `.unknown` steps.
    let unknownValues: [JSONValue]
    let typeValue: String
    /// Whether the program writes the owner's flattened attributes itself (a program made from
    /// a source); otherwise the encoder writes them before the steps.
    let writesOwnerKeys: Bool

    /// The program of an entity: its keys in model order, but those of `unwritten` slots
    /// (properties the model marks not to export).
    /// `renamed` gives other keys to some slots' attributes of the object's own level (Rails'
    /// `_destroy`, see ``EntityMapping/nestedAttributesWriteProgram``).
    convenience init(level: KeyLevel, typeValue: String, unwritten: Set<Int> = [], renamed: [Int: String] = [:]) {
        var builder = Builder()
        builder.unwritten = unwritten
        builder.renamed = renamed
        builder.append([], own: level, owner: nil, isRoot: true)
        self.init(
            builder,
            ownerPrograms: builder.extras.map { WriteProgram(ownerLevel: $0) },
            typeValue: typeValue,
            writesOwnerKeys: false
        )
    }

    /// The program writing an owner's flattened attributes of `ownerLevel` inside the object it
    /// links to.
    private convenience init(ownerLevel: KeyLevel) {
        var builder = Builder()
        builder.append([], own: nil, owner: ownerLevel, isRoot: false)
        self.init(builder, ownerPrograms: [], typeValue: "", writesOwnerKeys: false)
    }

    /// The program of one decoded object: its members in the order its JSON had them, keys
    /// it did not have after them in model order; or, when `canonical`, the unknown members
    /// first and the rest in model order. `ownerLevel` is the owner's flattened keys written
    /// inside the object where it is being written.
    convenience init(
        source: DecodedSource,
        mapping: EntityMapping,
        ownerLevel: KeyLevel?,
        canonical: Bool,
        writesUnknown: Bool
    ) {
        var builder = Builder()
        builder.canonical = canonical
        builder.writesUnknown = writesUnknown
        builder.unwritten = mapping.unwrittenSlots
        // Members of the owner's level stand only when the object is written where it was read.
        var members =
            source.ownerLevel === ownerLevel
            ? source.members
            : source.members.filter {
                if case .owner = $0.identity { return false }
                return true
            }
        if !source.isOrdered { members = SourceMember.sortingUnknownMembers(members) }
        builder.append(members, own: mapping.keys, owner: ownerLevel, isRoot: true)
        // The extras are levels of the entity's keys: their owner programs are the entity program's.
        let entity = mapping.writeProgram
        let ownerPrograms = builder.extras.map { level in
            entity.extras.firstIndex { $0 === level }.map { entity.ownerPrograms[$0] }
                ?? WriteProgram(ownerLevel: level)
        }
        self.init(builder, ownerPrograms: ownerPrograms, typeValue: mapping.typeValue, writesOwnerKeys: true)
    }

    private init(_ builder: Builder, ownerPrograms: [WriteProgram], typeValue: String, writesOwnerKeys: Bool) {
        stepCount = builder.steps.count
        stepBuffer = .allocate(capacity: max(builder.steps.count, 1))
        stepBuffer.initialize(from: builder.steps, count: builder.steps.count)
        keys = builder.keys
        quotedKeys = QuotedKeyBlock(builder.keys)
        extras = builder.extras
        self.ownerPrograms = ownerPrograms
        ownerExtras = .allocate(capacity: max(ownerPrograms.count, 1))
        for (index, program) in ownerPrograms.enumerated() {
            (ownerExtras + index)
                .initialize(
                    to: OwnerExtras(level: .passUnretained(extras[index]), program: .passUnretained(program))
                )
        }
        unknownValues = builder.unknownValues
        self.typeValue = typeValue
        self.writesOwnerKeys = writesOwnerKeys
    }

    deinit {
        ownerExtras.deallocate()
        quotedKeys.deallocate()
        stepBuffer.deallocate()
    }

    /// Which of the steps of this program (an entity's) an owner writing the keys of `level`
    /// in its objects takes over: steps of the object's own level whose key `level` has.
    /// One flag per step, in memory the caller frees.
    func stepsWritten(byOwnerLevel level: KeyLevel) -> UnsafeMutablePointer<Bool> {
        let flags = UnsafeMutablePointer<Bool>.allocate(capacity: max(steps.count, 1))
        var depth = 0
        for (index, step) in steps.enumerated() {
            if step.kind == .close { depth -= 1 }
            let written = step.kind != .close && depth == 0 && level.table.index(of: keys[Int(step.key)].key) != nil
            if step.kind == .open { depth += 1 }
            (flags + index).initialize(to: written)
        }
        return flags
    }

    private struct Builder {
        var steps: [Step] = []
        var keys: [QuotedKey] = []
        var extras: [KeyLevel] = []
        var unknownValues: [JSONValue] = []
        var canonical = false
        var writesUnknown = true
        /// The slots of the object's own properties that are never written.
        var unwritten: Set<Int> = []
        /// Other keys for attributes of the object's own level, by slot.
        var renamed: [Int: String] = [:]

        /// Appends the steps of one level: `members` (as decoded) in order, then the nodes of
        /// `own` and `owner` they did not name, in model order.
        mutating func append(_ members: [SourceMember], own: KeyLevel?, owner: KeyLevel?, isRoot: Bool) {
            var ownSeen = [Bool](repeating: false, count: own?.nodes.count ?? 0)
            var ownerSeen = [Bool](repeating: false, count: owner?.nodes.count ?? 0)
            var unknownSteps: [String: Int] = [:]
            var nestedMembers: [SourceMember.Identity: (members: [SourceMember], isNull: Bool)] = [:]
            for member in members {
                switch member {
                case .unknown(let key, let value):
                    guard writesUnknown else { continue }
                    // A repeated key keeps its first place and its last value.
                    if let index = unknownSteps[key] {
                        unknownValues[Int(steps[index].extras)] = value
                        continue
                    }
                    unknownSteps[key] = steps.count
                    keys.append(QuotedKey(key))
                    unknownValues.append(value)
                    steps.append(
                        Step(
                            kind: .unknown,
                            slot: -1,
                            key: Int32(keys.count - 1),
                            extras: Int32(unknownValues.count - 1)
                        )
                    )
                case .own(let index), .owner(let index), .nested(let index, _, _, _), .null(let index, _):
                    // What is under a key of nested key paths: its members, or `null`.
                    let nested: (members: [SourceMember], isNull: Bool)
                    switch member {
                    case .nested(_, _, let inner, _): nested = (inner, false)
                    case .null: nested = ([], true)
                    default: nested = ([], false)
                    }
                    guard !canonical else {
                        if !nested.members.isEmpty || nested.isNull { nestedMembers[member.identity] = nested }
                        continue
                    }
                    let isOwner: Bool
                    if case .owner = member.identity { isOwner = true } else { isOwner = false }
                    guard let level = isOwner ? owner : own, index < level.nodes.count else { continue }
                    let isNew =
                        isOwner
                        ? Self.markSeen(index, of: level, in: &ownerSeen)
                        : Self.markSeen(index, of: level, in: &ownSeen)
                    guard isNew else { continue }
                    append(
                        level.nodes[index],
                        isRoot: isRoot,
                        isOwner: isOwner,
                        nested: nested.members,
                        nullIfEmpty: nested.isNull
                    )
                }
            }
            // The owner's keys first, as objects without a source have them.
            for (index, node) in (owner?.nodes ?? []).enumerated() where !ownerSeen[index] {
                let nested = nestedMembers[.owner(index)]
                append(
                    node,
                    isRoot: isRoot,
                    isOwner: true,
                    nested: nested?.members ?? [],
                    nullIfEmpty: nested?.isNull ?? false
                )
            }
            for (index, node) in (own?.nodes ?? []).enumerated() where !ownSeen[index] && node.aliasOf == nil {
                let nested = nestedMembers[.own(index)]
                append(
                    node,
                    isRoot: isRoot,
                    isOwner: false,
                    nested: nested?.members ?? [],
                    nullIfEmpty: nested?.isNull ?? false
                )
            }
        }

        /// Marks node `index` of `level` written; false when it (or the property's own key it
        /// is another spelling of) already is. A key read as another spelling of a property's
        /// is written as read, once: it stands for the property's own key.
        private static func markSeen(_ index: Int, of level: KeyLevel, in seen: inout [Bool]) -> Bool {
            let primary = level.nodes[index].aliasOf ?? index
            guard !seen[index], !seen[primary] else { return false }
            seen[index] = true
            seen[primary] = true
            return true
        }

        /// Appends the steps of one key: the type key, attributes, a relationship, or an object
        /// of nested keys holding `nested` members.
        mutating func append(
            _ node: KeyNode,
            isRoot: Bool,
            isOwner: Bool,
            nested members: [SourceMember],
            nullIfEmpty: Bool
        ) {
            if isRoot, !isOwner, node.relationship == nil, node.nested == nil, node.attributes.count == 1,
                let other = renamed[node.attributes[0]]
            {
                keys.append(QuotedKey(other))
            } else {
                keys.append(node.quoted)
            }
            let key = Int32(keys.count - 1)
            if isRoot, !isOwner, node.isTypeKey {
                steps.append(Step(kind: .typeKey, slot: -1, key: key, extras: -1))
            }
            for slot in node.attributes where isOwner || !unwritten.contains(slot) {
                steps.append(
                    Step(kind: isOwner ? .ownerAttribute : .attribute, slot: Int32(slot), key: key, extras: -1)
                )
            }
            if let slot = node.relationship {
                // An owner's relationship is the owner's to write.
                guard !isOwner, !unwritten.contains(slot) else { return }
                var extrasIndex: Int32 = -1
                if let nested = node.nested {
                    extras.append(nested)
                    extrasIndex = Int32(extras.count - 1)
                }
                steps.append(Step(kind: .relationship, slot: Int32(slot), key: key, extras: extrasIndex))
            } else if let nested = node.nested {
                steps.append(Step(kind: .open, slot: -1, key: key, extras: -1))
                append(members, own: isOwner ? nil : nested, owner: isOwner ? nested : nil, isRoot: false)
                steps.append(Step(kind: .close, slot: -1, key: key, extras: nullIfEmpty ? 1 : 0))
            }
        }
    }
}
