import Foundation
@_spi(Engine) import ModelMapperSchema

/// An object's members: each key matched against the level's key table, and its value read
/// into the slot the key is for (nested keys entered, unknown ones skipped or kept).
extension ObjectDecoder {
    /// Reads the value of one member of the top frame's current level.
    mutating func readMember(_ key: JSONStringBytes, frame top: Int) throws(MappingError) {
        var own: KeyAction?
        var extras: KeyAction?
        var ownIndex = -1
        var extrasIndex = -1
        if let level = frames[top].level.own, let index = Self.index(of: key, in: level, guess: frames[top].level.guess)
        {
            frames[top].level.matched(index)
            own = level._withUnsafeGuaranteedRef { $0.entries[index].action }
            ownIndex = index
        }
        if let level = frames[top].level.extras,
            let index = Self.index(of: key, in: level, guess: frames[top].level.extrasGuess)
        {
            frames[top].level.extrasGuess = index + 1
            extras = level._withUnsafeGuaranteedRef { $0.entries[index].action }
            extrasIndex = index
        }
        switch (own, extras) {
        case (nil, nil):
            if settings.rejectsUnknownKeys { try reportUnknownKey(key.string, frame: top) }
            if settings.keepsSource {
                let name = key.string
                let value = try readTree(frame: top, key: .name(name))
                sources[top].members.append(.unknown(key: name, value: value))
            } else {
                try scanner.skipValue()
            }
        case (let action?, nil) where action.kind != .shared:
            try read(action, index: ownIndex, frame: top, isExtras: false)
        case (nil, let action?) where action.kind != .shared && action.kind != .relationship:
            try read(action, index: extrasIndex, frame: top, isExtras: true)
        default:
            if settings.keepsSource {
                // The owner writes a key both read (see `ObjectEncoder`).
                sources[top].members.append(extrasIndex >= 0 ? .owner(node: extrasIndex) : .own(node: ownIndex))
            }
            let ownNode = frames[top].level.own
                .flatMap { level in ownIndex < 0 ? nil : level.takeUnretainedValue().nodes[ownIndex] }
            let extrasNode = frames[top].level.extras
                .flatMap { level in extrasIndex < 0 ? nil : level.takeUnretainedValue().nodes[extrasIndex] }
            try readThroughTree(own: ownNode, extras: extrasNode, frame: top)
        }
    }

    /// Reads the next member if its key is the one expected (the one that followed the key
    /// matched last in the objects read before) and one reader alone reads
    /// it: the key compared in place, with no string scanned or looked up. False, having read
    /// nothing, otherwise.
    @inline(__always)
    mutating func readExpectedMember(frame top: Int) throws(MappingError) -> Bool {
        // Through a pointer: the frame stays put until the value read pushes another.
        let frame = frames.pointer(top)
        guard frame.pointee.level.extras == nil, let entries = frame.pointee.level.entries else { return false }
        let index = frame.pointee.level.guess
        // The guess is a key of the level or the entry past the last, which is never readable.
        guard index >= 0, index <= frame.pointee.level.keyCount else { return false }
        let key = entries + index
        guard key.pointee.isReadable, scanner.consumeKey(key.pointee.bytes, pattern: key.pointee.pattern) else {
            return false
        }
        frame.pointee.level.matched(index)
        try read(key.pointee.action, index: index, frame: top, isExtras: false)
        return true
    }

    /// The index of a key in a level's table, without counting a reference to the level.
    @inline(__always)
    static func index(of key: JSONStringBytes, in level: Unmanaged<KeyLevel>, guess: Int) -> Int? {
        level._withUnsafeGuaranteedRef { $0.table.index(of: key.buffer, guess: guess) }
    }

    /// Reads a value that one reader alone reads (node `index` of its level).
    mutating func read(_ action: KeyAction, index: Int, frame top: Int, isExtras: Bool) throws(MappingError) {
        // One test on the common path: no alias is read, and none was.
        if action.isAlias || hasFrameNotes, !isExtras {
            guard try takesSpelling(action, index: index, frame: top) else { return }
        }
        let target = isExtras ? top - 1 : top
        // The member in order; an object of nested keys is noted when it closes, with its members.
        if settings.keepsSource, action.kind != .nested {
            sources[top].members.append(isExtras ? .owner(node: index) : .own(node: index))
        }
        switch action.kind {
        case .attribute:
            try readAttribute(slot: action.slot, frame: target, from: top)
        case .relationship:
            try readRelationship(slot: action.slot, frame: top, extras: action.nested)
        case .typeKey:
            try readTypeKey(frame: top)
        case .skip, .shared:
            try scanner.skipValue()
        case .nested:
            guard let nested = action.nested else { return try scanner.skipValue() }
            try enterNested(nested, index: index, frame: top, isExtras: isExtras)
        }
    }

    /// Reads the start of an object of deeper keys: its level becomes the frame's current one.
    mutating func enterNested(_ nested: Unmanaged<KeyLevel>, index: Int, frame top: Int, isExtras: Bool)
        throws(MappingError)
    {
        let target = isExtras ? top - 1 : top
        let levelOfNode = isExtras ? frames[top].level.extras : frames[top].level.own
        let key = levelOfNode.map { $0.takeUnretainedValue().nodes[index].key } ?? ""
        let under = levelOfNode.map { (level: $0, index: index) }
        scanner.skipWhitespace()
        switch scanner.peek() {
        case UInt8(ascii: "{"):
            scanner.index += 1
            let level = Level(
                own: isExtras ? nil : nested,
                extras: isExtras ? nested : nil,
                under: under,
                orderEntries: settings.orderEntries
            )
            if settings.keepsSource {
                sources[top].outer.append((sources[top].members, index, isExtras, key))
                sources[top].members = []
            }
            outerLevels.append(frames[top].level)
            frames[top].level = level
        case UInt8(ascii: "n"):
            // A null object on the way: the values below it are absent.
            try scanner.readLiteral("null")
            if settings.keepsSource { sources[top].members.append(.null(node: index, isOwner: isExtras)) }
        default:
            let found = try scanner.describeAndSkip()
            let mapping = frames[target].mapping
            let first = nested.takeUnretainedValue().nodes.first
            try report(
                .typeMismatch,
                frame: top,
                keys: [key],
                entityName: run.model.entityRecords[frames[target].entity].name,
                propertyName: first.flatMap { $0.attributes.first.map { mapping.properties[$0].name } },
                expected: "an object holding '\(first?.key ?? "")'",
                found: found
            )
        }
    }

    /// Reads an attribute's value into the slots of frame `target` (the top frame, or the one
    /// below it for a flattened key path read through a relationship's object).
    ///
    /// The plain case inline, in the caller's loop; the rest in `readAnyAttribute`.
    @inline(__always)
    mutating func readAttribute(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        if !settings.keepsSource {
            // Through a pointer: reading a scalar pushes no frame.
            let frame = frames.pointer(target)
            if let value = try readPlainValue(frame.pointee.readings[slot], slot: slot, entity: frame.pointee.entity) {
                frame.pointee.slots[slot] = value
                return
            }
        }
        try readAnyAttribute(slot: slot, frame: target, from: top)
    }

    /// Reads an attribute's value of any kind: tokens, conversions, transformers, sources.
    mutating func readAnyAttribute(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        let token: JSONToken
        switch try scanner.readScalar() {
        case .null?:
            try readNull(slot: slot, frame: target, from: top)
            return
        case let scalar?: token = scalar
        case nil:
            let key = TreeKey.property(slot: slot, frame: target)
            let kind = frames[target].readings[slot].kind
            if kind == .rawJSON || kind == .shapedJSON, !settings.keepsSource {
                // Foundation values straight from the bytes, without a tree between.
                let value = try readFoundationTree(frame: top, key: key)
                if kind == .shapedJSON,
                    let error = MappingError.shapeMismatch(
                        of: value,
                        declaredBy: frames[target].mapping.properties[slot].jsonShape
                    )
                {
                    // Left unset: the error stands for the value.
                    return try reportConversion(
                        error,
                        at: attributePath(slot: slot, frame: target),
                        slot: slot,
                        frame: target
                    )
                }
                frames[target].slots[slot] = .value(value)
                return
            }
            token = .container(try readTree(frame: top, key: key))
        }
        if !settings.keepsSource,
            let value = ValueConversion.plainValue(token, kind: frames[target].readings[slot].kind)
        {
            frames[target].slots[slot] = value
            return
        }
        unowned(unsafe) let property = frames[target].readings[slot].property.takeUnretainedValue()
        let value: Slot
        do {
            value = try Self.convert(token, property: property, entity: frames[target].entity, slot: slot, run: run)
        } catch {
            return try reportConversion(error, at: attributePath(slot: slot, frame: target), slot: slot, frame: target)
        }
        if frames[target].readings[slot].kind == .rawValue,
            let type = rawValueType(refusing: value, slot: slot, entity: frames[target].entity)
        {
            // Left unset: the error stands for the value.
            return try reportConversion(
                MappingError(
                    .invalidValue,
                    expected: type.expected,
                    found: ValueConversion.describe(token)
                ),
                at: attributePath(slot: slot, frame: target),
                slot: slot,
                frame: target
            )
        }
        if settings.keepsSource { noteSpelling(token, value: value, property: property, slot: slot, frame: target) }
        frames[target].slots[slot] = value
    }

    /// Reads `null` for a property: kept (unless the options skip nulls) where the model lets
    /// the property be null, and an error where it requires a value (a required attribute, or
    /// a required to-one relationship).
    mutating func readNull(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        unowned(unsafe) let property = frames[target].mapping.properties[slot]
        guard settings.keepsNull else { return }
        if !property.refusesNull {
            frames[target].slots[slot] = .null
        } else {
            try report(
                MappingError(
                    .nullValue,
                    path: attributePath(slot: slot, frame: target),
                    entityName: run.model.entityRecords[frames[target].entity].name,
                    propertyName: property.name,
                    expected: property.expectedValue(in: run.model)
                )
            )
        }
    }
}
