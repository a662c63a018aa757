/// A link to a related object, of one of three kinds:
///
/// - **strong**: set directly (decoded from nesting, assigned, added); it keeps the object
///   alive. Strong links never form a cycle: a link that would close one is made weak instead
///   (see ``ModelObject/linkKind(to:atSlot:searchBudget:)``).
/// - **back-reference**: the inverse of a strong link, set by the framework, so that a decoded
///   tree is freed with its root. It holds no count at all (no weak reference, whose side
///   table would cost an allocation per object). It stays valid because every back-reference
///   has a strong link the other way, and an object clears the back-references to itself, in
///   the objects it holds strongly, when it is freed (``ModelObject``'s `deinit`): a
///   back-reference never outlives its object. In a to-many, back-references take only the
///   first places (``ModelObject/backReferencePlaces``), so that this search is short.
/// - **weak**: a link that would have closed a cycle of strong links, and its inverse; and the
///   inverse of a strong link past the first places of a to-many. It does not keep the object
///   alive, and reads as nothing once the object is freed.
///
/// Two fields tell the three apart, so that copying a link costs what copying a strong
/// reference does (an enum with the weak box as a payload would make every copy switch on it).
struct Link {
    /// The object of a strong link, or the box of a weak one.
    private var owned: AnyObject?
    /// The object of a back-reference, or, for a weak link, its box again (which tells a weak
    /// link from a strong one).
    private var unretained: Unmanaged<AnyObject>?

    enum Kind {
        case strong, backReference, weak
    }

    init(_ object: ModelObject, kind: Kind) {
        switch kind {
        case .strong:
            object.noteStrongOwner()
            owned = object
        case .backReference:
            unretained = .passUnretained(object)
        case .weak:
            let box = WeakObject(object)
            owned = box
            unretained = .passUnretained(box)
        }
    }

    var kind: Kind {
        if owned == nil { return .backReference }
        return unretained == nil ? .strong : .weak
    }

    /// The object; nil only for a weak link whose object was freed.
    var object: ModelObject? {
        if let owned {
            if unretained == nil { return unsafeDowncast(owned, to: ModelObject.self) }
            return unsafeDowncast(owned, to: WeakObject.self).object
        }
        return unretained.map { unsafeDowncast($0.takeUnretainedValue(), to: ModelObject.self) }
    }

    /// The object, without counting a reference: valid while the link is (and, for a weak
    /// link, while the object's owners keep it).
    var unmanagedObject: Unmanaged<ModelObject>? {
        if let owned {
            if unretained == nil { return .passUnretained(unsafeDowncast(owned, to: ModelObject.self)) }
            return unsafeDowncast(owned, to: WeakObject.self).object.map { .passUnretained($0) }
        }
        return unretained.map { .passUnretained(unsafeDowncast($0.takeUnretainedValue(), to: ModelObject.self)) }
    }

    var isStrong: Bool { owned != nil && unretained == nil }

    /// The object of a strong link, moved out: the link is left holding nothing.
    mutating func takeStrongObject() -> ModelObject? {
        guard isStrong, let object = owned.take() else { return nil }
        return unsafeDowncast(object, to: ModelObject.self)
    }

    /// Whether the link is a back-reference to the object at `address` (which may be being freed).
    func isBackReference(to address: UnsafeMutableRawPointer) -> Bool {
        owned == nil && unretained?.toOpaque() == address
    }

    /// Whether the link is to `object`, compared by address (safe while `object` is being
    /// freed, for strong links and back-references).
    ///
    /// A strong link's object is compared as bits, not as a reference: an object that weak
    /// links also name keeps its count in a side table, where a retain and a release around
    /// each comparison cost more than the comparison (a long list searched for one object).
    func refers(to object: ModelObject) -> Bool {
        let address = Unmanaged.passUnretained(object).toOpaque()
        if owned == nil { return unretained?.toOpaque() == address }
        if unretained == nil { return unsafeBitCast(owned, to: UnsafeMutableRawPointer?.self) == address }
        return self.object === object
    }
}
