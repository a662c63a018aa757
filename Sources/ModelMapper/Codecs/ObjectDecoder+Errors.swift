import Foundation
@_spi(Engine) import ModelMapperSchema

/// Errors: reported (thrown, or collected when the options collect them), located by line and
/// column in the text, with the JSON path of the frame, member or attribute they are about.
extension ObjectDecoder {
    /// Reports a value's error (collected, or thrown when errors are not collected) with the
    /// line and column of the member being read, or of the reading position between members,
    /// when the text is the caller's.
    func report(_ error: MappingError) throws(MappingError) {
        var error = error
        if settings.locatesByLine, error.context.line == nil {
            let offset = memberStart >= 0 ? memberStart : scanner.index
            let (line, column) = position(of: offset)
            error.context.line = line
            error.context.column = column
        }
        try run.report(error)
    }

    /// Reports a key no property of the top frame's current level reads (the options reject
    /// them), at the key, with the key of the level it most likely meant.
    func reportUnknownKey(_ name: String, frame top: Int) throws(MappingError) {
        var known: [String] = []
        if let own = frames[top].level.own { known += own.takeUnretainedValue().nodes.map(\.key) }
        if let extras = frames[top].level.extras { known += extras.takeUnretainedValue().nodes.map(\.key) }
        try report(
            MappingError(
                .unknownKey(name),
                path: errorPath(frame: top, keys: [name]),
                entityName: run.model.entityRecords[frames[top].mapping.entityIndex].name,
                detail: ClosestName.to(name, among: known).map { "did you mean '\($0)'?" }
            )
        )
    }

    /// ``JSONScanner/position(of:)``, carried on from the last offset asked for: linear in the
    /// text for offsets in document order (what errors come in), from the start otherwise.
    func position(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), scanner.count)
        if end < run.errorCursor.offset { run.errorCursor = (0, 1, 1) }
        var (line, column) = (run.errorCursor.line, run.errorCursor.column)
        JSONTextScan.advance(
            line: &line,
            column: &column,
            over: UnsafeRawPointer(scanner.base),
            from: run.errorCursor.offset,
            to: end
        )
        run.errorCursor = (end, line, column)
        return (line + scanner.origin.line - 1, line == 1 ? column + scanner.origin.column - 1 : column)
    }

    /// The context without line and column when the text was written from a tree (they
    /// would point into text the caller never saw).
    func unlocatedUnlessText(_ context: MappingError.Context) -> MappingError.Context {
        guard !settings.locatesByLine, let line = context.line, let column = context.column else { return context }
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
    func syntaxErrorPath(base: JSONPath) -> JSONPath {
        guard let top = frames.indices.last else { return base }
        var keys: [String] = []
        // Only a member that starts with its key's quote has a key to name: `{\0"a":1}` fails
        // before any key, at the object.
        if memberStart >= 0, memberStart < scanner.count, scanner.base[memberStart] == UInt8(ascii: "\"") {
            // A scanner without the length limit: the key is wanted even if the limit was its.
            var keyScanner = JSONScanner<MappingError>(
                bytes: UnsafeRawBufferPointer(start: scanner.base, count: scanner.count),
                maximumDepth: 1
            )
            keyScanner.index = memberStart
            if let key = try? keyScanner.readString().string { keys.append(key) }
        }
        var path = errorPath(frame: top, keys: keys)
        if let array = frames[top].array {
            path = path.appending(keys: [memberKey(slot: array.slot, frame: top)].compactMap { $0 })
                .appending(index: array.index)
        }
        return path
    }

    /// A `null` element of a to-many array: left out under ``ModelDecoder/Options/nullElements``
    /// `.skip`, else an error naming that option. The entity's name is looked up only for the
    /// error: copying its record costs more than skipping the element.
    mutating func readNullElement(at step: Step, entity: Int) throws(MappingError) {
        try scanner.readLiteral("null")
        if settings.skipsNullElements { return }
        try report(
            .typeMismatch,
            at: step,
            entityName: run.model.entityRecords[entity].name,
            expected: "an object",
            found: "null",
            detail: Self.nullElementAdvice
        )
    }

    /// What an error about a `null` element suggests.
    static let nullElementAdvice =
        "a to-many relationship's array or map holds null; set ModelDecoder.Options.nullElements to .skip to leave "
        + "such elements out"

    func report(
        _ code: MappingError.Code,
        at step: Step,
        keys: [String] = [],
        entityName: String,
        expected: String? = nil,
        found: String? = nil,
        detail: String? = nil,
        limit: String? = nil
    ) throws(MappingError) {
        let base: JSONPath
        switch step {
        case .root(let index): base = Self.path(rootPath, index: index)
        case .relationship(let slot, let index):
            let parent = frames.count - 1
            let path = errorPath(frame: parent, keys: [memberKey(slot: slot, frame: parent)].compactMap { $0 })
            base = index.map { elementPath(path, parent: parent, index: $0) } ?? path
        }
        var error = MappingError(
            code,
            path: base.appending(keys: keys),
            entityName: entityName,
            expected: expected,
            found: found,
            detail: detail
        )
        // A limit of reading is named by its option, as the JSON layer's are (MappingError+JSONError.swift).
        if let limit { error.context.name = "ModelDecoder.Options.\(limit)" }
        try report(error)
    }

    func report(
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
    func path(of frame: Frame) -> JSONPath {
        pathOfFrame(at: frames.count, step: frame.step)
    }

    /// The path of the object of the frame at `position` (reached by `step`), built from
    /// the frames below it without recursion.
    func pathOfFrame(at position: Int, step: Step) -> JSONPath {
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
                path = path.appending(keys: [memberKey(slot: slot, frame: parent)].compactMap { $0 })
                if let index { path = elementPath(path, parent: parent, index: index) }
            }
        }
        return path
    }

    /// The keys of a frame's open nested levels, outermost first.
    func levelKeys(of position: Int) -> [String] {
        let start = frames[position].outerStart
        let end = position + 1 < frames.count ? frames[position + 1].outerStart : outerLevels.count
        guard end > start else { return [] }
        func key(_ level: Level) -> String? { level.under.map { $0.level.takeUnretainedValue().nodes[$0.index].key } }
        return (start + 1..<end).compactMap { key(outerLevels[$0]) } + [key(frames[position].level)].compactMap { $0 }
    }

    /// The member a tree is read for: named, or a property of a frame whose key is looked up
    /// only for an error (copying it for every value cost more than reading a short array).
    enum TreeKey {
        case name(String?)
        case property(slot: Int, frame: Int)
    }

    /// A value read whole into a tree at the reading position (an attribute of any kind, an
    /// unknown member kept, a member several readers share), the member `key` of the current
    /// level of frame `top`. Its path is made only for an error: building it for every such
    /// value was most of a decode's work on documents full of them (71% of citm_catalog's
    /// decode instructions, measured: Benchmarks/README.md).
    mutating func readTree(frame top: Int, key: TreeKey) throws(MappingError) -> JSONValue {
        do {
            return try scanner.readTree(JSONValueBuilding.self, path: .root)
        } catch {
            throw treeError(error, frame: top, key: key)
        }
    }

    /// The same value read straight into Foundation values, as ``JSONValue/foundationObject``
    /// would make them from the tree: a raw JSON attribute's value (``SlotReading/Kind/rawJSON``).
    mutating func readFoundationTree(frame top: Int, key: TreeKey) throws(MappingError) -> Any {
        do {
            return try scanner.readTree(FoundationJSON.Building.self, path: .root)
        } catch {
            throw treeError(error, frame: top, key: key)
        }
    }

    /// An error reading a tree, with the value's own path before the reader's, which starts at
    /// the value.
    @inline(never)
    func treeError(_ error: MappingError, frame top: Int, key: TreeKey) -> MappingError {
        guard case .invalidJSON(var context) = error else { return error }
        let name: String? =
            switch key {
            case .name(let name): name
            // The member's own key: the last of the property's key path.
            case .property(let slot, let target): memberKey(slot: slot, frame: target)
            }
        context.path = errorPath(frame: top, keys: name.map { [$0] } ?? []).appending(context.path)
        return .invalidJSON(context)
    }

    /// The path of the current level of a frame, followed by `keys`.
    func errorPath(frame position: Int, keys: some Sequence<String>) -> JSONPath {
        guard position >= 0, position < frames.count else { return JSONPath.root.appending(keys: keys) }
        return pathOfFrame(at: position, step: frames[position].step).appending(keys: levelKeys(of: position))
            .appending(keys: keys)
    }

    /// The raw value type an attribute's value must belong to, when the value does not: nil
    /// when it does, or when the value is null.
    func rawValueType(refusing value: Slot, slot: Int, entity: Int) -> RawValueType? {
        RawValueCheck.refusing(value, inSlot: slot, among: run.model.rawValueChecks[entity])
    }

    /// The path of an attribute of a frame's object.
    func attributePath(slot: Int, frame position: Int) -> JSONPath {
        guard position >= 0, position < frames.count else { return .root }
        return pathOfFrame(at: position, step: frames[position].step)
            .appending(keys: memberKeys(slot: slot, frame: position))
    }
}

extension ObjectDecoder {
    /// The keys of the object whose `{` is at `start`, in order, read again from the text
    /// (only for an error: see ``MissingKeyHint``); those before a syntax error when the text
    /// has one there.
    func keysOfObject(at start: Int) -> [String] {
        guard start >= 0 else { return [] }
        var keyScanner = JSONScanner<MappingError>(
            bytes: UnsafeRawBufferPointer(start: scanner.base, count: scanner.count),
            maximumDepth: settings.maximumDepth
        )
        keyScanner.index = start
        var keys: [String] = []
        guard keyScanner.consume(UInt8(ascii: "{")), !keyScanner.consume(UInt8(ascii: "}")) else { return keys }
        do {
            var opening: StaticString = "{"
            while true {
                keys.append(try keyScanner.readKey(after: opening).string)
                try keyScanner.skipValue()
                guard try keyScanner.readSeparator(inObject: true) else { return keys }
                opening = ","
            }
        } catch {
            return keys
        }
    }

    /// What an error about `property` missing from `frame`'s object adds: the key the
    /// object holds it under, when near (``MissingKeyHint``).
    func missingKeyHint(for property: PropertyMapping, in frame: Frame, keys: inout [String]?) -> String? {
        guard frame.start >= 0 else { return nil }
        let isDocument = rootPath.components.isEmpty && { if case .root(nil) = frame.step { true } else { false } }()
        if isDocument || property.keyPath.count == 1 {
            keys = keys ?? keysOfObject(at: frame.start)
        }
        guard let objectKeys = keys else { return nil }
        // The document itself, where the model says its objects are under a key it has.
        if isDocument, let hint = RootKeyHint.detail(entity: run.model.entityRecords[frame.entity], keys: objectKeys) {
            return hint
        }
        guard property.keyPath.count == 1 else { return nil }
        let readKeys = Set(frame.mapping.properties.compactMap(\.keyPath.first))
        return MissingKeyHint.hint(
            for: property,
            keys: objectKeys,
            readKeys: readKeys,
            casing: run.options.conventions(for: run.model).keyCasing
        )
    }

    /// The hints of the required values `frame`'s object lacks, by slot (see
    /// ``missingKeyHint(for:in:keys:)``): what a graph's merge adds to its errors of them.
    func missingKeyHints(of frame: Frame) -> [Int: String] {
        var hints: [Int: String] = [:]
        var keys: [String]?
        for slot in frame.mapping.requiredSlotList {
            guard frame.slots.tag(slot) == .absent else { continue }
            hints[slot] = missingKeyHint(for: frame.mapping.properties[slot], in: frame, keys: &keys)
        }
        return hints
    }
}
