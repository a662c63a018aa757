import Foundation
@_spi(Engine) import ModelMapperSchema

/// Reading one large top-level array across threads (``ModelDecoder/Options/maximumThreads``),
/// with the one-thread result exactly.
///
/// The rule that gives the result stays in one place, the reading of one thread: the array is
/// cut into pieces at element boundaries (``JSONArraySplit``), the pieces after the first are
/// read apart on other threads (``ArrayPieceReads``) while this reader reads the first, and
/// each time this reader reaches the start of a piece it asks whether reading on would give
/// what the piece read apart gave. It would when the piece read exactly its elements without
/// an error, found no identity that this run already has (a repeated object would have
/// updated the earlier one), and used no more of the allowance for cycle searches than this
/// run has left: a piece depends on what came before it through nothing else. Then its
/// objects and identities are taken and reading jumps past it; otherwise this reader reads
/// the piece itself, as one thread would have, errors and all.
extension ObjectDecoder {
    /// The least bytes a piece is given: below about this, the threads' start and the merge
    /// cost more than they save (see `Benchmarks/README.md`, "One large document across
    /// cores"). An array is read across threads from twice this. The fuzzing build (`Fuzz/`,
    /// `-D FUZZING`) cuts pieces of 64 bytes, so that its inputs of a few kilobytes are read
    /// across threads and compared with the one-thread read.
    #if FUZZING
    static let minimumPieceBytes = 64
    #else
    static let minimumPieceBytes = 512 << 10
    #endif

    /// Reads the top-level array of `entity` at the reading position, across threads when it
    /// is large and the options allow, else as ``readArray(entity:path:strictlyArray:isToMany:)``.
    mutating func readArrayAcrossThreads(entity: Int, path: JSONPath) throws(MappingError) -> [ModelObject] {
        guard let pieces = pieces(entity: entity, path: path) else {
            return try readArray(entity: entity, path: path, strictlyArray: true)
        }
        pieces.start()
        return try readArray(entity: entity, path: path, pieces: pieces)
    }

    /// Reads the array at the reading position, its `[` there, taking in the pieces of
    /// `pieces` that were read apart when reading on would give the same.
    mutating func readArray(entity: Int, path: JSONPath, pieces: ArrayPieceReads) throws(MappingError)
        -> [ModelObject]
    {
        defer { pieces.finish() }
        scanner.index += 1
        var objects: [ModelObject] = []
        var index = 0
        var cursor = PieceCursor(pieces: pieces)
        while true {
            if let outcome = takePiece(&cursor, index: index) {
                objects.append(contentsOf: outcome.objects)
                index = outcome.nextIndex
                if outcome.endsArray { break }
                continue
            }
            let (object, hasMore) = try readTopLevelElement(entity: entity, path: path, index: index)
            if let object { objects.append(object) }
            index += 1
            guard hasMore else { break }
        }
        return objects
    }

    /// Where a reader walking an array is among the pieces read apart: the next piece, and
    /// where it starts once asked (one lock per piece, not per element).
    struct PieceCursor {
        let pieces: ArrayPieceReads
        var next = 1
        var nextStart = -1
    }

    /// The piece that starts at the reading position (element `index`), taken into this run
    /// and the reading moved past it, when reading on would give what it gave; nil when no
    /// piece starts here or it would not (the caller then reads on). The one place the reading
    /// of an array (``readArray(entity:path:pieces:)``, ``readArrayLeavingOutErrors(entity:path:pieces:)``)
    /// meets the pieces.
    mutating func takePiece(_ cursor: inout PieceCursor, index: Int) -> ArrayPieceReads.Outcome? {
        let lowests = cursor.pieces.lowests
        guard cursor.next < lowests.count else { return nil }
        if cursor.nextStart < 0, scanner.index >= lowests[cursor.next] {
            cursor.nextStart = cursor.pieces.boundary(cursor.next) ?? .max
        }
        if scanner.index == cursor.nextStart {
            let piece = cursor.next
            cursor.next += 1
            cursor.nextStart = -1
            guard let outcome = cursor.pieces.take(piece, index: index) else { return nil }
            guard takeIn(outcome) else {
                // A piece that met an identity read before: the later ones will too, most
                // likely (the array repeats its objects), and are left to this thread.
                cursor.pieces.stop()
                return nil
            }
            scanner.index = outcome.end
            return outcome
        }
        if cursor.nextStart >= 0, scanner.index > cursor.nextStart {
            // The scan cut where no element starts: a malformed array, read here.
            cursor.pieces.stop()
            cursor.next = lowests.count
        }
        return nil
    }

    /// Reads element `index` of a top-level array of `entity` at `path` and the separator
    /// after it: the object (nil when an error was recorded instead of thrown), and whether
    /// another element follows. What the calling thread and a piece read apart both read by.
    mutating func readTopLevelElement(entity: Int, path: JSONPath, index: Int) throws(MappingError)
        -> (object: ModelObject?, hasMore: Bool)
    {
        guard index < scanner.maximumElementCount else { throw scanner.tooManyElements() }
        let object = try readElement(entity: entity, path: path, index: index)
        return (object, try readElementSeparator(path: path, index: index + 1))
    }

    /// The pieces of the array at the reading position, to be read apart; nil when it is
    /// to be read on this thread alone: one thread allowed, an update, a nested reader, a
    /// small or malformed array, or elements whose nested objects are likely to repeat
    /// (``nestedObjectsLikelyRepeat(from:)``). A run that notes what each object was given or
    /// collects warnings (a graph's merge, a partial read) has its pieces note them too.
    mutating func pieces(entity: Int, path: JSONPath) -> ArrayPieceReads? {
        guard !updates.isUpdating, origin.preprocessingDepth == 0,
            scanner.count - scanner.index >= 2 * Self.minimumPieceBytes
        else { return nil }
        // As many pieces as asked for; the pool's threads stay as many as the cores.
        let threads = run.options.maximumThreads
        guard threads > 1 else { return nil }
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "[") else { return nil }
        let pieces = min(threads, (scanner.count - scanner.index) / Self.minimumPieceBytes)
        // Last, as the one check that walks the model: only an array that would be cut asks.
        guard pieces > 1, !(settings.uniquesObjectsByIdentity && nestedObjectsLikelyRepeat(from: entity)) else {
            return nil
        }
        return ArrayPieceReads(
            bytes: UnsafeRawBufferPointer(start: scanner.base, count: scanner.count),
            opening: scanner.index,
            pieces: pieces,
            entity: entity,
            path: path,
            run: run
        )
    }

    /// Whether the objects nested in elements of `entity` are likely to be the same objects from
    /// one element to another: reached through a relationship into an entity with an identity
    /// whose inverse is a to-many (the one customer of many orders, many-to-many tags), or
    /// through a to-one with no inverse. A later piece holding an identity of an earlier one is
    /// read again by the calling thread (the one-thread rule of one object per identity), so
    /// for such arrays the pieces would cost their reading twice (issue 50: twitter's repeated
    /// users, 0.67x). A guess from the model that decides only whether to split: the result is
    /// the one-thread result either way. The way back to the parent is not counted (a book's
    /// author, nested in the author), nor are subentities' own relationships.
    func nestedObjectsLikelyRepeat(from entity: Int) -> Bool {
        let mappings = run.mappings
        var seen: Set<Int> = [entity]
        var pending = [(entity: entity, wayBack: -1)]
        while let (current, wayBack) = pending.popLast() {
            for relationship in mappings[current].relationshipList where relationship.slot != wayBack {
                let destination = mappings[relationship.destination]
                if !destination.identitySlots.isEmpty {
                    let inverseIsToMany =
                        relationship.inverse >= 0 && destination.layout.properties[relationship.inverse].isToMany
                    if inverseIsToMany || (relationship.inverse < 0 && !relationship.isToMany) { return true }
                }
                if seen.insert(relationship.destination).inserted {
                    pending.append((relationship.destination, relationship.inverse))
                }
            }
        }
        return false
    }

    /// Takes a piece read apart into this run, when reading on would have given the same.
    private func takeIn(_ outcome: ArrayPieceReads.Outcome) -> Bool {
        guard outcome.allowanceUsed < run.cycleSearchAllowance else { return false }
        // The last piece's identities are only compared: nothing is looked up after it.
        guard run.identities.absorb(outcome.run.identities, inserting: !outcome.endsArray) else { return false }
        run.cycleSearchAllowance -= outcome.allowanceUsed
        run.takeNotes(of: outcome.run)
        run.piecesReadApart += 1
        return true
    }
}
