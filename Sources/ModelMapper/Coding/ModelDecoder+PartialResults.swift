import Foundation

extension ModelDecoder {
    /// The objects of an array that decoded, with the errors of the elements that did not.
    public struct PartialResult {
        /// The objects of the elements without errors, in array order.
        public var objects: [ModelObject]
        /// Every error of the elements left out, in document order, each with its path.
        public var errors: [MappingError]
        /// The positions in the array of the elements left out.
        public var leftOut: [Int]
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
    public func decodePartially(of entity: EntityDescription, from data: Data, at keyPath: String? = nil) throws
        -> PartialResult
    {
        try decodeBatch(of: entity, from: data, at: keyPath, recordsPresentSlots: false).result
    }

    /// What ``decodePartially(of:from:at:)`` gives, with the slots the JSON gave each object
    /// when `recordsPresentSlots` (for merging into an ``ObjectGraph``).
    func decodeBatch(of entity: EntityDescription, from data: Data, at keyPath: String?, recordsPresentSlots: Bool)
        throws
        -> (result: PartialResult, presentSlots: [ObjectIdentifier: [Bool]])
    {
        let components = try keyPath.map { try JSONKeyPath(parsing: $0).components } ?? []
        var options = self.options
        options.collectsAllErrors = true
        let run = DecodingRun(model: model, options: options, byteCount: data.count)
        run.recordsPresentSlots = recordsPresentSlots
        let read = data.withUnsafeBytes { raw -> Result<(objects: [ModelObject], leftOut: [Int]), MappingError> in
            var reader = ObjectDecoder(bytes: raw, run: run)
            return Result { () throws(MappingError) in
                let path = try reader.enter(components, keyPath: keyPath ?? "")
                let read = try reader.readArrayLeavingOutErrors(entity: entity.index, path: path)
                try reader.leave(components.count)
                try reader.scanner.finish()
                return read
            }
        }
        let (objects, leftOut) = try read.get()
        return (PartialResult(objects: objects, errors: run.errors, leftOut: leftOut), run.presentSlots)
    }
}
