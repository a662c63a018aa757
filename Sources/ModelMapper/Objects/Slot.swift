/// What a `ModelObject` holds for one property.
///
/// Absent, null and a value are kept apart so that decoding then encoding gives back the
/// shape of the input: a key that was missing stays missing, a `null` stays `null`.
enum Slot {
    /// Not set: the key was missing from the JSON (reads give the model default, if any).
    case absent
    /// Explicitly `null`.
    case null
    /// An attribute value, of the attribute's Swift type.
    case value(Any)
    /// A to-one relationship's object.
    case object(Link)
    /// A to-many relationship's objects, in order.
    case objects([Link])
}

/// A link to a related object: strong when it was set directly (decoded from nesting,
/// assigned, added), weak when the framework set it as the inverse of such a link, so a
/// decoded tree is freed with its root and no cycle leaks.
struct Link {
    private var strongObject: ModelObject?
    private weak var weakObject: ModelObject?

    init(_ object: ModelObject, strong: Bool) {
        if strong { strongObject = object } else { weakObject = object }
    }

    /// The object, or nil when a weak link's object has been freed.
    var object: ModelObject? { strongObject ?? weakObject }

    var isStrong: Bool { strongObject != nil }
}
