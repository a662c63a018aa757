import Foundation
@_spi(Engine) import ModelMapperSchema

extension ModelDecoder {
    /// The objects of an array that decoded, with the errors of the elements that did not.
    public struct PartialResult {
        /// The objects of the elements without errors, in array order.
        public var objects: [ModelObject]
        /// Every error of the elements left out, in document order, each with its path.
        public var errors: [MappingError]
        /// The positions in the array of the elements left out.
        public var leftOut: [Int]
        /// What the document did that is allowed but worth saying, such as giving one object
        /// two different values for a property (see ``Options/conflictingValues``), in
        /// document order.
        public var warnings: [MappingError] = []
    }

    /// Decodes the array of objects of `entity` at `keyPath`, leaving out each element whose
    /// object, or an object inside it, has an error, rather than failing the whole document:
    /// one bad record in ten thousand does not lose the other 9,999.
    ///
    /// For example:
    ///
    /// ```swift
    /// let result = try decoder.decodePartially(of: book, from: data, at: "books")
    /// for error in result.errors { print(error) }   // $.books[3].year: expected Integer 16, …
    /// use(result.objects)                            // the other books
    /// ```
    ///
    /// Each element's errors are all reported (as with ``Options/collectsAllErrors``). An
    /// object with an identity that an element left out shares with a kept one stays in the
    /// kept one as decoded (without the values that had errors).
    ///
    /// - Throws: ``MappingError`` for what leaves no element to keep: malformed JSON, nothing
    ///   at `keyPath`, or something other than an array there.
    public func decodePartially(of entity: some EntitySpecifier, from data: Data, at keyPath: String? = nil) throws
        -> PartialResult
    {
        try decodeBatch(of: model.checkedEntity(entity), from: data, at: keyPath, forGraph: false).result
    }

    /// What ``decodePartially(of:from:at:)`` gives, with what the JSON gave each object when
    /// `forGraph` (for merging into an ``ObjectGraph``, which checks required values itself and
    /// takes scalars at the top level as identities).
    func decodeBatch(of entity: EntityDescription, from data: Data, at keyPath: String?, forGraph: Bool) throws
        -> DecodedBatch
    {
        let errors = ErrorHandling.collecting(forGraph: forGraph)
        let (batch, run) = try run(data, payload: .keyPath(keyPath), errors: errors) {
            reader,
            path throws(MappingError) in
            try reader.readArrayLeavingOutErrors(entity: entity.index, path: path)
        }
        return DecodedBatch(
            result: PartialResult(
                objects: batch.objects,
                errors: run.errors,
                leftOut: batch.leftOut,
                warnings: run.warnings
            ),
            given: run.givenValues,
            leftBehind: batch.leftBehind
        )
    }
}
