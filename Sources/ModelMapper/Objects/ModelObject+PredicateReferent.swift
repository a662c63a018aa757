extension ModelObject: PredicateReferent {
    /// How a predicate's description shows the object: `<Author object>`.
    package var predicateDescription: String { "<\(entity.name) object>" }
}

extension PredicateSyntax.ObjectReference {
    /// The object.
    public var object: ModelObject {
        // Only `init(_:)` and the format arguments make references, and `ModelObject` is the
        // only referent there is.
        unsafeDowncast(referent, to: ModelObject.self)
    }

    /// A reference to `object`, which the predicate keeps alive.
    public convenience init(_ object: ModelObject) {
        self.init(referent: object)
    }
}
