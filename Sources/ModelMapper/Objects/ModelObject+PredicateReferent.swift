extension ModelObject: PredicateReferent {
    /// How a predicate's description shows the object: `<Author object>`.
    package var predicateDescription: String { "<\(entity.name) object>" }
}

extension PredicateSyntax.ObjectReference {
    /// The object.
    package var object: ModelObject {
        // Only the format arguments make references, and `ModelObject` is the only referent
        // there is.
        unsafeDowncast(referent, to: ModelObject.self)
    }
}
