import Foundation

extension ModelObject {
    /// An object's yes-or-no facts, packed into one byte (``ModelObject`` keeps its size to
    /// 88 bytes: see `ObjectSizeTests`).
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let isReadAsReference = Flags(rawValue: 1 << 0)
        static let hasReleasedLinks = Flags(rawValue: 1 << 1)
        static let hasDeferredUnlinks = Flags(rawValue: 1 << 2)
        static let isGraphPlaceholder = Flags(rawValue: 1 << 3)
        static let isRepeatedByIdentity = Flags(rawValue: 1 << 4)
        static let isRepeatedAsScalar = Flags(rawValue: 1 << 5)
        static let isReadAsScalar = Flags(rawValue: 1 << 6)
    }

    /// Whether the object was read from references alone (a foreign key, `"band": "Japan"`, or
    /// a nested object of its identity alone that lacks a required value, `{"id": 7}`) and never
    /// from a record of its own: the encoder writes it back as its identity where it is
    /// linked, in the form it was read (``isReadAsScalar``).
    var isReadAsReference: Bool {
        get { flags.contains(.isReadAsReference) }
        set { setFlag(.isReadAsReference, newValue) }
    }

    /// Whether the object's strong links were already let go of, by the object that held it
    /// as it was freed (see `releaseRelationships`): its `deinit` has none left to look for.
    var hasReleasedLinks: Bool {
        get { flags.contains(.hasReleasedLinks) }
        set { setFlag(.hasReleasedLinks, newValue) }
    }

    /// Whether a batch of relationship changes (`DeferredUnlinks`) put off removing links
    /// from one of this object's lists, so that the batch looks up only such objects' lists.
    var hasDeferredUnlinks: Bool {
        get { flags.contains(.hasDeferredUnlinks) }
        set { setFlag(.hasDeferredUnlinks, newValue) }
    }

    /// Whether an ``ObjectGraph`` made the object for a reference to one it did not have, and
    /// no merge has filled it in since (see ``isPlaceholder``).
    var isGraphPlaceholder: Bool {
        get { flags.contains(.isGraphPlaceholder) }
        set { setFlag(.isGraphPlaceholder, newValue) }
    }

    /// Whether the document the object was decoded from gave it again, after its first place,
    /// by its identity alone (`{"id": 19}` or `19`): the encoder writes its repeats so too
    /// (``ModelEncoder/Options/SharedObjects/inFull``).
    var isRepeatedByIdentity: Bool {
        get { flags.contains(.isRepeatedByIdentity) }
        set { setFlag(.isRepeatedByIdentity, newValue) }
    }

    /// Whether that repeat was a scalar (`19`, a foreign key) rather than an object of the
    /// identity alone: the encoder writes it so.
    var isRepeatedAsScalar: Bool {
        get { flags.contains(.isRepeatedAsScalar) }
        set { setFlag(.isRepeatedAsScalar, newValue) }
    }

    /// Whether the reference the object was first read from was a scalar rather than an object
    /// of its identity alone (see ``isReadAsReference``).
    var isReadAsScalar: Bool {
        get { flags.contains(.isReadAsScalar) }
        set { setFlag(.isReadAsScalar, newValue) }
    }

    private func setFlag(_ flag: Flags, _ isOn: Bool) {
        if isOn { flags.insert(flag) } else { flags.remove(flag) }
    }
}
