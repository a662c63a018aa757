import Foundation

extension ModelObject {
    /// An object's yes-or-no facts, packed into one byte so that ``ModelObject`` keeps its size
    /// to 88 bytes with its run index (see `ObjectSizeTests`). Read with `flags.contains(_:)`,
    /// written with `flags.set(_:_:)`.
    struct Flags: OptionSet {
        let rawValue: UInt8

        /// Whether the object was read from references alone (a foreign key, `"band": "Japan"`, or
        /// a nested object of its identity alone that lacks a required value, `{"id": 7}`) and never
        /// from a record of its own: the encoder writes it back as its identity where it is
        /// linked, in the form it was read (``isReadAsScalar``).
        static let isReadAsReference = Flags(rawValue: 1 << 0)

        /// Whether the object's strong links were already let go of, by the object that held it
        /// as it was freed (see `releaseRelationships`): its `deinit` has none left to look for.
        static let hasReleasedLinks = Flags(rawValue: 1 << 1)

        /// Whether a batch of relationship changes (`DeferredUnlinks`) put off removing links
        /// from one of this object's lists, so that the batch looks up only such objects' lists.
        static let hasDeferredUnlinks = Flags(rawValue: 1 << 2)

        /// Whether an ``ObjectGraph`` made the object for a reference to one it did not have, and
        /// no merge has filled it in since (see ``ModelObject/isPlaceholder``).
        static let isGraphPlaceholder = Flags(rawValue: 1 << 3)

        /// Whether the document the object was decoded from gave it again, after its first place,
        /// by its identity alone (`{"id": 19}` or `19`): the encoder writes its repeats so too
        /// (``ModelEncoder/Options/SharedObjects/inFull``).
        static let isRepeatedByIdentity = Flags(rawValue: 1 << 4)

        /// Whether that repeat was a scalar (`19`, a foreign key) rather than an object of the
        /// identity alone: the encoder writes it so.
        static let isRepeatedAsScalar = Flags(rawValue: 1 << 5)

        /// Whether the reference the object was first read from was a scalar rather than an object
        /// of its identity alone (see ``isReadAsReference``).
        static let isReadAsScalar = Flags(rawValue: 1 << 6)

        /// Whether one of the object's to-many lists may hold a strong link; when clear, none
        /// does, and the searches for strong paths (``ModelObject/reachesStrongly(_:skippingLinksFrom:budget:)``,
        /// ``ModelObject/yieldOwnership(to:budget:)``) pass its lists by without reading them.
        /// Set wherever a list is written that may hold one, never cleared: an upper bound.
        ///
        /// An object repeated by identity across a document (an area in every seat category
        /// that names it) gathers a list of back-references from everything that holds it; read
        /// link by link, each search through it would cost that list's length, and a document
        /// that repeats it n times would take time quadratic in n.
        static let mayListStrongLinks = Flags(rawValue: 1 << 7)

        /// Sets `flag` when `isOn`, else clears it.
        mutating func set(_ flag: Flags, _ isOn: Bool) {
            if isOn { insert(flag) } else { remove(flag) }
        }
    }
}
