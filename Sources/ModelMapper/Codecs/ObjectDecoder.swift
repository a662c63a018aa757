import Foundation
@_spi(Engine) import ModelMapperSchema

/// Reads JSON bytes straight into objects through each entity's compiled plan.
///
/// Keys are matched as bytes against the plan's ``KeyTable``s; scalars convert from their
/// bytes into typed slots; values nobody reads are checked and skipped without building
/// anything. Objects nest on an explicit stack of frames rather than on the thread's stack,
/// so the depth the options allow works on any thread. An object is created when its
/// closing brace is read, once its identity is known: a repeated object (same entity family,
/// same identity values) updates the first one instead.
///
/// Its state is a small core (the scanner, the run, the settings, the stacks of frames and where
/// errors are) and one value for each feature that needs state of its own (updates, nested
/// readers, type keys, required to-ones checked late), each declared beside the file that uses
/// it, so that a file's reader sees what it may touch.
struct ObjectDecoder {
    // The core: the text, the run, the settings and the stacks of what is being read.
    var scanner: JSONScanner<MappingError>
    let run: DecodingRun
    /// What the options say for every object or value, read out of them once.
    let settings: Settings
    /// The frames of the objects being read, room for four at first: a frame is large, and
    /// four (under glibc's 1 KB for its per-thread cache of freed blocks) take their memory
    /// from that cache, where sixteen went to the allocator's slower path on every call.
    let frames = StackBuffer<Frame>(capacity: 4)
    /// The levels around the current level of each frame's object (for nested keys), the
    /// outermost first, frame after frame (see `Frame.outerStart`).
    let outerLevels = StackBuffer<Level>()
    /// The objects of the to-many arrays being read.
    let links = StackBuffer<Link>()
    /// The frames' source states, one per frame, when the options keep the source.
    var sources: [SourceState] = []
    /// Where the object being read (`readObject`) is: the start of every frame's error path.
    var rootPath = JSONPath.root
    /// Where the key of the member being read starts (its quote), -1 between members: for
    /// the paths of syntax errors.
    var memberStart = -1

    // Each feature's state, declared beside the file that uses it.
    /// The object read into, and the objects updated (`+Updates`).
    var updates = Updates()
    /// What the reader of a nested object's text knows of the reader that made it (`+Preprocessing`).
    var origin = ReaderOrigin()
    /// The subentities' type key values found by reading ahead (`+TypeKeys`).
    var typeKeys = TypeKeyLookahead()
    /// Required to-ones the JSON of their objects lacked, checked again when the top-level
    /// object is read (`+Finishing`, ``reportMissingValues(_:of:)``).
    var missingLinks: [MissingLink] = []
    /// The properties of open frames read at another spelling of their key (`+Aliases`).
    var aliasReads: [AliasRead] = []
    /// The to-manys of open frames given as lists of identities, for a graph's merge (`+Aliases`).
    var identityLists: [(frame: Int, slot: Int)] = []
    /// Whether either list above may hold something: one byte read for each member and each
    /// object, where the two lists' counts cost a decode of the Authors shape 0.8% more.
    var hasFrameNotes = false

    init(bytes: UnsafeRawBufferPointer, run: DecodingRun, locatesByLine: Bool = true) {
        // The options read in place: a copy of them (retaining what they hold) cost a small
        // document's decode 3% of its instructions.
        scanner = JSONScanner<MappingError>(
            bytes: bytes,
            maximumDepth: run.options.maximumDepth,
            maximumStringLength: run.options.maximumStringLength,
            maximumElementCount: run.options.maximumElementCount,
            scratch: run.scratch
        )
        self.run = run
        settings = Settings(run.options, locatesByLine: locatesByLine, orderEntries: run.keyOrder.entries)
    }

    // MARK: Reading objects

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
            let object = try readObjectFrames(entity: entity, step: .root(index: index), into: target, base: base)
            if base == 0, !missingLinks.isEmpty { try reportMissingLinks() }
            return object
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

    mutating func readObjectFrames(entity: Int, step: Step, into target: ModelObject?, base: Int)
        throws(MappingError) -> ModelObject?
    {
        updates.target = base == 0 ? target : nil
        guard try begin(expected: entity, step: step, parentSlot: -1, extras: nil) else {
            defer { origin.preprocessedRoot = nil }
            return origin.preprocessedRoot
        }
        while true {
            let top = frames.count - 1
            if frames[top].array != nil {
                try continueArray(top)
                continue
            }
            // The next member of the current level, or its end.
            let key: JSONStringBytes
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

    /// Reads a value where an object of `expected` goes that is no object: a scalar standing
    /// for one (a foreign key), a `null` element, or else a type mismatch, reported.
    mutating func readNonObject(expected: Int, step: Step, parentSlot: Int) throws(MappingError) {
        // An element that is no object, counted for a graph's list of identities.
        if case .relationship(_, index: .some) = step, let parent = frames.indices.last {
            frames[parent].array?.nonObjectElements &+= 1
        }
        // Only a relationship's value: a document's own objects are objects.
        if case .relationship = step, !frames.isEmpty,
            let identitySlot = Self.referenceSlot(run.mappingRefs[expected].takeUnretainedValue()),
            scanner.peekIsScalarIdentity
        {
            try readReference(expected: expected, identitySlot: identitySlot, step: step, parentSlot: parentSlot)
            return
        }
        if case .relationship(_, index: .some) = step, scanner.peek() == UInt8(ascii: "n") {
            return try readNullElement(at: step, entity: expected)
        }
        let found = try scanner.describeAndSkip()
        try report(
            .typeMismatch,
            at: step,
            entityName: run.model.entityRecords[expected].name,
            expected: "an object",
            found: found
        )
    }

    /// Starts reading the value at the reading position as an object of `expected`: pushes
    /// its frame and returns true; for anything else reports the error, skips the value and
    /// returns false.
    mutating func begin(expected: Int, step: Step, parentSlot: Int, extras: Unmanaged<KeyLevel>?)
        throws(MappingError) -> Bool
    {
        scanner.skipWhitespace()
        let mappings = run.mappingRefs
        // Looked up only for an error: copying an entity's record costs more than reading an object.
        var expectedName: String { run.model.entityRecords[expected].name }
        guard scanner.peek() == UInt8(ascii: "{") else {
            try readNonObject(expected: expected, step: step, parentSlot: parentSlot)
            return false
        }
        guard frames.count < settings.maximumDepth else {
            try scanner.skipValue()
            try report(
                .notRepresentable,
                at: step,
                entityName: expectedName,
                found: "objects nested more than \(settings.maximumDepth) deep",
                detail: "raise ModelDecoder.Options.maximumDepth to allow it",
                limit: "maximumDepth"
            )
            return false
        }
        var entity = expected
        if mappings[expected]._withUnsafeGuaranteedRef(\.isPolymorphic), updates.target == nil || !frames.isEmpty {
            guard let named = try entityNamed(expected: expected, step: step) else { return false }
            entity = named
        }
        // Before the abstract check: an entity mapper picks a concrete subentity.
        if mappings[entity]._withUnsafeGuaranteedRef(\.hasPreprocessor),
            frames.isEmpty ? origin.preprocessesRoot && updates.target == nil : true
        {
            try readPreprocessed(entity: entity, step: step, parentSlot: parentSlot)
            return false
        }
        if mappings[entity]._withUnsafeGuaranteedRef(\.isAbstract) {
            try scanner.skipValue()
            let name = run.model.entityRecords[entity].name
            try report(.abstractEntity(name), at: step, entityName: name)
            return false
        }
        let start = scanner.index
        if settings.keepsSource { sources.append(SourceState(ownerLevel: extras?.takeUnretainedValue(), start: start)) }
        scanner.index += 1
        let (count, keys) = mappings[entity]._withUnsafeGuaranteedRef { ($0.slotCount, $0.keysRef) }
        let readings = run.readingsByEntity[entity]
        let (slots, arena) = run.slotAllocator.allocateAbsent(count: count)
        if hasFrameNotes { forgetFrameNotes(from: frames.count) }
        frames.append(
            Frame(
                entity: entity,
                mapping: mappings[entity].takeUnretainedValue(),
                slots: slots,
                slotCount: count,
                arena: arena,
                readings: readings,
                level: Level(own: keys, extras: extras, orderEntries: settings.orderEntries),
                outerStart: outerLevels.count,
                step: step,
                parentSlot: parentSlot,
                firstError: run.errors.count,
                start: start
            )
        )
        return true
    }

    /// The entity an object of a polymorphic entity names with its type key, found by
    /// reading ahead (the reading position stays at the object's `{`); nil when an error was
    /// reported (and the object skipped).
    mutating func entityNamed(expected: Int, step: Step) throws(MappingError) -> Int? {
        let mapping = run.mappings[expected]
        guard let typeKey = mapping.typeKey else { return expected }
        let start = scanner.index
        if typeKeys.valuesByStart[start] == nil {
            try readTypeKeys(typeKey)
            scanner.index = start
        }
        guard let found = typeKeys.valuesByStart.removeValue(forKey: start) ?? nil else { return expected }
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

    /// `path`, followed by `index` if there is one.
    static func path(_ path: JSONPath, index: Int?) -> JSONPath {
        guard let index else { return path }
        return path.appending(index: index)
    }

    /// Drops the frames from `base` up, releasing their slots.
    mutating func dropFrames(from base: Int) {
        // The top-level object is given up: what it would check again goes with it.
        if base == 0 { missingLinks.removeAll() }
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

    // MARK: Top-level arrays and key paths

    /// Reads an array of objects of `entity` at the reading position. Something else is
    /// an error, thrown when `strictlyArray` (the document's payload), else reported. The
    /// elements of a to-many relationship's array (`isToMany`) may be `null`, which
    /// ``ModelDecoder/Options/nullElements`` says what to do with.
    mutating func readArray(
        entity: Int,
        path: JSONPath,
        strictlyArray: Bool = false,
        isToMany: Bool = false
    ) throws(MappingError) -> [ModelObject] {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "[") else {
            let detail = documentHint(entity: entity, path: path)
            let found = try scanner.describeAndSkip()
            let name = run.model.entityRecords[entity].name
            let error = MappingError(
                .typeMismatch,
                path: path,
                entityName: name,
                expected: "an array of \(name) objects",
                found: found,
                detail: detail
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
            if isToMany { scanner.skipWhitespace() }
            if isToMany, scanner.peek() == UInt8(ascii: "n") {
                let outerRoot = rootPath
                rootPath = path
                defer { rootPath = outerRoot }
                try readNullElement(at: .root(index: index), entity: entity)
            } else if let object = try readObject(entity: entity, path: path, index: index) {
                objects.append(object)
            }
            index += 1
        } while try readElementSeparator(path: path, index: index)
        return objects.popArray(from: 0)
    }

    /// ``RootKeyHint``'s detail for the object at the reading position, when it is the document
    /// itself (`path` the root) read as `entity`.
    func documentHint(entity: Int, path: JSONPath) -> String? {
        guard path.components.isEmpty, scanner.peek() == UInt8(ascii: "{") else { return nil }
        return RootKeyHint.detail(entity: run.model.entityRecords[entity], keys: keysOfObject(at: scanner.index))
    }

    /// After an element of a top-level array: true for `,`, false for `]`. A syntax error there
    /// is at the element that would come next (`$[1]`), as the tree reader and the streaming
    /// reader place it.
    mutating func readElementSeparator(path: JSONPath, index: Int) throws(MappingError) -> Bool {
        do {
            return try scanner.readSeparator(inObject: false)
        } catch .invalidJSON(var context) where context.path.components.isEmpty {
            context.path = path.appending(index: index)
            throw .invalidJSON(unlocatedUnlessText(context))
        }
    }

    /// Reads an array of objects of `entity`, leaving out each element whose object (or an
    /// object inside it) has an error, and returns the others with the elements left out.
    /// The errors are the run's (it collects them). Malformed JSON still stops the reading.
    mutating func readArrayLeavingOutErrors(entity: Int, path: JSONPath) throws(MappingError) -> Batch {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "[") else {
            let detail = documentHint(entity: entity, path: path)
            let found = try scanner.describeAndSkip()
            let name = run.model.entityRecords[entity].name
            throw MappingError(
                .typeMismatch,
                path: path,
                entityName: name,
                expected: "an array of \(name) objects",
                found: found,
                detail: detail
            )
        }
        let pieces = self.pieces(entity: entity, path: path)
        pieces?.start()
        return try readArrayLeavingOutErrors(entity: entity, path: path, pieces: pieces)
    }

    /// Reads the array at the reading position, its `[` there, as
    /// ``readArrayLeavingOutErrors(entity:path:)`` does, taking in the pieces of `pieces` read
    /// apart (which hold no errors) when reading on would give the same.
    mutating func readArrayLeavingOutErrors(entity: Int, path: JSONPath, pieces: ArrayPieceReads?)
        throws(MappingError) -> Batch
    {
        defer { pieces?.finish() }
        scanner.index += 1
        var batch = Batch()
        if scanner.consume(UInt8(ascii: "]")) { return batch }
        var index = 0
        var cursor = pieces.map { PieceCursor(pieces: $0) }
        while true {
            if var current = cursor {
                let outcome = takePiece(&current, index: index)
                cursor = current
                if let outcome {
                    batch.objects.append(contentsOf: outcome.objects)
                    index = outcome.nextIndex
                    if outcome.endsArray { return batch }
                    continue
                }
            }
            guard index < scanner.maximumElementCount else { throw scanner.tooManyElements() }
            let errorsBefore = run.errors.count
            let object = try readElement(entity: entity, path: path, index: index)
            if let object, run.errors.count == errorsBefore {
                batch.objects.append(object)
            } else {
                batch.leftOut.append(index)
                if let object { batch.leftBehind.append(object) }
            }
            index += 1
            guard try readElementSeparator(path: path, index: index) else { return batch }
        }
    }

    /// The objects of an array read element by element: those kept, the positions of those
    /// left out, and the objects of those left out (still linked to others through inverses).
    struct Batch {
        var objects: [ModelObject] = []
        var leftOut: [Int] = []
        var leftBehind: [ModelObject] = []
    }

    /// Reads an element of a top-level array: an object, or, for a graph, a scalar standing
    /// for the object with that identity (`["1699", "1455"]`).
    mutating func readElement(entity: Int, path: JSONPath, index: Int) throws(MappingError) -> ModelObject? {
        if run.recordsGivenValues {
            scanner.skipWhitespace()
            if scanner.peek() != UInt8(ascii: "{"),
                let identitySlot = Self.referenceSlot(run.mappingRefs[entity].takeUnretainedValue()),
                scanner.peekIsScalarIdentity
            {
                let outerRoot = rootPath
                rootPath = path
                defer { rootPath = outerRoot }
                let base = frames.count
                do {
                    return try readReference(
                        expected: entity,
                        identitySlot: identitySlot,
                        step: .root(index: index),
                        parentSlot: -1,
                        base: base
                    )
                } catch .invalidJSON(var context) where context.path.components.isEmpty {
                    // At the element, as a syntax error in an object element is.
                    context.path = Self.path(path, index: index)
                    dropFrames(from: base)
                    throw .invalidJSON(unlocatedUnlessText(context))
                } catch {
                    // As after an object's error: the frame left open lets go of its slots.
                    dropFrames(from: base)
                    throw error
                }
            }
        }
        return try readObject(entity: entity, path: path, index: index)
    }
}
