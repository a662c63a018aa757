import Foundation

/// One encoding run: writes object graphs as JSON bytes by following each entity's
/// ``WriteProgram``.
///
/// Objects nest on an explicit stack of frames, not on the thread's stack. Each object is
/// written in full once per run: met again (shared, or on a cycle not broken by an inverse),
/// it is written as its identity attributes, or is an error naming the path when it has none.
/// So the output is always linear in the size of the graph.
struct ObjectEncoder {
    private(set) var writer: JSONWriter
    let options: ModelEncoder.Options
    /// Leave out values that cannot be encoded instead of throwing (for `dictionaryRepresentation`).
    let skipsFailures: Bool
    /// Marks the objects this run has written in full (see ``ModelObject/encodingStamp``).
    private let stamp = EncodingStamp.next()
    private var frames: [Frame] = []
    private var transformers: [ObjectIdentifier: TransformerPlans] = [:]
    /// How much output objects decoded with their source may reach and still be written in
    /// full again where their JSON had them in full: twice the JSON they came from.
    private var decodedBudget = 0

    init(options: ModelEncoder.Options, skipsFailures: Bool = false) {
        self.options = options
        self.skipsFailures = skipsFailures
        self.writer = JSONWriter(options: options.outputFormatting.subtracting(.sortedKeys), capacity: 4096)
    }

    /// An open nested object of flattened key paths.
    private struct Nesting {
        let key: String
        /// Where the member started, to take it back when nothing is written in it.
        let mark: Int
        /// Whether the level around it had no member yet.
        let outerIsEmpty: Bool
    }

    /// A to-many relationship being written.
    private struct ArrayState {
        let slot: Int
        let links: [Link]
        var index = 0
        var isEmpty = true
    }

    private struct Frame {
        let object: ModelObject
        let mapping: EntityMapping
        /// The entity's program, or the object's own when it keeps its source.
        let program: WriteProgram
        var step = 0
        /// The relationship slot not to write (the inverse of the one this object was reached by).
        let skipping: Int?
        /// Whether the current level has no member yet.
        var isEmpty = true
        var nestings: [Nesting] = []
        var array: ArrayState?
        /// Keys the object that links to this one writes in it (its flattened attributes).
        let extras: KeyLevel?
        /// The object that links to this one, when it writes keys in it.
        let owner: ModelObject?
        /// How the frame was reached, for error paths (built only on an error).
        let via: Via
    }

    private enum Via {
        case root(JSONPath)
        /// Through the relationship at `slot` of the frame below, at `index` of a to-many.
        case relationship(slot: Int, index: Int?)
    }

    /// Where an error's path starts: a frame's object, or a path known already.
    private enum PathSource {
        case frame(Int)
        /// The object about to be pushed above the top frame.
        case child(Via)
        case path(JSONPath)
    }

    private func path(of source: PathSource) -> JSONPath {
        switch source {
        case .path(let path): return path
        case .child(let via): return childPath(via)
        case .frame(let position):
            guard frames.indices.contains(position) else { return .root }
            // From the outermost frame in, without recursion.
            var start = position
            while start > 0, case .relationship = frames[start].via { start -= 1 }
            var path = JSONPath.root
            for index in start...position {
                switch frames[index].via {
                case .root(let root): path = root
                case .relationship(let slot, let element):
                    guard index > 0 else { continue }
                    path = path.appending(keys: frames[index - 1].mapping.properties[slot].keyPath)
                    if let element { path = path.appending(index: element) }
                }
            }
            return path
        }
    }

    // MARK: Objects

    /// Writes objects as an array, wrapped in objects for each key of `keys`:
    /// `{"authors": [...]}`. With `flush`, hands over what was written whenever it passes
    /// `flushSize` bytes, between elements (and at the end), so that the output need not be
    /// held whole.
    mutating func writeArray(
        _ objects: some Sequence<ModelObject>, wrappedIn keys: [String], flushSize: Int = .max,
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
            let elementPath = path.appending(index: index)
            if object.encodingStamp == stamp {
                try writeReference(to: object, path: elementPath)
            } else {
                try write(object, path: elementPath)
            }
            index += 1
            if writer.count >= flushSize {
                try flush(writer)
                writer.truncate(to: 0)
            }
        }
        writer.close(UInt8(ascii: "]"), isEmpty: index == 0)
        for _ in keys { writer.close(UInt8(ascii: "}"), isEmpty: false) }
        if flushSize < .max { try flush(writer) }
    }

    /// The JSON written, as data (keys sorted when the options ask for it).
    var data: Data {
        guard options.outputFormatting.contains(.sortedKeys),
            let tree = try? JSONReader.parse(writer.data, maximumDepth: .max)
        else { return writer.data }
        return tree.jsonData(options: options.outputFormatting)
    }

    /// The JSON written, as a tree.
    var tree: JSONValue {
        get throws(MappingError) { try JSONReader.parse(writer.data, maximumDepth: .max) }
    }

    /// Counts the JSON a top-level object was decoded from into ``decodedBudget``.
    private mutating func addBudget(of object: ModelObject) {
        guard let source = object.decodedSource else { return }
        let (doubled, overflow) = source.byteCount.multipliedReportingOverflow(by: 2)
        decodedBudget = overflow ? .max : decodedBudget.addingReportingOverflow(doubled).partialValue
    }

    /// Writes one object and what it links to.
    mutating func write(_ object: ModelObject, path: JSONPath = .root) throws(MappingError) {
        if frames.isEmpty, object.encodingStamp != stamp { addBudget(of: object) }
        try begin(object, skipping: nil, extras: nil, owner: nil, via: .root(path))
        while let top = frames.indices.last {
            if frames[top].array != nil {
                try continueArray(top)
                continue
            }
            // The object's steps, until one opens another object or an array.
            let program = frames[top].program
            var step = frames[top].step
            // Plain attributes of an object without a source and without an owner writing in
            // it: straight from the slots, with the keys' bytes ready, in a loop of their own.
            if frames[top].extras == nil, frames[top].object.decodedSource == nil {
                step = writePlainSteps(from: step, of: program, frame: top)
                frames[top].step = step
            }
            while step < program.steps.count {
                frames[top].step = step + 1
                try perform(program.steps[step], program: program, frame: top)
                guard frames.count == top + 1, frames[top].array == nil else { break }
                step = frames[top].step
            }
            if frames.count == top + 1, frames[top].array == nil, frames[top].step >= program.steps.count {
                finishObject(top)
            }
        }
    }

    /// Writes the plain attribute steps from `step` on, stopping at the first step of another
    /// kind or value the general path must write; returns where it stopped.
    private mutating func writePlainSteps(from step: Int, of program: WriteProgram, frame top: Int) -> Int {
        let object = frames[top].object
        let readings = object.mapping.readings
        let steps = program.steps
        let keys = program.quotedKeys
        let escapesSlashes = writer.escapesSlashes
        var isEmpty = frames[top].isEmpty
        var step = step
        while step < steps.count, steps[step].kind == .attribute {
            let slot = Int(steps[step].slot)
            let key = keys.quoted(Int(steps[step].key), escapingSlashes: escapesSlashes)
            guard Self.writePlain(object.slots[slot], kind: readings[slot].kind, key: key, isEmpty: &isEmpty, to: &writer) else { break }
            step += 1
        }
        frames[top].isEmpty = isEmpty
        return step
    }

    /// Opens an object: `{`, and the owner's flattened attributes unless the object's program
    /// writes them; pushes its frame.
    private mutating func begin(
        _ object: ModelObject, skipping: Int?, extras: KeyLevel?, owner: ModelObject?, via: Via
    ) throws(MappingError) {
        guard frames.count < options.maximumDepth else {
            throw MappingError(
                .notRepresentable, path: childPath(via), entityName: object.entity.name,
                found: "objects nested more than \(options.maximumDepth) deep")
        }
        object.encodingStamp = stamp
        writer.open(UInt8(ascii: "{"))
        let mapping = object.mapping
        var program = mapping.writeProgram
        if let source = object.decodedSource {
            program = WriteProgram(
                source: source, mapping: mapping, ownerLevel: owner == nil ? nil : extras,
                canonical: options.layout == .canonical, writesUnknown: options.writesUnknownKeys)
        }
        var frame = Frame(
            object: object, mapping: mapping, program: program, skipping: skipping, extras: extras, owner: owner, via: via)
        if let extras, let owner, !program.writesOwnerKeys {
            try writeLevel(extras, of: owner, path: .child(via), isEmpty: &frame.isEmpty)
        }
        frames.append(frame)
    }

    /// The path of an object about to be pushed, reached from the top frame by `via`.
    private func childPath(_ via: Via) -> JSONPath {
        switch via {
        case .root(let path): return path
        case .relationship(let slot, let index):
            guard let top = frames.indices.last else { return .root }
            let base = path(of: .frame(top)).appending(keys: frames[top].mapping.properties[slot].keyPath)
            return index.map { base.appending(index: $0) } ?? base
        }
    }

    /// Closes the top object and returns to the one below.
    private mutating func finishObject(_ top: Int) {
        let frame = frames.removeLast()
        writer.close(UInt8(ascii: "}"), isEmpty: frame.isEmpty)
        guard let parent = frames.indices.last else { return }
        if frames[parent].array != nil {
            frames[parent].array?.index += 1
        }
    }

    private mutating func perform(_ step: WriteProgram.Step, program: WriteProgram, frame top: Int) throws(MappingError) {
        let object = frames[top].object
        let key = program.keys[Int(step.key)]
        let isOwnLevel = frames[top].nestings.isEmpty
        switch step.kind {
        case .typeKey:
            guard isOwnLevel, !isWrittenByOwner(key.key, frame: top) else { return }
            member(key, frame: top)
            writer.string(program.typeValue)
        case .attribute:
            guard !isOwnLevel || !isWrittenByOwner(key.key, frame: top) else { return }
            var isEmpty = frames[top].isEmpty
            try writeAttribute(Int(step.slot), of: object, key: key, path: .frame(top), isEmpty: &isEmpty)
            frames[top].isEmpty = isEmpty
        case .ownerAttribute:
            guard let owner = frames[top].owner else { return }
            var isEmpty = frames[top].isEmpty
            try writeAttribute(Int(step.slot), of: owner, key: key, path: .frame(top - 1), isEmpty: &isEmpty)
            frames[top].isEmpty = isEmpty
        case .unknown:
            member(key, frame: top)
            writer.value(program.unknownValues[Int(step.extras)])
        case .relationship:
            let slot = Int(step.slot)
            guard slot != frames[top].skipping, !isOwnLevel || !isWrittenByOwner(key.key, frame: top) else { return }
            let extras = step.extras >= 0 ? program.extras[Int(step.extras)] : nil
            try writeRelationship(slot, key: key, extras: extras, frame: top)
        case .open:
            if isOwnLevel, isWrittenByOwner(key.key, frame: top) {
                skipNested(frame: top)
                return
            }
            let nesting = Nesting(key: key.key, mark: writer.count, outerIsEmpty: frames[top].isEmpty)
            member(key, frame: top)
            writer.open(UInt8(ascii: "{"))
            frames[top].isEmpty = true
            frames[top].nestings.append(nesting)
        case .close:
            guard let nesting = frames[top].nestings.popLast() else { return }
            if !writer.closeNested(from: nesting.mark, isEmpty: frames[top].isEmpty) {
                frames[top].isEmpty = nesting.outerIsEmpty
                // The JSON had `null` here: nothing written under it keeps it so.
                if step.extras == 1 {
                    member(key, frame: top)
                    writer.append("null")
                }
            }
        }
    }

    /// Whether the object linking to the top one already wrote `key` in it.
    private func isWrittenByOwner(_ key: String, frame top: Int) -> Bool {
        guard let extras = frames[top].extras else { return false }
        return extras.table.index(of: key) != nil
    }

    /// Skips the steps of a nested object (the owner wrote it).
    private mutating func skipNested(frame top: Int) {
        let steps = frames[top].program.steps
        var depth = 1
        while depth > 0, frames[top].step < steps.count {
            switch steps[frames[top].step].kind {
            case .open: depth += 1
            case .close: depth -= 1
            default: break
            }
            frames[top].step += 1
        }
    }

    // MARK: Members

    private mutating func member(_ key: QuotedKey, frame top: Int) {
        writer.separator(first: frames[top].isEmpty)
        frames[top].isEmpty = false
        writer.key(quoted: writer.escapesSlashes ? key.escapingSlashes : key.plain)
    }

    private mutating func member(_ key: QuotedKey, isEmpty: inout Bool) {
        (writer.escapesSlashes ? key.escapingSlashes : key.plain).withUnsafeBufferPointer { writer.member(quoted: $0, isEmpty: &isEmpty) }
    }

    private mutating func member(_ key: String, isEmpty: inout Bool) {
        writer.separator(first: isEmpty)
        isEmpty = false
        writer.key(key)
    }

    /// The attributes (and nested objects of attributes) of a key level of `object`.
    private mutating func writeLevel(_ level: KeyLevel, of object: ModelObject, path: PathSource, isEmpty: inout Bool) throws(MappingError) {
        for node in level.nodes {
            let key = node.quoted
            for slot in node.attributes {
                try writeAttribute(slot, of: object, key: key, path: path, isEmpty: &isEmpty)
            }
            if let nested = node.nested, node.relationship == nil {
                let mark = writer.count
                let wasEmpty = isEmpty
                member(key, isEmpty: &isEmpty)
                writer.open(UInt8(ascii: "{"))
                var innerIsEmpty = true
                try writeLevel(nested, of: object, path: path, isEmpty: &innerIsEmpty)
                if !writer.closeNested(from: mark, isEmpty: innerIsEmpty) { isEmpty = wasEmpty }
            }
        }
    }

    /// Writes an attribute's member, or nothing when its state is not written.
    private mutating func writeAttribute(
        _ slot: Int, of object: ModelObject, key: QuotedKey, path: PathSource, isEmpty: inout Bool
    ) throws(MappingError) {
        let mapping = object.mapping
        if object.decodedSource == nil {
            let written = (writer.escapesSlashes ? key.escapingSlashes : key.plain).withUnsafeBufferPointer { quoted in
                Self.writePlain(object.slots[slot], kind: mapping.readings[slot].kind, key: quoted, isEmpty: &isEmpty, to: &writer)
            }
            if written { return }
        }
        let property = mapping.properties[slot]
        let value = object.slots[slot]
        switch value {
        case .absent:
            guard options.nullEncoding == .always else { return }
            member(key, isEmpty: &isEmpty)
            writer.append("null")
        case .null:
            guard options.nullEncoding != .never else { return }
            member(key, isEmpty: &isEmpty)
            writer.append("null")
        default:
            let mark = writer.count
            let wasEmpty = isEmpty
            member(key, isEmpty: &isEmpty)
            do {
                if let source = object.decodedSource, options.layout == .asDecoded, !source.spellings.isEmpty {
                    try writeSpelled(value, source: source, property: property, slot: slot, entity: object.entity)
                } else {
                    try writeValue(value, property: property, slot: slot, entity: object.entity)
                }
            } catch var error {
                writer.truncate(to: mark)
                isEmpty = wasEmpty
                if skipsFailures { return }
                error.path = self.path(of: path).appending(keys: property.keyPath)
                error.entityName = object.entity.name
                error.propertyName = property.name
                throw error
            }
        }
    }

    /// Writes a plain attribute's member straight from its slot (its kind says its type);
    /// false, having written nothing, for anything else (other kinds, absent and null values,
    /// values that cannot be written), which the general path handles.
    @inline(__always)
    private static func writePlain(
        _ value: Slot, kind: SlotReading.Kind, key: UnsafeBufferPointer<UInt8>, isEmpty: inout Bool, to writer: inout JSONWriter
    ) -> Bool {
        switch (kind, value) {
        case (.string, .string(let text)):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.string(text)
        case (.integer16, .integer(let integer)), (.integer32, .integer(let integer)), (.integer64, .integer(let integer)):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.integer(integer)
        case (.double, .floatingPoint(let number)) where number.isFinite:
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.double(number)
        case (.float, .floatingPoint(let number)) where number.isFinite:
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.float(Float(number))
        case (.boolean, .boolean(let flag)):
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.append(flag ? "true" : "false")
        case (.decimal, .decimal(let decimal)) where !decimal.isNaN:
            writer.member(quoted: key, isEmpty: &isEmpty)
            writer.decimal(decimal)
        default:
            return false
        }
        return true
    }

    /// An attribute value of an object that kept its source: as the JSON spelled it, while
    /// the value is the one read.
    @inline(never)
    private mutating func writeSpelled(
        _ value: Slot, source: DecodedSource, property: PropertyMapping, slot: Int, entity: EntityDescription
    ) throws(MappingError) {
        guard let spelling = source.spelling(slot: slot, dateFormat: options.dateFormat) else {
            try writeValue(value, property: property, slot: slot, entity: entity)
            return
        }
        let spells = spelling.spells(value)
        if spells == true {
            writer.value(spelling.token)
            return
        }
        let start = writer.count
        try writeValue(value, property: property, slot: slot, entity: entity)
        // A value only its writing compares: the same writing means the same value.
        if spells == nil, let written = spelling.written, writer.bytes(from: start) == written {
            writer.truncate(to: start)
            writer.value(spelling.token)
        }
    }

    /// The JSON of an attribute value.
    private mutating func writeValue(_ value: Slot, property: PropertyMapping, slot: Int, entity: EntityDescription) throws(MappingError) {
        var plan: TransformerPlan?
        if property.transformerName != nil {
            let model = entity.model
            let plans: TransformerPlans
            if let existing = transformers[ObjectIdentifier(model)] {
                plans = existing
            } else {
                plans = TransformerPlans(mappings: model.mappings)
                transformers[ObjectIdentifier(model)] = plans
            }
            plan = plans.plan(entity: entity.index, slot: slot)
        }
        try writer.attribute(value, property: property, plan: plan, dateFormat: options.dateFormat, model: entity.model)
    }

    // MARK: Relationships

    private mutating func writeRelationship(_ slot: Int, key: QuotedKey, extras: KeyLevel?, frame top: Int) throws(MappingError) {
        let object = frames[top].object
        let property = frames[top].mapping.properties[slot]
        switch object.slots[slot] {
        case .absent:
            guard options.nullEncoding == .always else { return }
            member(key, frame: top)
            writer.append("null")
        case .null:
            guard options.nullEncoding != .never else { return }
            member(key, frame: top)
            writer.append("null")
        case .object(let link):
            guard let child = link.object else { return }
            member(key, frame: top)
            let via = Via.relationship(slot: slot, index: nil)
            if try writesInFull(child, slot: slot, index: -1, frame: top, via: via) {
                try begin(child, skipping: property.inverseSlot, extras: extras, owner: object, via: via)
            } else {
                try writeReference(to: child, path: childPath(via))
            }
        case .objects(let links):
            member(key, frame: top)
            writer.open(UInt8(ascii: "["))
            frames[top].array = ArrayState(slot: slot, links: links)
        default:
            return
        }
    }

    /// Writes the next element of the top frame's to-many array, or closes it.
    private mutating func continueArray(_ top: Int) throws(MappingError) {
        guard let array = frames[top].array else { return }
        guard array.index < array.links.count else {
            writer.close(UInt8(ascii: "]"), isEmpty: array.isEmpty)
            frames[top].array = nil
            return
        }
        let property = frames[top].mapping.properties[array.slot]
        guard let child = array.links[array.index].object else {
            frames[top].array?.index += 1
            return
        }
        writer.separator(first: array.isEmpty)
        frames[top].array?.isEmpty = false
        let via = Via.relationship(slot: array.slot, index: array.index)
        if try writesInFull(child, slot: array.slot, index: array.index, frame: top, via: via) {
            try begin(child, skipping: property.inverseSlot, extras: nil, owner: nil, via: via)
        } else {
            try writeReference(to: child, path: childPath(via))
            frames[top].array?.index += 1
        }
    }

    /// Whether a related object is written in full where the top frame's object holds it
    /// (at `index` of the relationship in `slot`, -1 for a to-one), rather than as its identity.
    ///
    /// An object is written in full the first time it is met, unless the JSON it was decoded
    /// from gave it only by its identity there. Met again, it is written in full only where
    /// the holder's JSON had it in full (within twice the length of the JSON decoded, so that
    /// objects merged from several places cannot make the output grow faster than the input),
    /// or when ``ModelEncoder/Options/sharedObjects`` allows repeating it; never inside itself.
    private mutating func writesInFull(_ child: ModelObject, slot: Int, index: Int, frame top: Int, via: Via) throws(MappingError) -> Bool {
        let source = options.layout == .asDecoded ? frames[top].object.decodedSource : nil
        if let source, source.isReference(slot: slot, index: index, object: child), !child.mapping.identitySlots.isEmpty {
            return false
        }
        guard child.encodingStamp == stamp else { return true }
        guard !frames.contains(where: { $0.object === child }) else { return false }
        if source != nil, writer.count <= decodedBudget { return true }
        guard case .repeated(let maximumBytes) = options.sharedObjects else { return false }
        guard writer.count <= maximumBytes else {
            throw MappingError(
                .notRepresentable, path: childPath(via), entityName: child.entity.name,
                found: "a \(child.entity.name) written again past \(maximumBytes) bytes of output",
                detail: "raise the budget of ModelEncoder.Options.sharedObjects")
        }
        return true
    }

    /// An object met again: its identity attributes stand for it; without any, it cannot be
    /// written without repeating it (or looping, on a cycle).
    private mutating func writeReference(to object: ModelObject, path: JSONPath) throws(MappingError) {
        let mapping = object.mapping
        guard !mapping.identitySlots.isEmpty else {
            let isCycle = frames.contains { $0.object === object }
            throw MappingError(
                .notRepresentable, path: path, entityName: object.entity.name,
                found: isCycle ? "a cycle back to this \(object.entity.name)" : "a \(object.entity.name) already written at another place",
                detail: "give the entity identity attributes (userInfo identityAttributes) so the repeated object can be written as a reference")
        }
        writer.open(UInt8(ascii: "{"))
        var isEmpty = true
        for slot in mapping.identitySlots {
            try writeAttribute(slot, of: object, key: QuotedKey(mapping.properties[slot].keyPath.last ?? ""), path: .path(path), isEmpty: &isEmpty)
        }
        writer.close(UInt8(ascii: "}"), isEmpty: isEmpty)
    }
}

/// Numbers for encoding runs, unique in the process, so that a run can mark the objects it
/// wrote on the objects themselves instead of hashing them into a set.
enum EncodingStamp {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var last: UInt64 = 0

    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        last += 1
        return last
    }
}

