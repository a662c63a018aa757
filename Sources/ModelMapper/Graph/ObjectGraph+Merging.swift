import Foundation
@_spi(Engine) import ModelMapperSchema

extension ObjectGraph {
    /// What a merge did.
    public struct MergeResult {
        /// The graph's objects for the elements merged (or the one object), in document order:
        /// objects the graph had, updated, and objects new to it.
        public var objects: [ModelObject]
        /// The errors of the elements left out by ``ObjectGraph/mergePartially(_:entity:at:operations:willInsert:)``,
        /// each with its path; always empty from `merge`, which throws them instead.
        public var errors: [MappingError]
        /// The positions of the elements left out by ``ObjectGraph/mergePartially(_:entity:at:operations:willInsert:)``.
        public var leftOut: [Int]
        /// What the document did that is allowed but worth saying, such as giving one object
        /// two different values for a property (see ``ModelDecoder/Options/conflictingValues``).
        public var warnings: [MappingError]
        /// The positions of the elements the operations left out: objects new to the graph
        /// when they do not insert (see ``MergeOperation/insert``).
        public var skipped: [Int] = []
        /// The objects the merge removed from the graph (see ``MergeOperation/removeUnlisted``).
        public var removed: [ModelObject] = []
    }

    /// A document decoded for a graph and not yet merged: made by
    /// ``ObjectGraph/prepare(_:entity:at:model:options:)`` on any thread, merged once by
    /// ``ObjectGraph/merge(_:operations:)`` on the graph's. It gives no access to its objects, so handing
    /// it to another thread shares nothing; a second merge of it is an error.
    public final class PreparedMerge: @unchecked Sendable {
        fileprivate let model: ObjectModel
        fileprivate let entity: Int
        fileprivate let options: ModelDecoder.Options
        private let lock = NSLock()
        private var contents: DecodedBatch?

        fileprivate init(model: ObjectModel, entity: Int, options: ModelDecoder.Options, contents: DecodedBatch) {
            self.model = model
            self.entity = entity
            self.options = options
            self.contents = contents
        }

        /// The contents, left in place: what the insert hook looks at before the merge takes them.
        func peek() -> DecodedBatch? {
            lock.lock()
            defer { lock.unlock() }
            return contents
        }

        /// The contents, once.
        fileprivate func take() -> DecodedBatch? {
            lock.lock()
            defer { lock.unlock() }
            let taken = contents
            contents = nil
            return taken
        }
    }

    /// Decodes the array of objects of `entity` at `keyPath` of `data` (the document itself
    /// when nil; a single object is read as an array of one) for a graph of `model` with
    /// `options`, without touching any graph: this is the expensive half of a merge, and it
    /// can run on any thread.
    ///
    /// For example, decoding on other threads and merging on the graph's:
    ///
    /// ```swift
    /// let prepared = try await withThrowingTaskGroup(of: ObjectGraph.PreparedMerge.self) { group in
    ///     for page in pages {
    ///         group.addTask { try ObjectGraph.prepare(page, entity: "Album", at: "albums", model: model) }
    ///     }
    ///     return try await group.reduce(into: []) { $0.append($1) }
    /// }
    /// for batch in prepared { try graph.merge(batch) }
    /// ```
    ///
    /// - Throws: ``MappingError`` for malformed JSON, nothing at `keyPath`, or an entity the
    ///   model does not have; ``ObjectGraphError`` as ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``.
    public static func prepare(
        _ data: Data,
        entity: some EntitySpecifier,
        at keyPath: String? = nil,
        model: ObjectModel,
        options: Options = Options()
    ) throws -> PreparedMerge {
        try prepare(data, entity: model.checkedEntity(entity), at: keyPath, options: options)
    }

    static func prepare(_ data: Data, entity: EntityDescription, at keyPath: String?, options: Options) throws
        -> PreparedMerge
    {
        let decoder = ModelDecoder(model: entity.model, options: options.decoding)
        // Blanked once here, so that neither the look ahead nor the decoding does it again.
        let data = try decoder.readable(data)
        var strict = options.decoding
        strict.syntax = .strict
        let contents =
            try Self.isOneObject(data, at: keyPath, options: options.decoding)
            ? ModelDecoder(model: entity.model, options: strict).decodeSingle(of: entity, from: data, at: keyPath)
            : ModelDecoder(model: entity.model, options: strict)
                .decodeBatch(of: entity, from: data, at: keyPath, forGraph: true)
        return PreparedMerge(model: entity.model, entity: entity.index, options: options.decoding, contents: contents)
    }

    /// Whether the value at `keyPath` starts with `{` (looked at without decoding it, within
    /// the limits of `options`). Anything else is read as the array, so that a value that is
    /// neither gets the error `decodeObjects` gives.
    private static func isOneObject(_ data: Data, at keyPath: String?, options: ModelDecoder.Options) throws -> Bool {
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        return data.withUnsafeBytes { raw -> Bool in
            var scanner = JSONScanner<MappingError>(
                bytes: raw,
                maximumDepth: options.maximumDepth,
                maximumStringLength: options.maximumStringLength,
                maximumElementCount: options.maximumElementCount,
                scratch: ScratchBuffer()
            )
            // The descent the decoding makes. Where it fails, the decoding of a single object
            // that follows fails alike, and its error says where, by line and column too.
            guard (try? scanner.enter(components, keyPath: keyPath ?? "")) != nil else { return false }
            scanner.skipWhitespace()
            return scanner.peek() == UInt8(ascii: "{")
        }
    }

    /// Merges the array of objects of `entity` at `keyPath` of a JSON document (or the one
    /// object there) into the graph, all or nothing.
    ///
    /// - Objects the graph has (same identity, any JSON type of it) are updated by the keys
    ///   present; keys absent leave the value alone, required or not; `null` clears; a to-many
    ///   present replaces the objects it held.
    /// - Other objects are inserted, and must have the values the model requires, as
    ///   ``ModelDecoder`` asks: an element of the array is a record, whatever keys it holds. A
    ///   nested object new to the graph whose JSON gives its identity alone (`{"name": "snow"}`)
    ///   and lacks a required value is a placeholder (see ``placeholders``), filled in by a
    ///   later record, as it is to ``ModelDecoder``. An object's first record in the document
    ///   inserts it, and must be whole; the records after it update it.
    /// - A JSON object in a relationship is an object, whatever keys it holds. Only a scalar
    ///   (`"band": "Japan"`), or an array of scalars, is a reference: to the graph's object
    ///   with that identity, or to one merged later (see ``Options/unresolvedReferences``).
    /// - A top-level array of identifiers (`["1699", "1455"]`) gives the graph's objects, in
    ///   order; an identity the graph does not have becomes a placeholder.
    ///
    /// If any element has an error, the merge throws every error and the graph is unchanged;
    /// ``mergePartially(_:entity:at:operations:willInsert:)`` merges the others instead.
    ///
    /// `willInsert`, when given, is shown each record (element of the document's array) that
    /// the graph does not have, as JSON, before anything is merged, as Sync's `willInsert` is:
    /// it returns the JSON to insert (changed or as it was), or nil to leave the record out
    /// (its position is then in ``MergeResult/skipped``). It sees the document's JSON alone,
    /// never the graph's objects. What it returns is decoded as the document is, with the same
    /// checks; positions and paths stay those of the document as given. A hook that throws
    /// stops the merge, its error at the record's path, and the graph is unchanged.
    ///
    /// For example:
    ///
    /// ```swift
    /// let result = try graph.merge(data, entity: "Band", at: "bands")
    /// result.objects    // the graph's bands for the elements
    /// result.warnings   // a band given two different values for a property, …
    ///
    /// // New bands get a default genre; bands without a name are left out.
    /// try graph.merge(data, entity: "Band", at: "bands") { record in
    ///     guard case .object(var band) = record, band["name"] != nil else { return nil }
    ///     if band["genre"] == nil { band["genre"] = "rock" }
    ///     return .object(band)
    /// }
    /// ```
    ///
    /// - Throws: ``MappingError`` for malformed JSON or nothing at `keyPath`, or what the hook
    ///   throws; ``MappingErrors`` with the error of every element that has one;
    ///   ``ObjectGraphError/unresolvedReferences(_:)`` with ``UnresolvedReferencePolicy/error``.
    ///   The graph is then unchanged.
    @discardableResult
    public func merge(
        _ data: Data,
        entity: some EntitySpecifier,
        at keyPath: String? = nil,
        operations: MergeOperations = .default,
        willInsert: ((JSONValue) throws -> JSONValue?)? = nil
    ) throws -> MergeResult {
        try merge(
            data,
            entity: model.checkedEntity(entity),
            at: keyPath,
            operations: operations,
            partially: false,
            willInsert: willInsert
        )
    }

    /// ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)`` from a parsed document.
    ///
    /// - Throws: as ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``.
    @discardableResult
    public func merge(
        _ json: JSONValue,
        entity: some EntitySpecifier,
        at keyPath: String? = nil,
        operations: MergeOperations = .default,
        willInsert: ((JSONValue) throws -> JSONValue?)? = nil
    ) throws -> MergeResult {
        try merge(json.jsonData(), entity: entity, at: keyPath, operations: operations, willInsert: willInsert)
    }

    /// Merges a document decoded by ``prepare(_:entity:at:model:options:)``, all or nothing, as
    /// ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``.
    ///
    /// - Throws: ``MappingErrors`` and ``ObjectGraphError/unresolvedReferences(_:)`` as
    ///   ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``; ``ObjectGraphError`` when the prepared document
    ///   was merged before, or was decoded for another model or with other options than the
    ///   graph's.
    @discardableResult
    public func merge(_ prepared: PreparedMerge, operations: MergeOperations = .default) throws -> MergeResult {
        try merge(prepared, partially: false, operations: operations)
    }

    /// Merges the elements of the array of objects of `entity` at `keyPath` that have no
    /// error, and leaves out each element whose objects have one, with its errors in the
    /// result: one bad record in ten thousand does not keep the other 9,999 out.
    ///
    /// An element is left out when it, or an object it gives, has an error: a value that does
    /// not convert, or a required value missing from an object new to the graph. Objects it
    /// shares with elements kept stay as the kept elements give them.
    ///
    /// For example:
    ///
    /// ```swift
    /// let result = try graph.mergePartially(data, entity: "Band", at: "bands")
    /// for error in result.errors { print(error) }   // $.bands[1].formed: expected Integer 16, …
    /// result.leftOut                                // [1]
    /// ```
    ///
    /// `willInsert`: as ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``'s, shown the
    /// records new to the graph among those without an error.
    ///
    /// - Throws: ``MappingError`` for what leaves no element to merge: malformed JSON, or
    ///   nothing at `keyPath`; what the hook throws; ``ObjectGraphError/unresolvedReferences(_:)`` as
    ///   ``merge(_:entity:at:operations:willInsert:)-(Data,_,_,_,_)``.
    @discardableResult
    public func mergePartially(
        _ data: Data,
        entity: some EntitySpecifier,
        at keyPath: String? = nil,
        operations: MergeOperations = .default,
        willInsert: ((JSONValue) throws -> JSONValue?)? = nil
    ) throws -> MergeResult {
        try merge(
            data,
            entity: model.checkedEntity(entity),
            at: keyPath,
            operations: operations,
            partially: true,
            willInsert: willInsert
        )
    }

    /// ``mergePartially(_:entity:at:operations:willInsert:)`` of a document decoded by
    /// ``prepare(_:entity:at:model:options:)``.
    ///
    /// - Throws: as ``mergePartially(_:entity:at:operations:willInsert:)``, and as ``merge(_:operations:)`` for a prepared
    ///   document merged before or made for another graph.
    @discardableResult
    public func mergePartially(_ prepared: PreparedMerge, operations: MergeOperations = .default) throws
        -> MergeResult
    {
        try merge(prepared, partially: true, operations: operations)
    }

    func merge(_ prepared: PreparedMerge, partially: Bool, operations: MergeOperations) throws -> MergeResult {
        guard prepared.model === model else { throw ObjectGraphError.otherModel }
        guard prepared.options.conventions(for: model) == options.decoding.conventions(for: model) else {
            throw ObjectGraphError.otherOptions
        }
        let plan = operations == .default ? .default : try MergePlan(operations, model: model, mappings: mappings)
        guard let batch = prepared.take() else { throw ObjectGraphError.alreadyMerged }
        var merger = GraphMerger(
            graph: self,
            given: batch.given,
            policy: options.unresolvedReferences,
            decoding: prepared.options,
            plan: plan,
            entity: prepared.entity
        )
        // The elements the decoder left out, and the records the document replaced, lack what
        // ModelDecoder would also report.
        let decodingErrors =
            batch.result.errors
            + merger.requiredValueErrors(ofUnmerged: batch.leftBehind, besides: batch.result.errors)
            + merger.requiredValueErrors(ofReplacedRecords: batch.result.objects + batch.leftBehind)
        if !partially, !decodingErrors.isEmpty {
            // The merge stops here: the elements the decoder kept are checked as the merge
            // would check them, so that it reports all ModelDecoder reports, in document order.
            let kept = merger.requiredValueErrors(ofUnmerged: batch.result.objects, besides: decodingErrors)
            throw MappingErrors(Self.inDocumentOrder(decodingErrors + kept))
        }
        let outcome = try merger.merge(
            roots: batch.result.objects,
            leftBehind: batch.leftBehind,
            partially: partially,
            listingIsWhole: batch.result.leftOut.isEmpty
        )
        // The merge counts positions among the elements the decoder kept.
        let positions = Self.documentPositions(kept: batch.result.objects.count, leftOut: batch.result.leftOut)
        let position = { (kept: Int) in positions.isEmpty ? kept : positions[kept] }
        return MergeResult(
            objects: outcome.objects,
            errors: Self.inDocumentOrder(Self.merged(decodingErrors, outcome.errors)),
            leftOut: (batch.result.leftOut + outcome.leftOut.map(position)).sorted(),
            warnings: batch.result.warnings,
            skipped: outcome.skipped.map(position),
            removed: outcome.removed
        )
    }

    /// Errors of the decoder (values that did not convert), then of the merge (required values
    /// missing from new objects), each once: an object that a kept element and an element left
    /// out both give (one identity) is checked from both sides.
    private static func merged(_ decoding: [MappingError], _ merging: [MappingError]) -> [MappingError] {
        let reported = Set(decoding.map(\.description))
        return decoding + merging.filter { !reported.contains($0.description) }
    }

    /// `errors` ordered by the element of the document's array each is in (stable: an element's
    /// own errors keep their order, errors outside the array come first).
    private static func inDocumentOrder(_ errors: [MappingError]) -> [MappingError] {
        func element(_ error: MappingError) -> Int {
            for component in error.path.components { if case .index(let index) = component { return index } }
            return -1
        }
        return errors.enumerated().sorted { (element($0.element), $0.offset) < (element($1.element), $1.offset) }
            .map(\.element)
    }

    /// The position in the document's array of each element the decoder kept (`kept` of
    /// them, the others `leftOut`); empty when it left none out (positions are the same).
    static func documentPositions(kept: Int, leftOut: [Int]) -> [Int] {
        guard !leftOut.isEmpty else { return [] }
        let decoderLeftOut = Set(leftOut)
        return (0..<(kept + leftOut.count)).filter { !decoderLeftOut.contains($0) }
    }
}

extension ModelDecoder {
    /// One object decoded for a graph, as a batch of one (see ``decodeBatch(of:from:at:forGraph:)``).
    func decodeSingle(of entity: EntityDescription, from data: Data, at keyPath: String?) throws -> DecodedBatch {
        let errors = ErrorHandling.collecting(forGraph: true)
        let (object, run) = try run(data, payload: .keyPath(keyPath), errors: errors) {
            reader,
            path throws(MappingError) in
            try reader.readObject(entity: entity.index, path: path)
        }
        guard let object, run.errors.isEmpty else {
            let result = PartialResult(objects: [], errors: run.errors, leftOut: [0], warnings: run.warnings)
            // With what the JSON gave, so that the merge checks the object as it would insert it.
            return DecodedBatch(result: result, given: run.givenValues, leftBehind: object.map { [$0] } ?? [])
        }
        let result = PartialResult(objects: [object], errors: [], leftOut: [], warnings: run.warnings)
        return DecodedBatch(result: result, given: run.givenValues)
    }
}
