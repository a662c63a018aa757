import Foundation

/// The decoder's stack: a frame for each object being read, the levels of keys inside it, and
/// what a frame notes on the way (how it was reached, its array, how its JSON was written).
/// Plain values, so that pushing and popping frames counts no references.
extension ObjectDecoder {
    /// How an object's frame was reached, for error paths. Plain values, like everything in a
    /// frame, so that pushing and popping frames counts no references.
    enum Step {
        /// At the root path, or at element `index` of the array there: the index kept apart so
        /// that reading an array builds no path per element (paths are only for errors).
        case root(index: Int?)
        /// Through the relationship at `slot` of the frame below, at `index` for a to-many.
        case relationship(slot: Int, index: Int?)
    }

    /// One level of keys being read inside an object: the object itself, or an object that
    /// flattened key paths go through.
    struct Level {
        // Unmanaged: the run's mappings keep every level alive, and counting references here
        // would cost a retain and a release per member.
        /// The keys the frame's entity reads here.
        var own: Unmanaged<KeyLevel>?
        /// The keys that the entity below reads here (its flattened key paths under the
        /// relationship this object was reached through).
        var extras: Unmanaged<KeyLevel>?
        /// Where the key this level is under is: node `index` of `level` (nil for the object itself).
        var under: (level: Unmanaged<KeyLevel>, index: Int)?
        /// The own key matched last (-1: none yet) and the one expected next, from the run's
        /// ``KeyOrder`` (`order`: the own level's entries there).
        var previous = -1
        var guess = 0
        let order: UnsafeMutablePointer<Int32>?
        /// The own level's ``KeyLevel/entries`` and their count.
        let entries: UnsafeMutablePointer<KeyEntry>?
        let keyCount: Int
        var extrasGuess = 0
        var isFirst = true
        var memberCount = 0

        init(
            own: Unmanaged<KeyLevel>?,
            extras: Unmanaged<KeyLevel>?,
            under: (level: Unmanaged<KeyLevel>, index: Int)? = nil,
            orderEntries: UnsafeMutablePointer<Int32>
        ) {
            self.own = own
            self.extras = extras
            self.under = under
            order = own.map { orderEntries + $0._withUnsafeGuaranteedRef(\.orderOffset) }
            entries = own.map { $0._withUnsafeGuaranteedRef(\.entries) }
            keyCount = own.map { $0._withUnsafeGuaranteedRef(\.table.count) } ?? 0
            if let order { guess = Int(order[0]) }
        }

        /// Notes that own key `index` was read: the order is learned, the next key expected.
        @inline(__always)
        mutating func matched(_ index: Int) {
            guard let order else { return }
            if index != guess { order[previous + 1] = Int32(truncatingIfNeeded: index - (previous + 1)) }
            previous = index
            guess = index + 1 + Int(order[index + 1])
        }
    }

    /// What a frame notes of how its object was written, when the options keep the source
    /// (see ``DecodedSource``): kept beside the frames, so that decoding without it carries none.
    struct SourceState {
        /// The members of the current level, in the order read (unknown ones with their values).
        var members: [SourceMember] = []
        /// The levels around the current one: their members so far, and the node of the key
        /// the current level is under (in the owner's level or the entity's own).
        var outer: [(members: [SourceMember], node: Int, isOwner: Bool, key: String)] = []
        /// Values spelled differently from how the encoder writes them.
        var spellings: [Spelling] = []
        /// Related objects given only by their identity.
        var referenceEdges: Set<ReferenceEdge> = []
        /// The owner's keys read in this object (the level `extras` of its own level).
        let ownerLevel: KeyLevel?
        /// Where the object's `{` is.
        let start: Int
    }

    /// A to-many array being read: its objects are on the decoder's link stack from `start`.
    struct ArrayState {
        let slot: Int
        let start: Int
        var index = 0
        var needsElement = true
        /// Whether the to-many is an object keyed by identity (`jsonForm` `map`), and where the
        /// key of the element being read is (-1 before the first).
        var isMap = false
        var keyStart = -1
        /// How many elements were not JSON objects (scalars standing for objects, nulls): counted
        /// where such an element is read, off the path of objects, for a graph's merge to tell a
        /// list of identities (see ``ObjectDecoder/noteIdentityList(_:elementCount:frame:)``).
        var nonObjectElements = 0
    }

    /// An update of an object that existed before the run, applied once the document is read.
    struct PendingUpdate {
        let object: ModelObject
        /// The frame read for it, whose slots (and count on their arena) it holds.
        let frame: Frame
        let source: DecodedSource?
        /// Where its JSON was, for errors in applying it.
        let path: JSONPath
    }

    struct Frame {
        let entity: Int
        /// Unowned: the run's mappings keep every mapping alive.
        unowned(unsafe) let mapping: EntityMapping
        /// The object's slots (``SlotArena/Allocator/allocateAbsent(count:)``), filled in place
        /// and adopted by the object as they are when it is made, with the count on their arena
        /// that the frame holds (handed on to the object, or released with the slots).
        let slots: SlotPointer
        let slotCount: Int
        let arena: Unmanaged<SlotArena>
        /// The entity's slot readings (kept alive by `mapping`).
        let readings: UnsafeMutablePointer<SlotReading>
        var level: Level
        /// Where this frame's outer levels start in the decoder's `outerLevels`: those from
        /// here to the next frame's start (or the end, for the top frame) are this frame's.
        let outerStart: Int
        var array: ArrayState?
        let step: Step
        /// The relationship slot in the frame below that this object goes into.
        let parentSlot: Int
        /// Whether an object read into this one was one read before (same identity), so that
        /// a to-many may hold it twice and needs making unique.
        var hasRepeatedChild = false
        /// Whether the object was given by its identity alone, as a scalar (a foreign key):
        /// the attributes it must have are not asked of it.
        var isReference = false
        /// Whether the object was given by a nested JSON object of its identity alone that
        /// lacks a value the model requires (`"album": {"albumID": 5}`): it stands for the
        /// object as a scalar reference does, in every reader (a placeholder, not asked for
        /// the values, written back as its identity). An element of the document's own array
        /// is a record whatever keys it holds. See ``ObjectDecoder/isIdentityReference(_:)``.
        var isIdentityReference = false
        /// How many errors the run had collected when the frame began: a required attribute
        /// whose value had an error among those after is not reported missing as well.
        var firstError = 0
        /// Where the object's `{` is (-1 for a reference read from a scalar): an error about a
        /// missing value reads its keys again from there (``MissingKeyHint``).
        var start = -1
    }
}
