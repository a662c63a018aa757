import Foundation
@_spi(Engine) import ModelMapperSchema

/// The `willInsert` hook of ``ObjectGraph/merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``
/// and ``ObjectGraph/mergePartially(_:entity:at:operations:willInsert:)``: each record the graph
/// does not have, shown as JSON before it is inserted, which the hook may change or leave out
/// (Sync's `willInsert`).
///
/// The document is decoded once; when the hook changes or leaves out a record, the records it
/// gave are spliced into the document's text and the document is decoded again, so that what
/// the hook returns is read by the one decoder, with its checks and errors. The merge then
/// tells positions, and the paths of its errors, in the document as it was given.
extension ObjectGraph {
    /// What the hook makes of a document: its text with the records changed and those left
    /// out taken away, where each element of the new array was in the old one, and the records
    /// left out.
    struct HookedDocument {
        let data: Data
        let positions: [Int]
        let leftOut: [Int]
        /// The path of the document's array, whose element indices ``positions`` maps.
        let arrayPath: JSONPath
        /// The document as given, and where each element of ``data`` starts in it and there;
        /// nil for the elements the hook changed, whose text the document does not have.
        let original: Data
        let starts: [(spliced: Int, original: Int)?]
        /// Whether the document's value is one object, not an array (spliced only when the
        /// hook changed it or left it out).
        let isOneObject: Bool
    }

    /// Merges `data` as ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)`` does, with
    /// `willInsert` shown each record new to the graph first.
    func merge(
        _ data: Data,
        entity: EntityDescription,
        at keyPath: String?,
        operations: MergeOperations,
        partially: Bool,
        willInsert: ((JSONValue) throws -> JSONValue?)?
    ) throws -> MergeResult {
        let prepared = try Self.prepare(data, entity: entity, at: keyPath, options: options)
        guard let willInsert,
            let hooked = try applying(willInsert, to: data, prepared: prepared, keyPath: keyPath, partially: partially)
        else {
            return try merge(prepared, partially: partially, operations: operations)
        }
        do {
            let again = try Self.prepare(hooked.data, entity: entity, at: keyPath, options: options)
            return hooked.placing(try merge(again, partially: partially, operations: operations))
        } catch let errors as MappingErrors {
            throw MappingErrors(errors.errors.map(hooked.placing))
        } catch let error as MappingError {
            throw hooked.placing(error)
        }
    }

    /// Shows `hook` each record of the prepared document that is new to the graph (its first
    /// element, where several give one object), in document order; nil when it changed
    /// nothing. Nothing of the graph changes here.
    ///
    /// - Throws: ``MappingError`` at the record's path, with the hook's error as its
    ///   underlying error, when the hook throws.
    private func applying(
        _ hook: (JSONValue) throws -> JSONValue?,
        to data: Data,
        prepared: PreparedMerge,
        keyPath: String?,
        partially: Bool
    ) throws -> HookedDocument? {
        guard let batch = prepared.peek(), partially || batch.result.errors.isEmpty else { return nil }
        let text = try ModelDecoder(model: model, options: options.decoding).readable(data)
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        guard let layout = try Self.elementRanges(of: text, at: components, keyPath: keyPath ?? "", options: options)
        else { return nil }
        let positions = Self.documentPositions(kept: batch.result.objects.count, leftOut: batch.result.leftOut)
        var replaced: [Int: Data] = [:]
        var leftOut: [Int] = []
        var seen = Set<ObjectIdentifier>()
        for (kept, root) in batch.result.objects.enumerated() {
            let position = positions.isEmpty ? kept : positions[kept]
            guard seen.insert(ObjectIdentifier(root)).inserted, isNew(root), position < layout.elements.count else {
                continue
            }
            let range = layout.elements[position]
            let record = try JSONReader.parse(text.subdata(in: range), maximumDepth: options.decoding.maximumDepth)
            let path =
                layout.arrayPath.map { $0.appending(index: position) } ?? JSONPath.root.appending(keys: components)
            let given: JSONValue?
            do {
                given = try hook(record)
            } catch {
                throw MappingError(
                    .invalidValue,
                    path: path,
                    entityName: root.entity.name,
                    found: "a record the willInsert hook refused",
                    detail: "\(error)",
                    underlyingError: error
                )
            }
            if let given {
                if given != record { replaced[position] = given.jsonData() }
            } else {
                leftOut.append(position)
            }
        }
        guard !replaced.isEmpty || !leftOut.isEmpty else { return nil }
        return Self.splice(text, layout: layout, replaced: replaced, leftOut: Set(leftOut), components: components)
    }

    /// Whether the graph has no object with `record`'s identity (a record without one is new).
    private func isNew(_ record: ModelObject) -> Bool {
        guard let key = identityKey(of: record) else { return true }
        return identities[key] == nil
    }

    /// Where the value at the key path is, and each of its elements when it is an array; nil
    /// when it is neither an array nor an object (the decoding reported that already).
    private static func elementRanges(of text: Data, at components: [String], keyPath: String, options: Options) throws
        -> (value: Range<Int>, elements: [Range<Int>], arrayPath: JSONPath?)?
    {
        try text.withUnsafeBytes { raw throws(MappingError) in
            var scanner = JSONScanner<MappingError>(
                bytes: raw,
                maximumDepth: options.decoding.maximumDepth,
                maximumStringLength: options.decoding.maximumStringLength,
                maximumElementCount: options.decoding.maximumElementCount,
                scratch: ScratchBuffer()
            )
            let path = try scanner.enter(components, keyPath: keyPath)
            scanner.skipWhitespace()
            let start = scanner.index
            switch scanner.peek() {
            case UInt8(ascii: "{"):
                try scanner.skipValue()
                return (start..<scanner.index, [start..<scanner.index], nil)
            case UInt8(ascii: "["):
                scanner.index += 1
                var elements: [Range<Int>] = []
                if !scanner.consume(UInt8(ascii: "]")) {
                    repeat {
                        scanner.skipWhitespace()
                        let element = scanner.index
                        try scanner.skipValue()
                        elements.append(element..<scanner.index)
                    } while try scanner.readSeparator(inObject: false)
                }
                return (start..<scanner.index, elements, path)
            default:
                return nil
            }
        }
    }

    /// The document with its records replaced and left out.
    private static func splice(
        _ text: Data,
        layout: (value: Range<Int>, elements: [Range<Int>], arrayPath: JSONPath?),
        replaced: [Int: Data],
        leftOut: Set<Int>,
        components: [String]
    ) -> HookedDocument {
        var spliced = Data(text[..<layout.value.lowerBound])
        var positions: [Int] = []
        var starts: [(spliced: Int, original: Int)?] = []
        if layout.arrayPath == nil {
            // One object: the hook's object, or an empty array where it left the record out.
            spliced.append(leftOut.isEmpty ? replaced[0] ?? text.subdata(in: layout.value) : Data("[]".utf8))
            positions = leftOut.isEmpty ? [0] : []
        } else {
            spliced.append(UInt8(ascii: "["))
            for (position, range) in layout.elements.enumerated() where !leftOut.contains(position) {
                if !positions.isEmpty { spliced.append(UInt8(ascii: ",")) }
                starts.append(replaced[position] == nil ? (spliced.count, range.lowerBound) : nil)
                spliced.append(replaced[position] ?? text.subdata(in: range))
                positions.append(position)
            }
            spliced.append(UInt8(ascii: "]"))
        }
        spliced.append(text[layout.value.upperBound...])
        return HookedDocument(
            data: spliced,
            positions: positions,
            leftOut: leftOut.sorted(),
            arrayPath: layout.arrayPath ?? JSONPath.root.appending(keys: components),
            original: text,
            starts: starts,
            isOneObject: layout.arrayPath == nil
        )
    }
}

extension ObjectGraph.HookedDocument {
    /// A result of merging the spliced document, told in the document as it was given: its
    /// positions, and the records the hook left out among the skipped.
    func placing(_ result: ObjectGraph.MergeResult) -> ObjectGraph.MergeResult {
        var placed = result
        placed.errors = result.errors.map(placing)
        placed.leftOut = result.leftOut.map(position)
        placed.skipped = (result.skipped.map(position) + leftOut).sorted()
        placed.warnings = result.warnings.map(placing)
        return placed
    }

    /// An error at its path in the document as it was given.
    func placing(_ error: MappingError) -> MappingError {
        guard !isOneObject else {
            // The one record is the hook's: its text is not the document's.
            var placed = error
            placed.context.line = nil
            placed.context.column = nil
            return placed
        }
        let components = error.path.components
        let prefix = arrayPath.components
        guard components.count > prefix.count, Array(components[..<prefix.count]) == prefix,
            case .index(let index) = components[prefix.count]
        else { return error }
        var placed = error
        placed.context.line = nil
        placed.context.column = nil
        if index < starts.count, let starts = starts[index], let line = error.context.line,
            let column = error.context.column
        {
            (placed.context.line, placed.context.column) = Self.place(
                line: line,
                column: column,
                from: (data, starts.spliced),
                to: (original, starts.original)
            )
        }
        var path = arrayPath.appending(index: position(index))
        for component in components[(prefix.count + 1)...] {
            switch component {
            case .key(let key): path = path.appending(key: key)
            case .index(let index): path = path.appending(index: index)
            }
        }
        placed.path = path
        return placed
    }

    /// A line and column of the spliced text, in an element copied from the document as given
    /// (starting at `from.1` there and `to.1` here), as the line and column in the document:
    /// the element's text is the same, so a position on its first line moves by the columns
    /// its start moved, and one on a later line keeps its column.
    private static func place(line: Int, column: Int, from: (Data, Int), to: (Data, Int)) -> (Int, Int) {
        func location(_ text: Data, _ offset: Int) -> (line: Int, column: Int) {
            var (line, column) = (1, 1)
            text.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                JSONTextScan.advance(line: &line, column: &column, over: base, from: 0, to: min(offset, raw.count))
            }
            return (line, column)
        }
        let splicedStart = location(from.0, from.1)
        let originalStart = location(to.0, to.1)
        guard line == splicedStart.line else { return (originalStart.line + line - splicedStart.line, column) }
        return (originalStart.line, originalStart.column + column - splicedStart.column)
    }

    /// The position in the document as it was given of element `index` of the spliced one.
    private func position(_ index: Int) -> Int { index < positions.count ? positions[index] : index }
}
