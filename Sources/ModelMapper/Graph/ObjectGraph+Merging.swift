import Foundation

extension ObjectGraph {
    /// What a merge did.
    public struct MergeResult {
        /// The graph's objects for the elements merged (or the one object), in document order:
        /// objects the graph had, updated, and objects new to it.
        public var objects: [ModelObject]
        /// The errors of the elements left out, each with its path; empty when every element
        /// merged.
        public var errors: [MappingError]
        /// The positions of the elements left out.
        public var leftOut: [Int]
    }

    /// A document decoded for a graph and not yet merged: made by
    /// ``ObjectGraph/prepare(_:entity:at:model:options:)`` on any thread, merged once by
    /// ``ObjectGraph/merge(_:)`` on the graph's. It gives no access to its objects, so handing
    /// it to another thread shares nothing; a second merge of it is an error.
    public final class PreparedMerge: @unchecked Sendable {
        fileprivate let model: ObjectModel
        fileprivate let entity: Int
        fileprivate let options: ModelDecoder.Options
        private let lock = NSLock()
        private var contents: (result: ModelDecoder.PartialResult, presentSlots: [ObjectIdentifier: [Bool]])?

        fileprivate init(
            model: ObjectModel,
            entity: Int,
            options: ModelDecoder.Options,
            contents: (result: ModelDecoder.PartialResult, presentSlots: [ObjectIdentifier: [Bool]])
        ) {
            self.model = model
            self.entity = entity
            self.options = options
            self.contents = contents
        }

        /// The contents, once.
        fileprivate func take() -> (result: ModelDecoder.PartialResult, presentSlots: [ObjectIdentifier: [Bool]])? {
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
    ///   model does not have; ``ObjectGraphError`` as ``merge(_:entity:at:)-(Data,String,_)``.
    public static func prepare(
        _ data: Data,
        entity: String,
        at keyPath: String? = nil,
        model: ObjectModel,
        options: Options = Options()
    ) throws -> PreparedMerge {
        guard let description = model.entitiesByName[entity] else {
            throw MappingError(.unknownEntity(entity), detail: "the model has no entity '\(entity)'")
        }
        return try prepare(data, entity: description, at: keyPath, options: options)
    }

    static func prepare(_ data: Data, entity: EntityDescription, at keyPath: String?, options: Options) throws
        -> PreparedMerge
    {
        let decoder = ModelDecoder(model: entity.model, options: options.decoding)
        let isArray = try Self.isArray(data, at: keyPath)
        let contents: (result: ModelDecoder.PartialResult, presentSlots: [ObjectIdentifier: [Bool]])
        if isArray {
            contents = try decoder.decodeBatch(of: entity, from: data, at: keyPath, recordsPresentSlots: true)
        } else {
            contents = try decoder.decodeSingle(of: entity, from: data, at: keyPath)
        }
        return PreparedMerge(model: entity.model, entity: entity.index, options: options.decoding, contents: contents)
    }

    /// Whether the value at `keyPath` starts with `[` (looked at without decoding it).
    private static func isArray(_ data: Data, at keyPath: String?) throws -> Bool {
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        return try data.withUnsafeBytes { raw throws(MappingError) -> Bool in
            var scanner = JSONScanner(
                bytes: raw,
                maximumDepth: 512,
                maximumStringLength: 16 << 20,
                maximumElementCount: 10_000_000,
                scratch: ScratchBuffer()
            )
            for component in components {
                scanner.skipWhitespace()
                guard scanner.consume(UInt8(ascii: "{")) else { return false }
                var isFirst = true
                while true {
                    let hasMember =
                        isFirst ? !scanner.consume(UInt8(ascii: "}")) : try scanner.readSeparator(inObject: true)
                    guard hasMember else { return false }
                    let key = try scanner.readKey(after: isFirst ? "{" : ",")
                    isFirst = false
                    if key.buffer.elementsEqual(component.utf8) { break }
                    try scanner.skipValue()
                }
            }
            scanner.skipWhitespace()
            return scanner.peek() == UInt8(ascii: "[")
        }
    }

    /// Merges the array of objects of `entity` at `keyPath` of a JSON document (or the one
    /// object there) into the graph.
    ///
    /// Objects the graph has (same identity, any JSON type of it) are updated: keys present
    /// overwrite, keys absent leave the value alone, `null` clears; a to-many present
    /// replaces the objects it held. Other objects are inserted. A relationship whose JSON is
    /// a scalar (`"band": "Japan"`) or an object of identity attributes alone refers to the
    /// object with that identity: the graph's, or one merged later (see
    /// ``Options/unresolvedReferences``). An element with an error is left out (and listed in
    /// the result with its errors); the others merge.
    ///
    /// For example:
    ///
    /// ```swift
    /// let result = try graph.merge(data, entity: "Band", at: "bands")
    /// result.objects   // the graph's bands for the elements
    /// result.errors    // why elements were left out
    /// ```
    ///
    /// - Throws: ``MappingError`` for malformed JSON or nothing at `keyPath`;
    ///   ``ObjectGraphError/unresolvedReferences(_:)`` with ``UnresolvedReferencePolicy/error``
    ///   (the merge then changes nothing).
    @discardableResult
    public func merge(_ data: Data, entity: String, at keyPath: String? = nil) throws -> MergeResult {
        guard let description = model.entitiesByName[entity] else {
            throw MappingError(.unknownEntity(entity), detail: "the model has no entity '\(entity)'")
        }
        return try merge(data, entity: description, at: keyPath)
    }

    /// ``merge(_:entity:at:)-(Data,String,_)`` with an entity description.
    ///
    /// - Throws: as ``merge(_:entity:at:)-(Data,String,_)``.
    @discardableResult
    public func merge(_ data: Data, entity: EntityDescription, at keyPath: String? = nil) throws -> MergeResult {
        try merge(Self.prepare(data, entity: entity, at: keyPath, options: options))
    }

    /// ``merge(_:entity:at:)-(Data,String,_)`` from a parsed document.
    ///
    /// - Throws: as ``merge(_:entity:at:)-(Data,String,_)``.
    @discardableResult
    public func merge(_ json: JSONValue, entity: String, at keyPath: String? = nil) throws -> MergeResult {
        try merge(json.jsonData(), entity: entity, at: keyPath)
    }

    /// Merges a document decoded by ``prepare(_:entity:at:model:options:)``.
    ///
    /// - Throws: ``ObjectGraphError`` when the prepared document was merged before, or was
    ///   decoded for another model or with other options than the graph's.
    @discardableResult
    public func merge(_ prepared: PreparedMerge) throws -> MergeResult {
        guard prepared.model === model else { throw ObjectGraphError.otherModel }
        guard prepared.options.keyCasing == options.decoding.keyCasing,
            prepared.options.identifiesByIDAttribute == options.decoding.identifiesByIDAttribute
        else { throw ObjectGraphError.otherOptions }
        guard let (result, present) = prepared.take() else { throw ObjectGraphError.alreadyMerged }
        var merger = GraphMerger(graph: self, presentSlots: present, policy: options.unresolvedReferences)
        let objects = try merger.merge(roots: result.objects)
        return MergeResult(objects: objects, errors: result.errors, leftOut: result.leftOut)
    }
}

/// Why a graph refused a merge.
public enum ObjectGraphError: Error, LocalizedError, CustomStringConvertible {
    /// References to objects the graph does not have, with ``ObjectGraph/UnresolvedReferencePolicy/error``,
    /// described (`BandMember.band -> Band (name: Japan)`): the objects stay with the graph's thread.
    case unresolvedReferences([String])
    /// A prepared document merged a second time.
    case alreadyMerged
    /// A prepared document of another model.
    case otherModel
    /// A prepared document decoded with another key casing or identity rule than the graph's.
    case otherOptions

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `ObjectGraphError` as text, as `print` and string interpolation show it.
    public var description: String {
        switch self {
        case .unresolvedReferences(let references):
            "\(references.count) unresolved reference\(references.count == 1 ? "" : "s"): "
                + references.joined(separator: "; ")
        case .alreadyMerged: "the prepared document was merged already"
        case .otherModel: "the prepared document was decoded for another model"
        case .otherOptions:
            "the prepared document was decoded with another key casing or identity rule than the graph's"
        }
    }
}

extension ModelDecoder {
    /// One object decoded for a graph, as a batch of one (see ``decodeBatch(of:from:at:recordsPresentSlots:)``).
    func decodeSingle(of entity: EntityDescription, from data: Data, at keyPath: String?) throws
        -> (result: PartialResult, presentSlots: [ObjectIdentifier: [Bool]])
    {
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        var options = self.options
        options.collectsAllErrors = true
        let run = DecodingRun(model: model, options: options, byteCount: data.count)
        run.recordsPresentSlots = true
        let read = data.withUnsafeBytes { raw -> Result<ModelObject?, MappingError> in
            var reader = ObjectDecoder(bytes: raw, run: run)
            return Result { () throws(MappingError) in
                let path = try reader.enter(components, keyPath: keyPath ?? "")
                let object = try reader.readObject(entity: entity.index, path: path)
                try reader.leave(components.count)
                try reader.scanner.finish()
                return object
            }
        }
        let object = try read.get()
        guard let object, run.errors.isEmpty else {
            return (PartialResult(objects: [], errors: run.errors, leftOut: [0]), [:])
        }
        return (PartialResult(objects: [object], errors: [], leftOut: []), run.presentSlots)
    }
}
