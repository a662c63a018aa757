import Foundation
@_spi(Engine) import ModelMapperSchema

/// One encoding run: writes object graphs as JSON bytes by following each entity's
/// ``WriteProgram``.
///
/// Objects nest on an explicit stack of frames, not on the thread's stack. Each object is
/// written in full once per run: met again (shared, or on a cycle not broken by an inverse),
/// it is written as its identity attributes, or is an error naming the path when it has none.
/// So the output is always linear in the size of the graph.
///
/// This file holds the run's state, the loop over the frames and the plans it uses; members
/// are written in `+Members`, relationships in `+Relationships`.
struct ObjectEncoder {
    var writer: JSONWriter
    let options: ModelEncoder.Options
    /// Leave out values that cannot be encoded instead of throwing (for `dictionaryRepresentation`).
    let skipsFailures: Bool
    /// Marks the objects this run has written in full (see ``ModelObject/encodingStamp``).
    let stamp = EncodingStamp.next()
    let stack = EncodingFrames()
    /// The path of the root frame's object: a path, and an index in the array there (made
    /// into one path only for an error).
    var rootBase = JSONPath.root
    var rootIndex: Int?
    var rootPath: JSONPath { rootIndex.map { rootBase.appending(index: $0) } ?? rootBase }
    /// The open nested objects of flattened key paths, of every frame (see
    /// ``EncodingFrames/Frame/nestingBase``).
    var nestings: [Nesting] = []
    /// The transformer plans of the last model met, and of the others.
    var lastPlans: (model: ObjectIdentifier, plans: Unmanaged<TransformerPlans>)?
    var transformers: [ObjectIdentifier: TransformerPlans] = [:]
    /// How much output objects decoded with their source may reach and still be written in
    /// full again where their JSON had them in full: twice the JSON they came from.
    var decodedBudget = 0
    /// What objects written in full again have written so far.
    var repeats = RepeatBudget()
    /// ``ModelEncoder/Options/maximumDepth``, read for every object.
    let maximumDepth: Int
    /// ``ModelEncoder/Options/nullEncoding`` for each kind of property, worked out once: asked
    /// for every unset or null value, where reading the enum (whose per-kind case is boxed)
    /// cost twitter's encode 3.8% of its instructions.
    let nulls: NullRules
    /// Whether the key casing in effect for the objects' model makes keys other than the
    /// model's names (or `id` identities): objects hold the mappings with the model's names,
    /// and the run looks up the others by entity. Set by ``noteKeyedMappings(of:)`` for each
    /// model met when the options leave the conventions to the model.
    var casesKeys: Bool
    /// Whether the options leave the key casing or `id` identities to the model's conventions.
    let leavesConventionsToModel: Bool
    /// The mappings with the options' key casing of the model met last, and of the others.
    var lastKeyedMappings: (model: ObjectIdentifier, mappings: [EntityMapping])?
    var keyedMappings: [ObjectIdentifier: [EntityMapping]] = [:]
    /// The mappings with the model's own names of the model met last, by entity (objects hold
    /// their layouts, not their mappings). Filled by ``noteKeyedMappings(of:)`` for each object
    /// begun of another model.
    let baseMappings = BaseMappingTable()
    /// Whether each object must pass ``ValueCheck`` (``ModelEncoder/Options/checksValues``).
    let checksValues: Bool
    /// Whether each object's values must be within the model's bounds
    /// (``ModelEncoder/Options/checksBounds``).
    let checksBounds: Bool
    /// Whether the run stopped at an object that did not pass.
    var stoppedAtValueCheck = false
    /// Whether objects that do not pass are noted in ``problems`` and written anyway: a run
    /// that reports every such value.
    var collectsProblems = false
    var problems: [MappingError] = []
    /// The suffix of Rails' nested attributes keys (`_attributes"`) in the key casing of each
    /// model met (see ``ModelEncoder/Options/writesNestedAttributes``).
    var nestedAttributesSuffixes: [ObjectIdentifier: [UInt8]] = [:]

    init(options: ModelEncoder.Options, skipsFailures: Bool = false) {
        self.options = options
        maximumDepth = options.maximumDepth
        nulls = NullRules(options.nullEncoding)
        // Options that decide every convention decide for all models; otherwise each model's
        // conventions count, found for each model met.
        let decided = options.conventions.resolved(options: ModelConventions(), defaults: .defaults)
        let decidesAll =
            options.conventions.keyCasing != nil && options.conventions.identifiesByID != nil
            && options.conventions.identityKey != nil && options.conventions.reservedNames != nil
        casesKeys = decidesAll && !decided.isBase
        leavesConventionsToModel = !decidesAll
        self.skipsFailures = skipsFailures
        checksValues = options.checksValues && !skipsFailures
        checksBounds = options.checksBounds && !skipsFailures
        self.writer = JSONWriter(options: options.outputFormatting.subtracting(.sortedKeys), capacity: 4096)
    }

    /// An open nested object of flattened key paths.
    struct Nesting {
        /// Where the member started, to take it back when nothing is written in it.
        let mark: Int
        /// Whether the level around it had no member yet.
        let outerIsEmpty: Bool
    }

    /// Where an error's path starts: a frame's object, or a path known already.
    enum PathSource {
        case frame(Int)
        /// The object about to be pushed above the top frame, by the relationship at `slot`
        /// (at `index` of a to-many, -1 for a to-one).
        case child(slot: Int, index: Int)
        case path(JSONPath)
    }

    func path(of source: PathSource) -> JSONPath {
        switch source {
        case .path(let path): return path
        case .child(let slot, let index): return childPath(slot: slot, index: index)
        case .frame(let position):
            guard position >= 0, position < stack.count else { return .root }
            var path = rootPath
            for index in 0...position {
                let frame = stack.frames[index]
                guard index > 0, frame.viaSlot >= 0 else { continue }
                let holder = stack.frames[index - 1].object.takeUnretainedValue()
                path = path.appending(keys: keyedMapping(of: holder).properties[frame.viaSlot].keyPath)
                if frame.viaIndex >= 0 {
                    path = elementPath(path, of: holder, slot: frame.viaSlot, index: frame.viaIndex)
                }
            }
            return path
        }
    }

    // MARK: Writing objects

    /// Writes objects as an array, wrapped in objects for each key of `keys`:
    /// `{"authors": [...]}`. With `flush`, hands over what was written whenever it passes
    /// `flushSize` bytes, between elements (and at the end), so that the output need not be
    /// held whole.
    mutating func writeArray(
        _ objects: some Sequence<ModelObject>,
        wrappedIn keys: [String],
        flushSize: Int = .max,
        flush: (JSONWriter) throws -> Void = { _ in }
    ) throws {
        var path = JSONPath.root
        for key in keys {
            writer.open(UInt8(ascii: "{"))
            writer.separator(first: true)
            writer.key(key)
            path = path.appending(key: key)
        }
        writer.open(UInt8(ascii: "["))
        var index = 0
        for object in objects {
            writer.separator(first: index == 0)
            // An element met before (the same object twice in the array, or one written inside
            // an earlier element): in full again, or as its identity, as a related object is.
            if object.encodingStamp == stamp, try !writesRepeatInFull(object, path: path.appending(index: index)) {
                try writeReference(to: object, path: path.appending(index: index))
            } else {
                try write(object, path: path, index: index)
            }
            index += 1
            if index == 1, flushSize == .max { presize(forMore: objects.underestimatedCount - 1) }
            if writer.count >= flushSize {
                try flush(writer)
                writer.truncate(to: 0)
            }
        }
        writer.close(UInt8(ascii: "]"), isEmpty: index == 0)
        for _ in keys { writer.close(UInt8(ascii: "}"), isEmpty: false) }
        if flushSize < .max { try flush(writer) }
    }

    /// Makes room, after an array's first element, for `count` more of its size: elements
    /// of one array are mostly alike, and growing by doubling would copy what was written ten
    /// times or more (and make the allocator sort its free blocks at each step). Bounded, so
    /// that one large first element cannot ask for more than the cap; beyond it, the buffer
    /// grows as usual.
    mutating func presize(forMore count: Int) {
        guard count > 0 else { return }
        let (estimate, overflow) = writer.count.multipliedReportingOverflow(by: count + 1)
        writer.reserveCapacity(overflow ? Self.presizeCap : min(estimate + estimate / 8, Self.presizeCap))
    }

    /// The most ``presize(forMore:)`` reserves: 64 MiB.
    static let presizeCap = 64 << 20

    /// The JSON written, as data (keys sorted when the options ask for it), taken from the
    /// writer without a copy: the encoder is done with afterwards.
    mutating func takeData() -> Data {
        guard options.outputFormatting.contains(.sortedKeys),
            let tree = try? JSONReader.parse(writer.data, maximumDepth: .max)
        else { return writer.takeData() }
        return tree.jsonData(options: options.outputFormatting)
    }

    /// The JSON written, as a tree.
    var tree: JSONValue {
        get throws(MappingError) {
            try MappingError.mappingJSONErrors { () throws(JSONError) in
                try JSONReader.parse(writer.data, maximumDepth: .max)
            }
        }
    }

    /// Counts the JSON a top-level object was decoded from into ``decodedBudget``.
    mutating func addBudget(of object: ModelObject) {
        guard let source = object.decodedSource else { return }
        let (doubled, overflow) = source.byteCount.multipliedReportingOverflow(by: 2)
        decodedBudget = overflow ? .max : decodedBudget.addingReportingOverflow(doubled).partialValue
    }

    /// Writes one object and what it links to; `path` (and `index` in the array there) is
    /// where it goes, for errors.
    mutating func write(_ object: ModelObject, path: JSONPath = .root, index: Int? = nil) throws(MappingError) {
        if stack.isEmpty, object.encodingStamp != stamp { addBudget(of: object) }
        rootBase = path
        rootIndex = index
        // After an error, the frames left are dropped (and what they hold released).
        defer {
            while !stack.isEmpty { stack.pop() }
            // Only when there is something: emptying an empty array makes a new buffer.
            if !nestings.isEmpty { nestings.removeAll(keepingCapacity: true) }
        }
        try begin(object, skipping: -1, extras: nil, owner: nil, viaSlot: -1, viaIndex: -1)
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack.frames[top].arraySlot >= 0 {
                try continueArray(top)
                continue
            }
            if try runSteps(top) { finishObject(top) }
        }
    }

    /// Runs the top frame's steps until one opens another object or an array (false), or
    /// until they end (true).
    mutating func runSteps(_ top: Int) throws(MappingError) -> Bool {
        // An attribute left out (``EncodingFrames/Frame/omitting``) is told step by step, off
        // the plain loop's path.
        if stack.frames[top].hasSource || stack.frames[top].omitting >= 0 { return try performSteps(top) }
        return try stack.frames[top].object
            .withGuaranteedInstance { object throws(MappingError) in
                try stack.frames[top].program
                    .withGuaranteedInstance { program throws(MappingError) in
                        try runPlainSteps(top, object: object, program: program)
                    }
            }
    }

    /// The steps of an object without a source (its entity's program): attributes straight
    /// from the slots with the keys' bytes ready, other steps through ``perform(_:program:frame:)``.
    mutating func runPlainSteps(_ top: Int, object: ModelObject, program: WriteProgram) throws(MappingError)
        -> Bool
    {
        let steps = program.stepBuffer
        let count = program.steps.count
        let keys = program.quotedKeys
        let readings = baseMapping(of: object)._withUnsafeGuaranteedRef(\.readings)
        let escapesSlashes = writer.escapesSlashes
        let writtenByOwner = stack.frames[top].writtenByOwner
        let nestingBase = stack.frames[top].nestingBase
        var isEmpty = stack.frames[top].isEmpty
        var step = stack.frames[top].step
        while step < count {
            let current = steps[step]
            if let writtenByOwner, writtenByOwner[step], nestings.count == nestingBase {
                step += 1
                if current.kind == .open { step = Self.stepAfterNested(steps, from: step, count: count) }
                continue
            }
            if current.kind == .attribute {
                let slot = Int(current.slot)
                let key = keys.quoted(Int(current.key), escapingSlashes: escapesSlashes)
                if !Self.writePlain(
                    object.withStoredValues { $0 },
                    slot,
                    kind: readings[slot].kind,
                    key: key,
                    isEmpty: &isEmpty,
                    to: &writer
                ) {
                    try writeGeneralAttribute(slot, of: object, key: key, path: .frame(top), isEmpty: &isEmpty)
                }
                step += 1
                continue
            }
            stack.frames[top].isEmpty = isEmpty
            stack.frames[top].step = step + 1
            try perform(current, object: object, program: program, frame: top)
            // A pushed object or an opened array goes first.
            guard stack.count == top + 1, stack.frames[top].arraySlot < 0 else { return false }
            isEmpty = stack.frames[top].isEmpty
            step = stack.frames[top].step
        }
        stack.frames[top].isEmpty = isEmpty
        stack.frames[top].step = step
        return true
    }

    /// The steps of an object with its own program, one by one.
    mutating func performSteps(_ top: Int) throws(MappingError) -> Bool {
        let program = stack.frames[top].program.takeUnretainedValue()
        let object = stack.frames[top].object.takeUnretainedValue()
        while stack.frames[top].step < program.steps.count {
            let step = stack.frames[top].step
            stack.frames[top].step = step + 1
            try perform(program.steps[step], object: object, program: program, frame: top)
            guard stack.count == top + 1, stack.frames[top].arraySlot < 0 else { return false }
        }
        return true
    }

    /// Opens an object: `{`, and the owner's flattened attributes unless the object's program
    /// writes them; pushes its frame (which holds the object from then on).
    ///
    /// Programs, levels and the owner come unretained: what holds them outlives the frame.
    mutating func begin(
        _ object: ModelObject,
        skipping: Int,
        omitting: Int = -1,
        extras: WriteProgram.OwnerExtras?,
        owner: Unmanaged<ModelObject>?,
        viaSlot: Int,
        viaIndex: Int
    ) throws(MappingError) {
        guard stack.count < maximumDepth else {
            throw MappingError(
                .notRepresentable,
                path: childPath(slot: viaSlot, index: viaIndex),
                entityName: object.entity.name,
                found: "objects nested more than \(maximumDepth) deep"
            )
        }
        object.encodingStamp = stamp
        noteKeyedMappings(of: object)
        writer.open(UInt8(ascii: "{"))
        // Unretained, as the model keeps it: a count here would write to a mapping every thread
        // encoding the entity shares, once per object (issue 50).
        let mappingRef = casesKeys ? Unmanaged.passUnretained(keyedMapping(of: object)) : baseMapping(of: object)
        if (checksValues && !ValueCheck.passesRequired(object))
            || (checksBounds && !ValueCheck.passes(object, required: false, bounds: true))
        {
            try reportValueProblems(of: object, keyed: mappingRef, viaSlot: viaSlot, viaIndex: viaIndex)
        }
        var program = mappingRef._withUnsafeGuaranteedRef {
            $0.writeProgramRef(asNestedAttributes: options.writesNestedAttributes)
        }
        let hasSource = object.decodedSource != nil
        if let source = object.decodedSource {
            program = .passRetained(
                WriteProgram(
                    source: source,
                    mapping: mappingRef.takeUnretainedValue(),
                    ownerLevel: owner == nil ? nil : extras?.level.takeUnretainedValue(),
                    canonical: options.layout == .canonical || !source.isOrdered,
                    writesUnknown: options.writesUnknownKeys
                )
            )
        }
        var isEmpty = true
        var writtenByOwner: UnsafeMutablePointer<Bool>?
        if let extras, let owner, !program._withUnsafeGuaranteedRef(\.writesOwnerKeys) {
            do {
                try owner.withGuaranteedInstance { owner throws(MappingError) in
                    // The owner is the top frame's object: its key paths start at its path.
                    try writeOwnerSteps(extras.program, of: owner, path: .frame(stack.count - 1), isEmpty: &isEmpty)
                }
            } catch {
                if hasSource { program.release() }
                throw error
            }
            writtenByOwner = stack.steps(of: program, writtenByOwnerLevel: extras.level)
        }
        stack.push(
            EncodingFrames.Frame(
                object: object,
                program: program,
                hasSource: hasSource,
                skipping: skipping,
                omitting: omitting,
                isEmpty: isEmpty,
                nestingBase: nestings.count,
                extras: extras?.level,
                owner: owner,
                writtenByOwner: writtenByOwner,
                viaSlot: viaSlot,
                viaIndex: viaIndex
            )
        )
    }

    /// Reports what an object about to be written lacks or breaks (the checks the options ask
    /// for): collected, or the first thrown.
    mutating func reportValueProblems(
        of object: ModelObject,
        keyed mapping: Unmanaged<EntityMapping>,
        viaSlot: Int,
        viaIndex: Int
    ) throws(MappingError) {
        let found = ValueCheck.problems(
            of: object,
            keyed: mapping.takeUnretainedValue(),
            at: childPath(slot: viaSlot, index: viaIndex),
            required: checksValues,
            bounds: checksBounds
        )
        if collectsProblems {
            problems += found
        } else if let first = found.first {
            stoppedAtValueCheck = true
            throw first
        }
    }

    /// The path of an object about to be pushed, reached from the top frame by the
    /// relationship at `slot` (at `index` of a to-many; -1 for a to-one); the root path for
    /// slot -1.
    func childPath(slot: Int, index: Int) -> JSONPath {
        guard slot >= 0, stack.count > 0 else { return rootPath }
        let top = stack.count - 1
        let holder = stack.frames[top].object.takeUnretainedValue()
        let base = path(of: .frame(top)).appending(keys: keyedMapping(of: holder).properties[slot].keyPath)
        return index >= 0 ? elementPath(base, of: holder, slot: slot, index: index) : base
    }

    /// Closes the top object and returns to the one below.
    mutating func finishObject(_ top: Int) {
        let isEmpty = stack.pop()
        writer.close(UInt8(ascii: "}"), isEmpty: isEmpty)
        if top == repeats.openDepth { repeats.close(at: writer.count) }
        guard top > 0 else { return }
        if stack.frames[top - 1].arraySlot >= 0 { stack.frames[top - 1].arrayIndex += 1 }
    }

    mutating func perform(_ step: WriteProgram.Step, object: ModelObject, program: WriteProgram, frame top: Int)
        throws(MappingError)
    {
        let isOwnLevel = nestings.count == stack.frames[top].nestingBase
        switch step.kind {
        case .typeKey:
            guard isOwnLevel, !isWrittenByOwner(step, program: program, frame: top) else { return }
            member(step, program: program, frame: top)
            writer.string(program.typeValue)
        case .attribute:
            guard !isOwnLevel || !isWrittenByOwner(step, program: program, frame: top),
                Int(step.slot) != stack.frames[top].omitting
            else { return }
            var isEmpty = stack.frames[top].isEmpty
            let key = program.quotedKeys.quoted(Int(step.key), escapingSlashes: writer.escapesSlashes)
            try writeAttribute(Int(step.slot), of: object, key: key, path: .frame(top), isEmpty: &isEmpty)
            stack.frames[top].isEmpty = isEmpty
        case .ownerAttribute:
            guard let owner = stack.frames[top].owner?.takeUnretainedValue() else { return }
            var isEmpty = stack.frames[top].isEmpty
            let key = program.quotedKeys.quoted(Int(step.key), escapingSlashes: writer.escapesSlashes)
            try writeAttribute(Int(step.slot), of: owner, key: key, path: .frame(top - 1), isEmpty: &isEmpty)
            stack.frames[top].isEmpty = isEmpty
        case .unknown:
            member(step, program: program, frame: top)
            writer.value(program.unknownValues[Int(step.extras)])
        case .relationship:
            let slot = Int(step.slot)
            guard options.writesRelationships, slot != stack.frames[top].skipping,
                !isOwnLevel || !isWrittenByOwner(step, program: program, frame: top)
            else { return }
            try writeRelationship(slot, object: object, step: step, program: program, frame: top)
        case .open:
            if isOwnLevel, isWrittenByOwner(step, program: program, frame: top) {
                stack.frames[top].step = Self.stepAfterNested(
                    program.stepBuffer,
                    from: stack.frames[top].step,
                    count: program.steps.count
                )
                return
            }
            let nesting = Nesting(mark: writer.count, outerIsEmpty: stack.frames[top].isEmpty)
            member(step, program: program, frame: top)
            writer.open(UInt8(ascii: "{"))
            stack.frames[top].isEmpty = true
            nestings.append(nesting)
        case .close:
            guard nestings.count > stack.frames[top].nestingBase, let nesting = nestings.popLast() else { return }
            if !writer.closeNested(from: nesting.mark, isEmpty: stack.frames[top].isEmpty) {
                stack.frames[top].isEmpty = nesting.outerIsEmpty
                // The JSON had `null` here: nothing written under it keeps it so.
                if step.extras == 1 {
                    member(step, program: program, frame: top)
                    writer.append("null")
                }
            }
        }
    }

    /// Whether the object linking to the top one already wrote the step's key in it.
    func isWrittenByOwner(_ step: WriteProgram.Step, program: WriteProgram, frame top: Int) -> Bool {
        guard let extras = stack.frames[top].extras?.takeUnretainedValue() else { return false }
        return extras.table.index(of: program.keys[Int(step.key)].key) != nil
    }

    /// The step after the nested object of flattened key paths whose `open` step is before
    /// `step` (the owner wrote it).
    static func stepAfterNested(_ steps: UnsafeMutablePointer<WriteProgram.Step>, from step: Int, count: Int)
        -> Int
    {
        var step = step
        var depth = 1
        while depth > 0, step < count {
            switch steps[step].kind {
            case .open: depth += 1
            case .close: depth -= 1
            default: break
            }
            step += 1
        }
        return step
    }

    // MARK: Plans for the run

    /// The transformer plans of a model, made once per run and model; those of the model met
    /// last are found first. Unretained: the run keeps them.
    mutating func transformerPlans(of lentModel: Unmanaged<ObjectModel>) -> Unmanaged<TransformerPlans> {
        let identifier = ObjectIdentifier(lentModel.takeUnretainedValue())
        if let lastPlans, lastPlans.model == identifier { return lastPlans.plans }
        let plans = transformers[identifier] ?? TransformerPlans(mappings: lentModel.takeUnretainedValue().mappings)
        transformers[identifier] = plans
        lastPlans = (identifier, .passUnretained(plans))
        return .passUnretained(plans)
    }

    /// The mapping an object is written with: its own, or its entity's with the options' key
    /// casing (compiled once per model and casing, and looked up once per run and model).
    func keyedMapping(of object: ModelObject) -> EntityMapping {
        guard casesKeys else { return baseMapping(of: object).takeUnretainedValue() }
        let model = object.model
        if let lastKeyedMappings, lastKeyedMappings.model == ObjectIdentifier(model) {
            return lastKeyedMappings.mappings[object.layout.entityIndex]
        }
        return (keyedMappings[ObjectIdentifier(model)] ?? keyedMappings(of: model))[object.layout.entityIndex]
    }

    /// The mapping with the model's own names of `object`'s entity: the one its values are
    /// read with. Unretained: the model keeps it.
    @inline(__always)
    func baseMapping(of object: ModelObject) -> Unmanaged<EntityMapping> {
        heldBaseMapping(of: object) ?? .passUnretained(object.baseMapping)
    }

    /// The mapping of `object`'s entity when ``baseMappings`` holds its model's.
    @inline(__always)
    func heldBaseMapping(of object: ModelObject) -> Unmanaged<EntityMapping>? {
        let layout = Unmanaged.passUnretained(object.layout)
        return baseMappings.mapping(
            at: layout._withUnsafeGuaranteedRef(\.entityIndex),
            layout: layout.toOpaque()
        )
    }

    func keyedMappings(of model: ObjectModel) -> [EntityMapping] {
        model.mappingSet(options: options.conventions).all
    }

    /// Makes the mappings of `object`'s model with the key casing in effect the ones found
    /// first, and notes whether they are other than the model's names.
    mutating func noteKeyedMappings(of object: ModelObject) {
        if heldBaseMapping(of: object) == nil { baseMappings.hold(object.model.mappings) }
        guard casesKeys || leavesConventionsToModel else { return }
        // Compared without counting a reference to the model every thread shares: this runs
        // once per object (issue 50).
        let identifier = ObjectIdentifier(object.lentModel.takeUnretainedValue())
        if let lastKeyedMappings, lastKeyedMappings.model == identifier { return }
        let model = object.model
        let mappings = keyedMappings[identifier] ?? keyedMappings(of: model)
        keyedMappings[identifier] = mappings
        lastKeyedMappings = (identifier, mappings)
        if leavesConventionsToModel { casesKeys = !options.conventions(for: model).isBase }
    }
}
