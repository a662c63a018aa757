/// How a derived attribute's value is computed from an object.
///
/// The predicate evaluator computes derivations, and it sits in a later layer than objects
/// (`Fetching/`): it makes `PredicateSyntax.Expression` a derivation, and the compiled plan of
/// each derived attribute stores its expression as one, so that `ModelObject` reaches the
/// evaluator through the plan, never by naming it.
protocol Derivation: Sendable {
    /// The value of the derived attribute on `object`, of the attribute's `type`; nil when it
    /// cannot be computed.
    func derivedValue(on object: ModelObject, type: AttributeType) -> Any?
}
