import Foundation

/// Reads JSON bytes straight into objects through each entity's compiled plan.
///
/// Keys are matched as bytes against the plan's ``KeyTable``s; scalars convert from their
/// bytes into typed slots; values nobody reads are checked and skipped without building
/// anything. Objects nest on an explicit stack of frames rather than on the thread's stack,
/// so the depth the options allow works on any thread. An object is created when its
/// closing brace is read, once its identity is known: a repeated object (same entity family,
/// same identity values) updates the first one instead.
struct ObjectDecoder {
    var scanner: JSONScanner
    let run: DecodingRun
    private let frames = StackBuffer<Frame>()
    /// The levels around the current level of each frame's object (for nested keys), the
    /// outermost first, frame after frame (see `Frame.outerStart`).
    private let outerLevels = StackBuffer<Level>()
    /// Where the object being read (`readObject`) is: the start of every frame's error path.
    private var rootPath = JSONPath.root
    /// The objects of the to-many arrays being read.
    private let links = StackBuffer<Link>()
    /// The frames' source states, one per frame, when the options keep the source.
    private var sources: [SourceState] = []
    /// The object the top-level object is read into, if not a new one.
    private var target: ModelObject?
    /// Whether `target` is updated (values present overwrite, absent ones keep) rather than
    /// filled, and objects it reaches are matched by identity (see ``update(_:path:)``).
    private var updatesTarget = false
    /// The objects that existed before this run and that it updates: their updates wait in
    /// `pendingUpdates` until the whole document has been read without an error.
    private var updatedObjects: Set<ObjectIdentifier> = []
    private var pendingUpdates: [PendingUpdate] = []
    /// Where the key of the member being read starts (its quote), -1 between members: for
    /// the paths of syntax errors.
    private var memberStart = -1
    /// The type key values found by reading ahead, by where their object starts: nil for an
    /// object without one. Entries are removed as their objects are decoded.
    private var typeKeyValues: [Int: (text: String, isString: Bool)?] = [:]
    /// Where errors in this text are: none for text written from a tree (lines would mislead).
    private let locatesByLine: Bool
    /// Whether objects keep how their JSON was written (``DecodedSource``): with unknown keys kept.
    private let keepsSource: Bool
    /// The run's learned key order (``KeyOrder``), which the run keeps alive.
    private let orderEntries: UnsafeMutablePointer<Int32>
    /// The options read for every object or value, copied out of the run's options once:
    /// reading a field of them through the run copies them whole (and their date format's
    /// string with them).
    private let maximumDepth: Int
    private let keepsNull: Bool
    private let uniquesObjectsByIdentity: Bool
    private let requiresNonOptionalValues: Bool
    private let dateFormat: DateFormat

    init(bytes: UnsafeRawBufferPointer, run: DecodingRun, locatesByLine: Bool = true) {
        let options = run.options
        scanner = JSONScanner(
            bytes: bytes,
            maximumDepth: options.maximumDepth,
            maximumStringLength: options.maximumStringLength,
            maximumElementCount: options.maximumElementCount,
            scratch: run.scratch
        )
        self.run = run
        self.locatesByLine = locatesByLine
        keepsSource = options.unknownKeys == .keep
        orderEntries = run.keyOrder.entries
        maximumDepth = options.maximumDepth
        keepsNull = options.nullHandling == .keepNull
        uniquesObjectsByIdentity = options.uniquesObjectsByIdentity
        requiresNonOptionalValues = options.requiresNonOptionalValues
        dateFormat = options.dateFormat
    }

    /// How an object's frame was reached, for error paths. Plain values, like everything in a
    /// frame, so that pushing and popping frames counts no references.
    private enum Step {
        /// At the root path, or at element `index` of the array there: the index kept apart so
        /// that reading an array builds no path per element (paths are only for errors).
        case root(index: Int?)
        /// Through the relationship at `slot` of the frame below, at `index` for a to-many.
        case relationship(slot: Int, index: Int?)
    }

    /// One level of keys being read inside an object: the object itself, or an object that
    /// flattened key paths go through.
    private struct Level {
        // Unmanaged: the run's mappings keep every level alive, and counting references here
        // would cost a retain and a release per member.
        /// The keys the frame's entity reads here.
        var own: Unmanaged<KeyLevel>?
        /// The keys that the entity below reads here (its flattened key paths under the
        /// relationship this object was reached through).
        var extras: Unmanaged<KeyLevel>?
        /// Where the key this level is under is: node `index` of `level` (nil for the object itself).
        var under: (level: Unmanaged<KeyLevel>, index: Int)?
        /// The own key matched last (-1: none yet) and the one expected next, from the run's
        /// ``KeyOrder`` (`order`: the own level's entries there).
        var previous = -1
        var guess = 0
        let order: UnsafeMutablePointer<Int32>?
        /// The own level's ``KeyLevel/entries`` and their count.
        let entries: UnsafeMutablePointer<KeyEntry>?
        let keyCount: Int
        var extrasGuess = 0
        var isFirst = true
        var memberCount = 0

        init(
            own: Unmanaged<KeyLevel>?,
            extras: Unmanaged<KeyLevel>?,
            under: (level: Unmanaged<KeyLevel>, index: Int)? = nil,
            orderEntries: UnsafeMutablePointer<Int32>
        ) {
            self.own = own
            self.extras = extras
            self.under = under
            order = own.map { orderEntries + $0._withUnsafeGuaranteedRef(\.orderOffset) }
            entries = own.map { $0._withUnsafeGuaranteedRef(\.entries) }
            keyCount = own.map { $0._withUnsafeGuaranteedRef(\.table.count) } ?? 0
            if let order { guess = Int(order[0]) }
        }

        /// Notes that own key `index` was read: the order is learned, the next key expected.
        @inline(__always)
        mutating func matched(_ index: Int) {
            guard let order else { return }
            if index != guess { order[previous + 1] = Int32(truncatingIfNeeded: index - (previous + 1)) }
            previous = index
            guess = index + 1 + Int(order[index + 1])
        }
    }

    /// What a frame notes of how its object was written, when the options keep the source
    /// (see ``DecodedSource``): kept beside the frames, so that decoding without it carries none.
    private struct SourceState {
        /// The members of the current level, in the order read (unknown ones with their values).
        var members: [SourceMember] = []
        /// The levels around the current one: their members so far, and the node of the key
        /// the current level is under (in the owner's level or the entity's own).
        var outer: [(members: [SourceMember], node: Int, isOwner: Bool, key: String)] = []
        /// Values spelled differently from how the encoder writes them.
        var spellings: [Spelling] = []
        /// Related objects given only by their identity.
        var referenceEdges: Set<ReferenceEdge> = []
        /// The owner's keys read in this object (the level `extras` of its own level).
        let ownerLevel: KeyLevel?
        /// Where the object's `{` is.
        let start: Int
    }

    /// A to-many array being read: its objects are on the decoder's link stack from `start`.
    private struct ArrayState {
        let slot: Int
        let start: Int
        var index = 0
        var needsElement = true
    }

    /// An update of an object that existed before the run, applied once the document is read.
    private struct PendingUpdate {
        let object: ModelObject
        /// The frame read for it, whose slots (and count on their arena) it holds.
        let frame: Frame
        let source: DecodedSource?
        /// Where its JSON was, for errors in applying it.
        let path: JSONPath
    }

    private struct Frame {
        let entity: Int
        /// Unowned: the run's mappings keep every mapping alive.
        unowned(unsafe) let mapping: EntityMapping
        /// The object's slots (``SlotArena/Allocator/allocateAbsent(count:)``), filled in place
        /// and adopted by the object as they are when it is made, with the count on their arena
        /// that the frame holds (handed on to the object, or released with the slots).
        let slots: UnsafeMutablePointer<Slot>
        let slotCount: Int
        let arena: Unmanaged<SlotArena>
        /// The entity's slot readings (kept alive by `mapping`).
        let readings: UnsafeMutablePointer<SlotReading>
        var level: Level
        /// Where this frame's outer levels start in the decoder's `outerLevels`: those from
        /// here to the next frame's start (or the end, for the top frame) are this frame's.
        let outerStart: Int
        var array: ArrayState?
        let step: Step
        /// The relationship slot in the frame below that this object goes into.
        let parentSlot: Int
        /// Whether an object read into this one was one read before (same identity), so that
        /// a to-many may hold it twice and needs making unique.
        var hasRepeatedChild = false
        /// Whether the object was given by its identity alone, as a scalar (a foreign key):
        /// the attributes it must have are not asked of it.
        var isReference = false
        /// How many errors the run had collected when the frame began: a required attribute
        /// whose value had an error among those after is not reported missing as well.
        var firstError = 0
    }

    // MARK: Objects

    /// Reads one object of `entity` (or of the subentity its JSON names) at the reading
    /// position, the value at `path` (at element `index` of the array there, if given); nil
    /// when an error was recorded instead of thrown. With `target`, the top-level object is
    /// read into it rather than into a new object.
    mutating func readObject(
        entity: Int,
        path: JSONPath,
        index: Int? = nil,
        into target: ModelObject? = nil
    ) throws(MappingError) -> ModelObject? {
        let base = frames.count
        let outerRoot = rootPath
        rootPath = path
        defer { rootPath = outerRoot }
        do {
            return try readObjectFrames(entity: entity, step: .root(index: index), into: target, base: base)
        } catch .invalidJSON(var context) where context.path.components.isEmpty {
            // A syntax error: where in the document, from the frames open.
            context.path = syntaxErrorPath(base: Self.path(path, index: index))
            dropFrames(from: base)
            throw .invalidJSON(unlocatedUnlessText(context))
        } catch .notRepresentable(var context) where context.path.components.isEmpty && context.line != nil {
            // A limit of the scanner's, located the same way.
            context.path = syntaxErrorPath(base: Self.path(path, index: index))
            dropFrames(from: base)
            throw .notRepresentable(unlocatedUnlessText(context))
        } catch {
            dropFrames(from: base)
            throw error
        }
    }

    // MARK: Updating objects

    /// Reads the object at the reading position (the value at `path`) as an update of
    /// `object`: values present overwrite, absent ones keep, `null` clears. Objects nested in
    /// it that have the identity of an object `object` reaches (through any of its
    /// relationships) update that object rather than replacing it. The updates wait until
    /// the whole document has been read (``finishUpdates(applying:)``), so that a document
    /// with an error changes nothing.
    mutating func update(_ object: ModelObject, path: JSONPath) throws(MappingError) {
        updatesTarget = true
        defer { updatesTarget = false }
        updatedObjects.insert(ObjectIdentifier(object))
        if uniquesObjectsByIdentity { registerReachableObjects(from: object) }
        _ = try readObject(entity: object.entity.index, path: path, into: object)
    }

    /// Puts every object `root` reaches, with an identity, in the run's identity map, and
    /// notes them as objects this run updates rather than makes. An explicit stack: graphs
    /// may be deep.
    private mutating func registerReachableObjects(from root: ModelObject) {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending = [root]
        while let object = pending.popLast() {
            let mapping = object.mapping
            let identity = object.slots.withUnsafeSlots { slots in
                mapping.identitySlotList.isEmpty
                    ? nil
                    : IdentityKey(family: mapping.identityFamily, slots: slots, identitySlots: mapping.identitySlotList)
            }
            if let identity, object !== root, run.identities[identity] == nil {
                run.identities[identity] = object
                updatedObjects.insert(ObjectIdentifier(object))
            }
            for relationship in mapping.relationshipList {
                let related: [ModelObject]
                if let linked = object.slots.linkedObject(at: relationship.slot) {
                    related = [linked.takeUnretainedValue()]
                } else {
                    related = object.slots.links(at: relationship.slot).compactMap(\.object)
                }
                for next in related where seen.insert(ObjectIdentifier(next)).inserted { pending.append(next) }
            }
        }
    }

    /// Applies the updates of objects that existed before the run, in the order their JSON
    /// ended (`applying`), or lets them go unapplied after an error.
    ///
    /// - Throws: ``MappingError`` when a relationship cannot be replaced; the updates before
    ///   it stay applied.
    mutating func finishUpdates(applying: Bool) throws(MappingError) {
        let pending = pendingUpdates
        pendingUpdates = []
        var next = 0
        defer {
            for item in pending[next...] {
                SlotStorage.release(item.frame.slots, count: item.frame.slotCount, arena: item.frame.arena)
            }
        }
        guard applying else { return }
        while next < pending.count {
            let item = pending[next]
            // Counted before: `update` takes the frame's slots over, whether it throws or not.
            next += 1
            try update(item.object, with: item.frame, source: item.source, errorPath: { item.path })
        }
    }

    /// `path`, followed by `index` if there is one.
    private static func path(_ path: JSONPath, index: Int?) -> JSONPath {
        guard let index else { return path }
        return path.appending(index: index)
    }

    /// Drops the frames from `base` up, releasing their slots.
    private mutating func dropFrames(from base: Int) {
        // Their arrays' objects: the first array from `base` up starts below the others.
        for depth in base..<max(base, frames.count) {
            if let start = frames[depth].array?.start {
                links.removeAll(from: start)
                break
            }
        }
        for depth in base..<max(base, frames.count) {
            SlotStorage.release(frames[depth].slots, count: frames[depth].slotCount, arena: frames[depth].arena)
        }
        if base < frames.count { outerLevels.removeAll(from: frames[base].outerStart) }
        frames.removeAll(from: base)
        if sources.count > base { sources.removeSubrange(base...) }
    }

    /// Reports a value's error (collected, or thrown when errors are not collected) with the
    /// line and column of the member being read, or of the reading position between members,
    /// when the text is the caller's.
    private func report(_ error: MappingError) throws(MappingError) {
        var error = error
        if locatesByLine, error.context.line == nil {
            let offset = memberStart >= 0 ? memberStart : scanner.index
            let (line, column) = position(of: offset)
            error.context.line = line
            error.context.column = column
        }
        try run.report(error)
    }

    /// ``JSONScanner/position(of:)``, carried on from the last offset asked for: linear in the
    /// text for offsets in document order (what errors come in), from the start otherwise.
    private func position(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), scanner.count)
        if end < run.errorCursor.offset { run.errorCursor = (0, 1, 1) }
        var (line, column) = (run.errorCursor.line, run.errorCursor.column)
        for position in run.errorCursor.offset..<end {
            let byte = scanner.base[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        run.errorCursor = (end, line, column)
        return (line + scanner.origin.line - 1, line == 1 ? column + scanner.origin.column - 1 : column)
    }

    /// The context without line and column when the text was written from a tree (they
    /// would point into text the caller never saw).
    private func unlocatedUnlessText(_ context: MappingError.Context) -> MappingError.Context {
        guard !locatesByLine, let line = context.line, let column = context.column else { return context }
        var context = context
        context.detail = context.detail.map {
            $0.replacingOccurrences(of: "line \(line), column \(column): ", with: "")
        }
        context.line = nil
        context.column = nil
        return context
    }

    /// The path at the reading position: the open frames and levels, and the member whose
    /// value was being read.
    private func syntaxErrorPath(base: JSONPath) -> JSONPath {
        guard let top = frames.indices.last else { return base }
        var keys: [String] = []
        if memberStart >= 0 {
            // A scanner without the length limit: the key is wanted even if the limit was its.
            var keyScanner = JSONScanner(
                bytes: UnsafeRawBufferPointer(start: scanner.base, count: scanner.count),
                maximumDepth: 1
            )
            keyScanner.index = memberStart
            if let key = try? keyScanner.readString().string { keys.append(key) }
        }
        var path = errorPath(frame: top, keys: keys)
        if let array = frames[top].array {
            path = path.appending(keys: frames[top].mapping.properties[array.slot].keyPath.suffix(1))
                .appending(index: array.index)
        }
        return path
    }

    private mutating func readObjectFrames(entity: Int, step: Step, into target: ModelObject?, base: Int)
        throws(MappingError) -> ModelObject?
    {
        self.target = base == 0 ? target : nil
        guard try begin(expected: entity, step: step, parentSlot: -1, extras: nil) else { return nil }
        while true {
            let top = frames.count - 1
            if frames[top].array != nil {
                try continueArray(top)
                continue
            }
            // The next member of the current level, or its end.
            let key: JSONScanner.StringBytes
            memberStart = -1
            if frames[top].level.isFirst {
                frames[top].level.isFirst = false
                if scanner.consume(UInt8(ascii: "}")) {
                    if let object = try closeLevel(top, base: base, target: target) { return object }
                    if frames.count == base { return nil }
                    continue
                }
                memberStart = scanner.index
                if try readExpectedMember(frame: top) { continue }
                key = try scanner.readKey(after: "{")
            } else if try scanner.readSeparator(inObject: true) {
                frames[top].level.memberCount += 1
                guard frames[top].level.memberCount < scanner.maximumElementCount else {
                    throw scanner.tooManyElements()
                }
                scanner.skipWhitespace()
                memberStart = scanner.index
                if try readExpectedMember(frame: top) { continue }
                key = try scanner.readKey(after: ",")
            } else {
                if let object = try closeLevel(top, base: base, target: target) { return object }
                if frames.count == base { return nil }
                continue
            }
            try readMember(key, frame: top)
        }
    }

    /// Starts reading the value at the reading position as an object of `expected`: pushes
    /// its frame and returns true; for anything else reports the error, skips the value and
    /// returns false.
    private mutating func begin(expected: Int, step: Step, parentSlot: Int, extras: Unmanaged<KeyLevel>?)
        throws(MappingError) -> Bool
    {
        scanner.skipWhitespace()
        let mappings = run.mappingRefs
        // Looked up only for an error: copying an entity's record costs more than reading an object.
        var expectedName: String { run.model.entityRecords[expected].name }
        guard scanner.peek() == UInt8(ascii: "{") else {
            // Only a relationship's value: a document's own objects are objects.
            if case .relationship = step, !frames.isEmpty,
                let identitySlot = Self.referenceSlot(mappings[expected].takeUnretainedValue()),
                scanner.peekIsScalarIdentity
            {
                try readReference(expected: expected, identitySlot: identitySlot, step: step, parentSlot: parentSlot)
                return false
            }
            let found = try describeAndSkip()
            try report(.typeMismatch, at: step, entityName: expectedName, expected: "an object", found: found)
            return false
        }
        guard frames.count < maximumDepth else {
            try scanner.skipValue()
            try report(
                .notRepresentable,
                at: step,
                entityName: expectedName,
                found: "objects nested more than \(maximumDepth) deep",
                detail: "raise ModelDecoder.Options.maximumDepth to allow it"
            )
            return false
        }
        var entity = expected
        if mappings[expected]._withUnsafeGuaranteedRef(\.isPolymorphic), target == nil || !frames.isEmpty {
            guard let named = try entityNamed(expected: expected, step: step) else { return false }
            entity = named
        }
        if mappings[entity]._withUnsafeGuaranteedRef(\.isAbstract) {
            try scanner.skipValue()
            let name = run.model.entityRecords[entity].name
            try report(.abstractEntity(name), at: step, entityName: name)
            return false
        }
        if keepsSource { sources.append(SourceState(ownerLevel: extras?.takeUnretainedValue(), start: scanner.index)) }
        scanner.index += 1
        let (count, keys) = mappings[entity]._withUnsafeGuaranteedRef { ($0.slotCount, $0.keysRef) }
        let readings = run.readingsByEntity[entity]
        let (slots, arena) = run.slotAllocator.allocateAbsent(count: count)
        frames.append(
            Frame(
                entity: entity,
                mapping: mappings[entity].takeUnretainedValue(),
                slots: slots,
                slotCount: count,
                arena: arena,
                readings: readings,
                level: Level(own: keys, extras: extras, orderEntries: orderEntries),
                outerStart: outerLevels.count,
                step: step,
                parentSlot: parentSlot,
                firstError: run.errors.count
            )
        )
        return true
    }

    /// The entity an object of a polymorphic entity names with its type key, found by
    /// reading ahead (the reading position stays at the object's `{`); nil when an error was
    /// reported (and the object skipped).
    private mutating func entityNamed(expected: Int, step: Step) throws(MappingError) -> Int? {
        let mapping = run.mappings[expected]
        guard let typeKey = mapping.typeKey else { return expected }
        let start = scanner.index
        if typeKeyValues[start] == nil {
            try readTypeKeys(typeKey)
            scanner.index = start
        }
        guard let found = typeKeyValues.removeValue(forKey: start) ?? nil else { return expected }
        if found.isString, let named = mapping.entityByTypeValue[found.text] { return named }
        try scanner.skipValue()
        try report(
            .unknownEntity(found.text),
            at: step,
            keys: [typeKey],
            entityName: run.model.entityRecords[expected].name,
            detail: "'\(typeKey)' must be one of " + mapping.entityByTypeValue.keys.sorted().joined(separator: ", ")
        )
        return nil
    }

    /// Reads the object at the reading position to its end, noting the type key's value of
    /// it and of every object inside it (by where each starts), so that an object nested in
    /// it needs no reading ahead of its own: reading ahead stays linear in the document,
    /// wherever the type keys are.
    private mutating func readTypeKeys(_ typeKey: String) throws(MappingError) {
        // Open containers: where each object starts (-1 for an array), and whether its type
        // key was seen.
        var open: [(start: Int, seen: Bool)] = []
        // False when the type key's value was read with its key.
        var needsValue = true
        repeat {
            if needsValue {
                scanner.skipWhitespace()
                let byte = scanner.peek()
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard open.count < scanner.maximumDepth else { throw scanner.tooDeep() }
                    let isObject = byte == UInt8(ascii: "{")
                    open.append((isObject ? scanner.index : -1, false))
                    scanner.index += 1
                    if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        close(open.removeLast())
                    } else {
                        if isObject { needsValue = try !typeKeyMember(after: "{", typeKey: typeKey, open: &open) }
                        continue
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            needsValue = true
            // After a value: close containers until one continues.
            while let last = open.last {
                let isObject = last.start >= 0
                if try scanner.readSeparator(inObject: isObject) {
                    if isObject { needsValue = try !typeKeyMember(after: ",", typeKey: typeKey, open: &open) }
                    break
                }
                close(open.removeLast())
            }
        } while !open.isEmpty

        func close(_ container: (start: Int, seen: Bool)) {
            if container.start >= 0, !container.seen { typeKeyValues[container.start] = .some(nil) }
        }
    }

    /// Reads a member's key in `readTypeKeys`; for the type key of an object, reads its value
    /// too and notes it, returning true.
    private mutating func typeKeyMember(
        after opening: StaticString,
        typeKey: String,
        open: inout [(start: Int, seen: Bool)]
    ) throws(MappingError) -> Bool {
        let key = try scanner.readKey(after: opening)
        guard key.buffer.elementsEqual(typeKey.utf8), let last = open.indices.last, !open[last].seen else {
            return false
        }
        scanner.skipWhitespace()
        let isString = scanner.peek() == UInt8(ascii: "\"")
        let text = isString ? try scanner.readString().string : try describeAndSkip()
        open[last].seen = true
        typeKeyValues[open[last].start] = .some((text, isString))
        return true
    }

    // MARK: Members

    /// Reads the value of one member of the top frame's current level.
    private mutating func readMember(_ key: JSONScanner.StringBytes, frame top: Int) throws(MappingError) {
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
            if keepsSource {
                let name = key.string
                let path = errorPath(frame: top, keys: [name])
                let value = try JSONReader.readValue(&scanner, path: path)
                sources[top].members.append(.unknown(key: name, value: value))
            } else {
                try scanner.skipValue()
            }
        case (let action?, nil) where action.kind != .shared:
            try read(action, index: ownIndex, frame: top, isExtras: false)
        case (nil, let action?) where action.kind != .shared && action.kind != .relationship:
            try read(action, index: extrasIndex, frame: top, isExtras: true)
        default:
            if keepsSource {
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
    private mutating func readExpectedMember(frame top: Int) throws(MappingError) -> Bool {
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
    private static func index(of key: JSONScanner.StringBytes, in level: Unmanaged<KeyLevel>, guess: Int) -> Int? {
        level._withUnsafeGuaranteedRef { $0.table.index(of: key.buffer, guess: guess) }
    }

    /// Reads a value that one reader alone reads (node `index` of its level).
    private mutating func read(_ action: KeyAction, index: Int, frame top: Int, isExtras: Bool) throws(MappingError) {
        let target = isExtras ? top - 1 : top
        // The member in order; an object of nested keys is noted when it closes, with its members.
        if keepsSource, action.kind != .nested {
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
    private mutating func enterNested(_ nested: Unmanaged<KeyLevel>, index: Int, frame top: Int, isExtras: Bool)
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
                orderEntries: orderEntries
            )
            if keepsSource {
                sources[top].outer.append((sources[top].members, index, isExtras, key))
                sources[top].members = []
            }
            outerLevels.append(frames[top].level)
            frames[top].level = level
        case UInt8(ascii: "n"):
            // A null object on the way: the values below it are absent.
            try scanner.readLiteral("null")
            if keepsSource { sources[top].members.append(.null(node: index, isOwner: isExtras)) }
        default:
            let found = try describeAndSkip()
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

    /// The type key met in order: checked against the entity, which is already known.
    private mutating func readTypeKey(frame top: Int) throws(MappingError) {
        let mapping = frames[top].mapping
        if mapping.isPolymorphic || frames[top].level.under != nil {
            try scanner.skipValue()  // already read ahead and checked
            return
        }
        scanner.skipWhitespace()
        var name = ""
        if scanner.peek() == UInt8(ascii: "\"") {
            name = try scanner.readString().string
            if name == mapping.typeValue { return }
        } else {
            name = try describeAndSkip()
        }
        try report(
            .unknownEntity(name),
            frame: top,
            keys: [mapping.typeKey ?? ""],
            entityName: run.model.entityRecords[frames[top].entity].name,
            detail: "'\(mapping.typeKey ?? "")' must be \(mapping.typeValue)"
        )
    }

    /// Reads an attribute's value into the slots of frame `target` (the top frame, or the one
    /// below it for a flattened key path read through a relationship's object).
    ///
    /// The plain case inline, in the caller's loop; the rest in `readAnyAttribute`.
    @inline(__always)
    private mutating func readAttribute(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        if !keepsSource {
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
    private mutating func readAnyAttribute(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        let token: JSONToken
        switch try scanner.readScalar() {
        case .null?:
            try readNull(slot: slot, frame: target, from: top)
            return
        case let scalar?: token = scalar
        case nil: token = .container(try JSONReader.readValue(&scanner, path: errorPath(frame: top, keys: [])))
        }
        if !keepsSource, let value = ValueConversion.plainValue(token, kind: frames[target].readings[slot].kind) {
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
                    expected: "a raw value of \(type.typeName)",
                    found: ValueConversion.describe(token)
                ),
                at: attributePath(slot: slot, frame: target),
                slot: slot,
                frame: target
            )
        }
        if keepsSource { noteSpelling(token, value: value, property: property, slot: slot, frame: target) }
        frames[target].slots[slot] = value
    }

    /// The value at the reading position when it is of the very type a plain attribute of
    /// `kind` reads, read and converted in one pass: a string for a String, an integer in
    /// range for an Integer. Nil, having read nothing but whitespace, for anything else.
    @inline(__always)
    private mutating func readPlainValue(_ reading: SlotReading, slot: Int, entity: Int) throws(MappingError) -> Slot? {
        scanner.skipWhitespace()
        let kind = reading.kind
        switch kind {
        case .string:
            guard scanner.peek() == UInt8(ascii: "\"") else { return nil }
            return .string(try scanner.readStringValue())
        case .integer64: return scanner.readPlainInteger(in: Int64.min...Int64.max).map { .integer($0) }
        case .integer32: return scanner.readPlainInteger(in: Int64(Int32.min)...Int64(Int32.max)).map { .integer($0) }
        case .integer16: return scanner.readPlainInteger(in: Int64(Int16.min)...Int64(Int16.max)).map { .integer($0) }
        case .boolean: return scanner.readPlainBoolean().map { .boolean($0) }
        case .double, .float, .decimal:
            let first = scanner.peek()
            guard first == UInt8(ascii: "-") || JSONScanner.isDigit(first) else { return nil }
            let start = scanner.index
            let value = ValueConversion.plainValue(.number(try scanner.readNumber()), kind: kind)
            // Anything `plainValue` declines (out of range, not representable) is read again
            // on the general path, which says why.
            if value == nil { scanner.index = start }
            return value
        case .uuid, .uri, .binaryData, .date, .transformed:
            guard scanner.peek() == UInt8(ascii: "\"") else { return nil }
            let start = scanner.index
            let text = try scanner.readString()
            if let value = stringValue(text.buffer, reading: reading, slot: slot, entity: entity) { return value }
            // Anything else (other forms, invalid values) is read again the careful way.
            scanner.index = start
            return nil
        case .general, .rawValue: return nil
        }
    }

    /// The value of a string for an attribute of a kind read from strings, when it has the
    /// usual form: what the careful path (``ValueConversion/decode(_:for:strict:dateFormat:model:)``,
    /// the transformers' shortcuts) gives for it, without a token between; nil otherwise.
    @inline(__always)
    private func stringValue(_ text: UnsafeBufferPointer<UInt8>, reading: SlotReading, slot: Int, entity: Int) -> Slot?
    {
        // Unwrapped rather than mapped: `map` copies the value (a retain for each reference
        // it holds) where unwrapping moves it.
        switch reading.kind {
        case .uuid: return UUIDText.uuid(from: text).map { .uuid($0) }
        case .uri:
            guard let url = URL(string: UTF8Validation.string(ofValid: text)) else { return nil }
            return .url(url)
        case .binaryData:
            guard let data = Base64Text.data(from: text) else { return nil }
            return .data(data)
        case .date: return dateFormat.civilDate(from: text).map { .date($0) }
        case .transformed:
            switch run.transformers.shortcut(entity: entity, slot: slot) {
            case .commaSeparatedList where Self.keepsListUnboxed(reading.attributeType):
                return .strings(Self.commaSeparated(text))
            case .date(let format) where Self.keepsDateUnboxed(reading.attributeType):
                return format.civilDate(from: text).map { .date($0) }
            default: return nil
            }
        default: return nil
        }
    }

    /// Notes the token's spelling when the encoder would write the value read from it
    /// differently (see ``DecodedSource``).
    private mutating func noteSpelling(
        _ token: JSONToken,
        value: Slot,
        property: PropertyMapping,
        slot: Int,
        frame target: Int
    ) {
        let isPlain = property.transformerName == nil
        // The usual cases, told without writing anything.
        if isPlain {
            switch (property.attributeType, token) {
            case (.string, .string), (.boolean, .bool): return
            case (.integer16, .number(let text)), (.integer32, .number(let text)), (.integer64, .number(let text)):
                if Self.isPlainInteger(text) { return }
            default: break
            }
        }
        let plan = isPlain ? nil : run.transformers.plan(entity: frames[target].entity, slot: slot)
        var canonical = run.spellingWriters.canonical
        canonical.truncate(to: 0)
        let canWrite: Bool
        do {
            try canonical.attribute(
                value,
                property: property,
                plan: plan,
                dateFormat: run.options.dateFormat,
                model: run.model
            )
            canWrite = true
        } catch {
            canWrite = false
        }
        let spelled = token.jsonValue
        var original = run.spellingWriters.original
        original.truncate(to: 0)
        original.value(spelled)
        if canWrite, canonical.count == original.count, canonical.bytes == original.bytes { return }
        var isDate = false
        if isPlain, case .date = value { isDate = true }
        // A value that compares only by its writing keeps that writing.
        let written = canWrite && value.isSameValue(as: value) == nil ? canonical.bytes : nil
        sources[target].spellings
            .append(
                Spelling(
                    slot: slot,
                    value: value,
                    token: spelled,
                    dateFormat: isDate ? run.options.dateFormat : nil,
                    written: written
                )
            )
    }

    /// Whether a number is written as the encoder writes integers: digits, no sign but a
    /// minus, no leading zero, not `-0`.
    private static func isPlainInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = text[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return false
        }
        return first != UInt8(ascii: "0") || (digits.count == 1 && text.count == 1)
    }

    /// Reports an attribute's conversion error at `path`, with its entity and property.
    private func reportConversion(_ error: MappingError, at path: JSONPath, slot: Int, frame target: Int)
        throws(MappingError)
    {
        var error = error
        error.path = path.appending(error.path)
        error.entityName = run.model.entityRecords[frames[target].entity].name
        error.propertyName = frames[target].mapping.properties[slot].name
        try report(error)
    }

    private mutating func readNull(slot: Int, frame target: Int, from top: Int) throws(MappingError) {
        unowned(unsafe) let property = frames[target].mapping.properties[slot]
        guard keepsNull else { return }
        if property.isOptional || property.isRelationship {
            frames[target].slots[slot] = .null
        } else {
            try report(
                MappingError(
                    .nullValue,
                    path: attributePath(slot: slot, frame: target),
                    entityName: run.model.entityRecords[frames[target].entity].name,
                    propertyName: property.name,
                    expected: property.attributeType.rawValue
                )
            )
        }
    }

    /// The slot value of a token for an attribute, through its transformer if it names one.
    private static func convert(_ token: JSONToken, property: PropertyMapping, entity: Int, slot: Int, run: DecodingRun)
        throws(MappingError) -> Slot
    {
        let options = run.options
        guard property.transformerName != nil else {
            return try ValueConversion.decode(
                token,
                for: property,
                strict: run.strict,
                dateFormat: options.dateFormat,
                model: run.model
            )
        }
        let plan = run.transformers.plan(entity: entity, slot: slot)
        let result: Any
        switch plan.shortcut {
        case .date(let format):
            do {
                let date = try format.date(from: token)
                if Self.keepsDateUnboxed(property.attributeType) { return .date(date) }
                result = date
            } catch {
                throw MappingError(
                    .transformerFailed(plan.name),
                    found: ValueConversion.describe(token),
                    underlyingError: TransformerError("expected \(error.expected), found \(error.found)")
                )
            }
        case .commaSeparatedList:
            guard case .string(let bytes) = token else { fallthrough }
            let list = Self.commaSeparated(bytes)
            if Self.keepsListUnboxed(property.attributeType) { return .strings(list) }
            result = list
        case .none:
            result = try Self.reverseTransform(token, plan: plan)
        }
        switch property.attributeType {
        case .transformable, .undefined, .objectID:
            // Dates from the built-in date transformer stay unboxed.
            if let date = result as? Date { return .date(date) }
            return .value(result)
        default:
            return Slot(
                attributeValue: try ValueConversion.modelValue(result, for: property),
                type: property.attributeType
            )
        }
    }

    /// Whether the built-in list transformer's list goes into a slot of an attribute of this
    /// type as it is (`.strings`); other types convert it to the attribute's type.
    private static func keepsListUnboxed(_ type: AttributeType) -> Bool {
        type == .transformable || type == .undefined || type == .objectID
    }

    /// Whether the built-in date transformer's date goes into a slot of an attribute of this
    /// type as it is (`.date`).
    private static func keepsDateUnboxed(_ type: AttributeType) -> Bool { type == .date || type == .transformable }

    /// `"a, b,c"` as `["a", "b", "c"]` (items trimmed), `""` as `[]`: what
    /// `CommaSeparatedListTransformer` reads, from the bytes.
    private static func commaSeparated(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var list: [String] = []
        // Sized first: growing an array of strings one item at a time costs more than the
        // items. (`reserveCapacity` is specialized here; `Array(unsafeUninitializedCapacity:)`
        // and `Array(repeating:count:)` look up the storage's type generically on every call.)
        var commas = 0
        for byte in bytes where byte == UInt8(ascii: ",") { commas += 1 }
        // Items of an ASCII list are ASCII; of another, each is looked at.
        let isASCII: Bool? = UTF8Validation.isASCII(bytes) ? true : nil
        func item(_ start: Int, _ end: Int) -> String {
            let trimmed = UnsafeBufferPointer(rebasing: bytes[start..<end]).trimmingSpaces()
            return UTF8Validation.string(ofValid: trimmed, isASCII: isASCII)
        }
        // Short lists (the usual tags) as array literals, which allocate their storage at
        // once at its size; `reserveCapacity` takes the general path of growing an array.
        if commas <= 2 {
            let first = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if commas == 0 { return [item(0, bytes.count)] }
            let second = bytes[(first + 1)...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if commas == 1 { return [item(0, first), item(first + 1, bytes.count)] }
            return [item(0, first), item(first + 1, second), item(second + 1, bytes.count)]
        }
        list.reserveCapacity(commas + 1)
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
            list.append(item(start, index))
            start = index + 1
        }
        return list
    }

    /// A value through a transformer's `reverseTransformedValue(_:)`, given Foundation values.
    private static func reverseTransform(_ token: JSONToken, plan: TransformerPlan) throws(MappingError) -> Any {
        let name = plan.name
        let transformer = try plan.registered()
        guard type(of: transformer).allowsReverseTransformation() else {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: "it does not allow reverse transformation, which decoding needs"
            )
        }
        let result: Any?
        do {
            result = try transformer.reverseTransformedValue(token.jsonValue.foundationObject)
        } catch {
            throw MappingError(.transformerFailed(name), found: ValueConversion.describe(token), underlyingError: error)
        }
        guard let result else {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: "it returned nil"
            )
        }
        if let problem = FoundationContainer.problem(in: result, maximumDepth: FoundationJSON.maximumDepth) {
            throw MappingError(
                .transformerFailed(name),
                found: ValueConversion.describe(token),
                detail: "it returned \(problem)"
            )
        }
        return result
    }

    // MARK: Relationships

    /// The identity attribute's slot of an entity whose objects a scalar may stand for (a
    /// foreign key): one identity attribute, and an entity that can have objects.
    private static func referenceSlot(_ mapping: EntityMapping) -> Int? {
        guard mapping.identitySlotList.count == 1, !mapping.isAbstract, !mapping.isPolymorphic else { return nil }
        return mapping.identitySlotList[0]
    }

    /// Reads a scalar standing for an object of `expected` by its identity (`"band": "Japan"`):
    /// the object with that identity, made with nothing but it when the run has none yet, and
    /// linked into the frame below as a nested object would be. A later object of the run with
    /// the same identity fills it in; in an ``ObjectGraph``, it resolves to the graph's object.
    private mutating func readReference(expected: Int, identitySlot: Int, step: Step, parentSlot: Int)
        throws(MappingError)
    {
        guard frames.count < maximumDepth else {
            try scanner.skipValue()
            try report(
                .notRepresentable,
                at: step,
                entityName: run.model.entityRecords[expected].name,
                found: "objects nested more than \(maximumDepth) deep",
                detail: "raise ModelDecoder.Options.maximumDepth to allow it"
            )
            return
        }
        let mapping = run.mappingRefs[expected]
        if keepsSource { sources.append(SourceState(ownerLevel: nil, start: scanner.index)) }
        let (count, keys) = mapping._withUnsafeGuaranteedRef { ($0.slotCount, $0.keysRef) }
        let readings = run.readingsByEntity[expected]
        let (slots, arena) = run.slotAllocator.allocateAbsent(count: count)
        var frame = Frame(
            entity: expected,
            mapping: mapping.takeUnretainedValue(),
            slots: slots,
            slotCount: count,
            arena: arena,
            readings: readings,
            level: Level(own: keys, extras: nil, orderEntries: orderEntries),
            outerStart: outerLevels.count,
            step: step,
            parentSlot: parentSlot
        )
        frame.isReference = true
        frames.append(frame)
        let top = frames.count - 1
        try readAttribute(slot: identitySlot, frame: top, from: top)
        if case .absent = frames[top].slots[identitySlot] {
            // The value did not convert (the error is recorded): no object stands for it.
            guard let dropped = frames.popLast() else { return }
            if keepsSource { sources.removeLast() }
            SlotStorage.release(dropped.slots, count: dropped.slotCount, arena: dropped.arena)
            return
        }
        _ = try closeLevel(top, base: -1, target: nil)
    }

    /// Starts reading a relationship's value: a child frame for a to-one object, an array
    /// state for a to-many one.
    private mutating func readRelationship(slot: Int, frame top: Int, extras: Unmanaged<KeyLevel>?) throws(MappingError)
    {
        let reading = frames[top].readings[slot]
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "n") {
            try scanner.readLiteral("null")
            if keepsNull { frames[top].slots[slot] = .null }
            return
        }
        guard reading.isToMany else {
            _ = try begin(
                expected: reading.destination,
                step: .relationship(slot: slot, index: nil),
                parentSlot: slot,
                extras: extras
            )
            return
        }
        guard scanner.peek() == UInt8(ascii: "[") else {
            let found = try describeAndSkip()
            let property = frames[top].mapping.properties[slot]
            try report(
                .typeMismatch,
                frame: top,
                keys: property.keyPath,
                entityName: run.model.entityRecords[frames[top].entity].name,
                propertyName: property.name,
                expected: "an array of \(run.model.entityRecords[property.destination].name) objects",
                found: found
            )
            return
        }
        scanner.index += 1
        if scanner.consume(UInt8(ascii: "]")) {
            frames[top].slots[slot] = .objects([])
            return
        }
        frames[top].array = ArrayState(slot: slot, start: links.count)
    }

    /// Reads the next element of the top frame's to-many array (pushing its frame), or the
    /// end of the array.
    private mutating func continueArray(_ top: Int) throws(MappingError) {
        guard let state = frames[top].array else { return }
        if state.needsElement {
            frames[top].array?.needsElement = false
            let destination = frames[top].readings[state.slot].destination
            let step = Step.relationship(slot: state.slot, index: state.index)
            if try begin(expected: destination, step: step, parentSlot: state.slot, extras: nil) { return }
        }
        if try scanner.readSeparator(inObject: false) {
            guard state.index + 1 < scanner.maximumElementCount else { throw scanner.tooManyElements() }
            frames[top].array?.index += 1
            frames[top].array?.needsElement = true
            return
        }
        frames[top].array = nil
        frames[top].slots[state.slot] = .objects(links.popArray(from: state.start))
    }

    /// Closes the current level of the top frame: a nested level returns to the one around
    /// it; the object's own level finishes the object and hands it to the frame below (or
    /// returns it when it is the top-level object).
    private mutating func closeLevel(_ top: Int, base: Int, target: ModelObject?) throws(MappingError) -> ModelObject? {
        if outerLevels.count > frames[top].outerStart, let outer = outerLevels.popLast() {
            frames[top].level = outer
            if keepsSource, let around = sources[top].outer.popLast() {
                let inner = sources[top].members
                sources[top].members = around.members
                sources[top].members
                    .append(.nested(node: around.node, isOwner: around.isOwner, members: inner, key: around.key))
            }
            return nil
        }
        guard let frame = frames.popLast() else { return nil }
        let state = keepsSource ? sources.popLast() : nil
        let isTop = frames.count == base
        // Noted in the source kept, if one is.
        let isReference =
            state.map { frame.isReference || Self.isReferenceOnly($0.members, mapping: frame.mapping) } ?? false
        let object = try finish(frame, source: state, into: isTop ? target : nil)
        if isTop { return object }
        guard let object else { return nil }
        let parent = frames.count - 1
        if frames[parent].array != nil {
            if isReference {
                let index = links.count - (frames[parent].array?.start ?? links.count)
                sources[parent].referenceEdges
                    .insert(
                        ReferenceEdge(
                            slot: frame.parentSlot,
                            index: index,
                            object: ObjectIdentifier(object),
                            isScalar: frame.isReference
                        )
                    )
            }
            links.append(Link(object, kind: .strong))
        } else {
            if isReference {
                sources[parent].referenceEdges
                    .insert(
                        ReferenceEdge(
                            slot: frame.parentSlot,
                            index: -1,
                            object: ObjectIdentifier(object),
                            isScalar: frame.isReference
                        )
                    )
            }
            frames[parent].slots[frame.parentSlot] = .object(Link(object, kind: .strong))
        }
        return nil
    }

    // MARK: Finishing objects

    /// Whether a frame's JSON gave its object only by its identity: identity keys (and the
    /// type key), nothing else.
    private static func isReferenceOnly(_ members: [SourceMember], mapping: EntityMapping) -> Bool {
        guard !mapping.identitySlots.isEmpty, !members.isEmpty else { return false }
        let nodes = mapping.keys.nodes
        // At least one identity attribute: a type key alone gives no identity to refer by.
        var hasIdentity = false
        let onlyIdentity = members.allSatisfy { member in
            guard case .own(let index) = member, index < nodes.count else { return false }
            let node = nodes[index]
            guard node.relationship == nil, node.nested == nil else { return false }
            if node.isTypeKey { return true }
            guard !node.attributes.isEmpty, node.attributes.allSatisfy(mapping.identitySlots.contains) else {
                return false
            }
            hasIdentity = true
            return true
        }
        return onlyIdentity && hasIdentity
    }

    /// Makes the object of a finished frame: a new one, the one already decoded with the
    /// same identity (updated), or `target`.
    private mutating func finish(_ frame: Frame, source state: SourceState?, into target: ModelObject?)
        throws(MappingError) -> ModelObject?
    {
        unowned(unsafe) let mapping = frame.mapping
        let source = state.map {
            DecodedSource(
                members: $0.members,
                ownerLevel: $0.ownerLevel,
                spellings: $0.spellings,
                referenceEdges: $0.referenceEdges,
                byteCount: scanner.index - $0.start
            )
        }
        if let target, updatesTarget {
            guard target.mapping.entityIndex == frame.entity else {
                SlotStorage.release(frame.slots, count: frame.slotCount, arena: frame.arena)
                throw MappingError(
                    .wrongEntity,
                    path: path(of: frame),
                    entityName: target.entity.name,
                    expected: "an object of entity '\(target.entity.name)', the entity of the object updated",
                    found: "an object of entity '\(run.model.entityRecords[frame.entity].name)'"
                )
            }
            pendingUpdates.append(PendingUpdate(object: target, frame: frame, source: source, path: path(of: frame)))
            return target
        }
        if target == nil, uniquesObjectsByIdentity, !mapping.identitySlotList.isEmpty,
            let identity = IdentityKey(
                family: mapping.identityFamily,
                slots: frame.slots,
                identitySlots: mapping.identitySlotList
            )
        {
            if let existing = run.identities[identity] {
                if let parent = frames.indices.last { frames[parent].hasRepeatedChild = true }
                // An identity shared by the entities of a family (a superentity's) may come
                // again as another of them; slots are laid out per entity, so the frame's
                // cannot update it. The object decoded first stands.
                guard existing.mapping.entityIndex == frame.entity else {
                    SlotStorage.release(frame.slots, count: frame.slotCount, arena: frame.arena)
                    let name = run.model.entityRecords[frame.entity].name
                    try report(
                        MappingError(
                            .wrongEntity,
                            path: path(of: frame),
                            entityName: name,
                            expected:
                                "an object of entity '\(existing.entity.name)', as the one decoded before with the same identity",
                            found: "an object of entity '\(name)'"
                        )
                    )
                    return existing
                }
                if updatedObjects.contains(ObjectIdentifier(existing)) {
                    pendingUpdates.append(
                        PendingUpdate(object: existing, frame: frame, source: source, path: path(of: frame))
                    )
                } else {
                    try update(existing, with: frame, source: source, errorPath: { path(of: frame) })
                }
                return existing
            }
            let object = makeObject(frame.entity)
            run.identities[identity] = object
            try adopt(frame, into: object, source: source, isNew: true)
            return object
        }
        let object = target ?? makeObject(frame.entity)
        try adopt(frame, into: object, source: source, isNew: target == nil)
        return object
    }

    private func makeObject(_ entity: Int) -> ModelObject {
        run.objectClasses[entity]
            .init(
                entity: EntityDescription(
                    model: run.model,
                    index: entity,
                    mapping: run.objectMappingRefs[entity].takeUnretainedValue()
                )
            )
    }

    /// Gives a frame's slots to a new object, links inverses, and checks required values.
    /// `isNew`: the object was just made, so no object links to it yet.
    private mutating func adopt(_ frame: Frame, into object: ModelObject, source: DecodedSource?, isNew: Bool)
        throws(MappingError)
    {
        unowned(unsafe) let mapping = frame.mapping
        // First, so that the slots are the object's whatever is thrown below.
        object.slots = SlotStorage(adopting: frame.slots, count: frame.slotCount, arena: frame.arena)
        if run.recordsPresentSlots { run.notePresentSlots(of: object, frame.slots, count: frame.slotCount) }
        if requiresNonOptionalValues, !frame.isReference {
            for slot in mapping.requiredSlotList {
                if case .absent = frame.slots[slot] {
                    let property = mapping.properties[slot]
                    let path = path(of: frame).appending(keys: property.keyPath)
                    if run.errors.count > frame.firstError,
                        run.errors[frame.firstError...].contains(where: { $0.path == path })
                    {
                        continue
                    }
                    try report(
                        MappingError(
                            .missingValue,
                            path: path,
                            entityName: run.model.entityRecords[frame.entity].name,
                            propertyName: property.name,
                            expected: property.attributeType.rawValue
                        )
                    )
                }
            }
        }
        if let source { object.decodedSource = source }
        for relationship in mapping.relationshipList {
            let slot = relationship.slot
            // Told without copying the slot's value: a copy counts a reference to the link's
            // object or list.
            switch object.slots.state(at: slot) {
            case .object:
                guard relationship.inverse >= 0, let child = object.slots.linkedObject(at: slot) else { continue }
                child._withUnsafeGuaranteedRef {
                    $0.attachInverse(object, atSlot: relationship.inverse, ownerKind: .strong, sourceIsUnlinked: isNew)
                }
            case .objects:
                var links = object.slots.links(at: slot)
                if frame.hasRepeatedChild, uniquesObjectsByIdentity,
                    !run.mappings[relationship.destination].identitySlots.isEmpty
                {
                    var seen = Set<ObjectIdentifier>(minimumCapacity: links.count)
                    let unique = links.filter { link in
                        link.object.map { seen.insert(ObjectIdentifier($0)).inserted } ?? false
                    }
                    if unique.count != links.count, let source = object.decodedSource {
                        source.renumberEdges(slot: slot, original: links, unique: unique)
                    }
                    links = unique
                    object.slots[slot] = .objects(links)
                }
                guard relationship.inverse >= 0 else { continue }
                for link in links {
                    link.unmanagedObject?
                        ._withUnsafeGuaranteedRef {
                            $0.attachInverse(
                                object,
                                atSlot: relationship.inverse,
                                ownerKind: .strong,
                                sourceIsUnlinked: isNew
                            )
                        }
                }
            default:
                continue
            }
        }
    }

    /// Updates an object decoded before with a repeated one: values present overwrite,
    /// absent ones keep.
    private func update(
        _ object: ModelObject,
        with frame: Frame,
        source: DecodedSource?,
        errorPath path: () -> JSONPath
    ) throws(MappingError) {
        let slots = SlotStorage(adopting: frame.slots, count: frame.slotCount, arena: frame.arena)
        if run.recordsPresentSlots { run.notePresentSlots(of: object, frame.slots, count: frame.slotCount) }
        for slot in slots.indices {
            let property = frame.mapping.properties[slot]
            switch slots[slot] {
            case .absent:
                continue
            case .null where property.isRelationship:
                try replace(object, slot: slot, frame: frame, with: [], null: true, errorPath: path)
            case .object(let link):
                let children = link.object.map { [$0] } ?? []
                try replace(object, slot: slot, frame: frame, with: children, null: false, errorPath: path)
            case .objects(let links):
                let children = links.compactMap(\.object)
                try replace(object, slot: slot, frame: frame, with: children, null: false, errorPath: path)
            case let value:
                object.slots[slot] = value
            }
        }
        if let source {
            if let existing = object.decodedSource {
                existing.merge(source) { slot in
                    if case .absent = slots[slot] { return false }
                    return true
                }
            } else {
                object.decodedSource = source
            }
        }
    }

    /// Replaces a relationship of an object decoded before. Its new links may close a cycle
    /// through the objects it already had, which the searches that tell so (see
    /// ``ModelObject/linkKind(to:atSlot:searchBudget:)``) find within the run's allowance;
    /// a document that needs more is refused rather than linked weakly where it should not.
    private func replace(
        _ object: ModelObject,
        slot: Int,
        frame: Frame,
        with children: [ModelObject],
        null: Bool,
        errorPath path: () -> JSONPath
    ) throws(MappingError) {
        do {
            try object.replaceRelationship(
                atSlot: slot,
                with: children,
                null: null,
                searchBudget: &run.cycleSearchAllowance
            )
        } catch {
            throw (error as? MappingError) ?? MappingError(.notRepresentable, detail: "\(error)")
        }
        guard run.cycleSearchAllowance > 0 else {
            let property = frame.mapping.properties[slot]
            throw MappingError(
                .notRepresentable,
                path: path().appending(keys: property.keyPath),
                entityName: run.model.entityRecords[frame.entity].name,
                propertyName: property.name,
                found:
                    "objects repeated by identity that link back to each other through more objects than can be checked",
                detail:
                    "telling whether these links close a cycle would take more steps than a document of this size allows"
            )
        }
    }

    // MARK: Values read through a tree

    /// A member that several readers share (an attribute and a relationship under one key,
    /// a flattened key path that also names a relationship of the object below, …): read once
    /// into a tree, then given to each.
    private mutating func readThroughTree(own: KeyNode?, extras: KeyNode?, frame top: Int) throws(MappingError) {
        let key = own?.key ?? extras?.key ?? ""
        let value = try JSONReader.readValue(&scanner, path: errorPath(frame: top, keys: [key]))
        if let own { try feed(value, to: own, frame: top, keys: [key]) }
        if let extras, top > 0 { try feed(value, to: extras, frame: top - 1, keys: [key], from: top) }
    }

    /// Gives a value to what a node reads, in frame `target`; `keys` leads from the object
    /// being read (frame `from`) to the value.
    private mutating func feed(
        _ value: JSONValue,
        to node: KeyNode,
        frame target: Int,
        keys: [String],
        from: Int? = nil
    ) throws(MappingError) {
        let source = from ?? target
        for slot in node.attributes {
            if case .null = value {
                try readNull(slot: slot, frame: target, from: source)
                continue
            }
            unowned(unsafe) let property = frames[target].mapping.properties[slot]
            do {
                let entity = frames[target].entity
                let run = self.run
                let converted = try JSONToken.with(value) { token throws(MappingError) in
                    let converted = try Self.convert(token, property: property, entity: entity, slot: slot, run: run)
                    if keepsSource {
                        noteSpelling(token, value: converted, property: property, slot: slot, frame: target)
                    }
                    return converted
                }
                frames[target].slots[slot] = converted
            } catch {
                try reportConversion(error, at: errorPath(frame: source, keys: keys), slot: slot, frame: target)
            }
        }
        if let slot = node.relationship {
            try feedRelationship(value, slot: slot, frame: target, keys: keys, from: source)
        }
        if let nested = node.nested, case .object(let object) = value {
            for (key, member) in object {
                if let index = nested.table.index(of: key) {
                    try feed(member, to: nested.nodes[index], frame: target, keys: keys + [key], from: source)
                }
            }
        }
    }

    /// A relationship's value from a tree: written back to bytes and decoded by a reader of
    /// its own, sharing this run (identity map, errors).
    private mutating func feedRelationship(
        _ value: JSONValue,
        slot: Int,
        frame target: Int,
        keys: [String],
        from source: Int
    ) throws(MappingError) {
        unowned(unsafe) let property = frames[target].mapping.properties[slot]
        let path = errorPath(frame: source, keys: keys)
        if case .null = value {
            if keepsNull { frames[target].slots[slot] = .null }
            return
        }
        let data = value.jsonData()
        let run = self.run
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<[ModelObject], MappingError> in
            var reader = ObjectDecoder(bytes: raw, run: run, locatesByLine: false)
            return Result { () throws(MappingError) in
                if property.isToMany {
                    return try reader.readArray(entity: property.destination, path: path)
                }
                return try reader.readObject(entity: property.destination, path: path).map { [$0] } ?? []
            }
        }
        let children = try result.get()
        if property.isToMany {
            frames[target].slots[slot] = .objects(children.map { Link($0, kind: .strong) })
        } else if let child = children.first {
            frames[target].slots[slot] = .object(Link(child, kind: .strong))
        }
    }

    /// Reads an array of objects of `entity` at the reading position. Something else is
    /// an error, thrown when `strictlyArray` (the document's payload), else reported.
    mutating func readArray(entity: Int, path: JSONPath, strictlyArray: Bool = false) throws(MappingError)
        -> [ModelObject]
    {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "[") else {
            let found = try describeAndSkip()
            let name = run.model.entityRecords[entity].name
            let error = MappingError(
                .typeMismatch,
                path: path,
                entityName: name,
                expected: "an array of \(name) objects",
                found: found
            )
            if strictlyArray { throw error }
            try report(error)
            return []
        }
        scanner.index += 1
        if scanner.consume(UInt8(ascii: "]")) { return [] }
        // Gathered on a stack of the decoder's and moved out at the end: one allocation.
        let objects = StackBuffer<ModelObject>(capacity: 64)
        var index = 0
        repeat {
            guard index < scanner.maximumElementCount else { throw scanner.tooManyElements() }
            if let object = try readObject(entity: entity, path: path, index: index) { objects.append(object) }
            index += 1
        } while try scanner.readSeparator(inObject: false)
        return objects.popArray(from: 0)
    }

    /// Reads an array of objects of `entity`, leaving out each element whose object (or an
    /// object inside it) has an error, and returns the others with the elements left out.
    /// The errors are the run's (it collects them). Malformed JSON still stops the reading.
    mutating func readArrayLeavingOutErrors(entity: Int, path: JSONPath) throws(MappingError) -> (
        objects: [ModelObject], leftOut: [Int]
    ) {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "[") else {
            let found = try describeAndSkip()
            let name = run.model.entityRecords[entity].name
            throw MappingError(
                .typeMismatch,
                path: path,
                entityName: name,
                expected: "an array of \(name) objects",
                found: found
            )
        }
        scanner.index += 1
        if scanner.consume(UInt8(ascii: "]")) { return ([], []) }
        var objects: [ModelObject] = []
        var leftOut: [Int] = []
        var index = 0
        repeat {
            guard index < scanner.maximumElementCount else { throw scanner.tooManyElements() }
            let errorsBefore = run.errors.count
            let object = try readObject(entity: entity, path: path, index: index)
            if let object, run.errors.count == errorsBefore { objects.append(object) } else { leftOut.append(index) }
            index += 1
        } while try scanner.readSeparator(inObject: false)
        return (objects, leftOut)
    }

    /// Moves from the start of the document to the value at a key path, checking what it
    /// passes; returns the value's path.
    mutating func enter(_ components: [String], keyPath: String) throws(MappingError) -> JSONPath {
        var path = JSONPath.root
        for component in components {
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "{") else {
                let found = try describeAndSkip()
                throw MappingError(
                    .typeMismatch,
                    path: path,
                    expected: "an object with key '\(component)'",
                    found: found
                )
            }
            scanner.index += 1
            path = path.appending(key: component)
            var isFirst = true
            while true {
                let hasMember =
                    isFirst ? !scanner.consume(UInt8(ascii: "}")) : try scanner.readSeparator(inObject: true)
                guard hasMember else {
                    throw MappingError(.missingValue, path: path, detail: "the document has nothing at '\(keyPath)'")
                }
                let key = try scanner.readKey(after: isFirst ? "{" : ",")
                isFirst = false
                if key.buffer.elementsEqual(component.utf8) { break }
                try scanner.skipValue()
            }
        }
        return path
    }

    /// Reads, checking them, the members that follow the payload in the objects `enter` went into.
    mutating func leave(_ levels: Int) throws(MappingError) {
        for _ in 0..<levels {
            while try scanner.readSeparator(inObject: true) {
                _ = try scanner.readKey(after: ",")
                try scanner.skipValue()
            }
        }
    }

    // MARK: Errors

    /// Describes the value at the reading position for a message, and skips it.
    private mutating func describeAndSkip() throws(MappingError) -> String {
        scanner.skipWhitespace()
        switch scanner.peek() {
        case UInt8(ascii: "{"):
            try scanner.skipValue()
            return "an object"
        case UInt8(ascii: "["):
            try scanner.skipValue()
            return "an array"
        default:
            return try scanner.readScalar().map(ValueConversion.describe) ?? ""
        }
    }

    private func report(
        _ code: MappingError.Code,
        at step: Step,
        keys: [String] = [],
        entityName: String,
        expected: String? = nil,
        found: String? = nil,
        detail: String? = nil
    ) throws(MappingError) {
        let base: JSONPath
        switch step {
        case .root(let index): base = Self.path(rootPath, index: index)
        case .relationship(let slot, let index):
            let parent = frames.count - 1
            var path = errorPath(frame: parent, keys: frames[parent].mapping.properties[slot].keyPath.suffix(1))
            if let index { path = path.appending(index: index) }
            base = path
        }
        try report(
            MappingError(
                code,
                path: base.appending(keys: keys),
                entityName: entityName,
                expected: expected,
                found: found,
                detail: detail
            )
        )
    }

    private func report(
        _ code: MappingError.Code,
        frame: Int,
        keys: [String],
        entityName: String,
        propertyName: String? = nil,
        expected: String? = nil,
        found: String? = nil,
        detail: String? = nil
    ) throws(MappingError) {
        try report(
            MappingError(
                code,
                path: errorPath(frame: frame, keys: keys),
                entityName: entityName,
                propertyName: propertyName,
                expected: expected,
                found: found,
                detail: detail
            )
        )
    }

    /// The path of a frame's object.
    private func path(of frame: Frame) -> JSONPath {
        pathOfFrame(at: frames.count, step: frame.step)
    }

    /// The path of the object of the frame at `position` (reached by `step`), built from
    /// the frames below it without recursion.
    private func pathOfFrame(at position: Int, step: Step) -> JSONPath {
        // The steps from the outermost frame in, then the path they spell.
        var chain: [(position: Int, step: Step)] = []
        var current = (position: position, step: step)
        while true {
            chain.append(current)
            guard case .relationship = current.step else { break }
            let parent = current.position - 1
            guard parent >= 0, parent < frames.count else { break }
            current = (parent, frames[parent].step)
        }
        var path = JSONPath.root
        for (position, step) in chain.reversed() {
            switch step {
            case .root(let index): path = Self.path(rootPath, index: index)
            case .relationship(let slot, let index):
                let parent = position - 1
                guard parent >= 0, parent < frames.count else { continue }
                // The parent's open nested levels lead to the relationship's last key.
                path = path.appending(keys: levelKeys(of: parent))
                path = path.appending(keys: frames[parent].mapping.properties[slot].keyPath.suffix(1))
                if let index { path = path.appending(index: index) }
            }
        }
        return path
    }

    /// The keys of a frame's open nested levels, outermost first.
    private func levelKeys(of position: Int) -> [String] {
        let start = frames[position].outerStart
        let end = position + 1 < frames.count ? frames[position + 1].outerStart : outerLevels.count
        guard end > start else { return [] }
        func key(_ level: Level) -> String? { level.under.map { $0.level.takeUnretainedValue().nodes[$0.index].key } }
        return (start + 1..<end).compactMap { key(outerLevels[$0]) } + [key(frames[position].level)].compactMap { $0 }
    }

    /// The path of the current level of a frame, followed by `keys`.
    private func errorPath(frame position: Int, keys: some Sequence<String>) -> JSONPath {
        guard position >= 0, position < frames.count else { return JSONPath.root.appending(keys: keys) }
        return pathOfFrame(at: position, step: frames[position].step).appending(keys: levelKeys(of: position))
            .appending(keys: keys)
    }

    /// The path of an attribute of a frame's object.
    /// The raw value type an attribute's value must belong to, when the value does not: nil
    /// when it does, or when the value is null.
    private func rawValueType(refusing value: Slot, slot: Int, entity: Int) -> RawValueType? {
        if case .null = value { return nil }
        guard let check = run.model.rawValueChecks[entity].first(where: { $0.slot == slot }) else { return nil }
        return check.type.accepts(value) ? nil : check.type
    }

    private func attributePath(slot: Int, frame position: Int) -> JSONPath {
        guard position >= 0, position < frames.count else { return .root }
        return pathOfFrame(at: position, step: frames[position].step)
            .appending(keys: frames[position].mapping.properties[slot].keyPath)
    }
}
