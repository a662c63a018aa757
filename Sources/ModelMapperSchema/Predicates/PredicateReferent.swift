/// An object a predicate can hold as a format argument (`author == %@`), compared by identity.
/// `ModelObject` is the only one (the protocol is internal); it lets predicates, a lower layer, hold objects
/// without naming their class.
package protocol PredicateReferent: AnyObject {
    /// How a predicate's description shows the object: `<Author object>`.
    var predicateDescription: String { get }
}
