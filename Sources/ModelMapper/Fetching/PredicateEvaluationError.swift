import Foundation

/// A predicate that parsed but cannot be evaluated against an object: a key its entity does not
/// have, a variable not given, values that do not compare, a pattern that cannot be run.
///
/// For example, `ModelPredicate(format: "titel == 'Emma'")` evaluated with a Book throws
/// `entity Book has no property 'titel', in titel == "Emma"`.
public struct PredicateEvaluationError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// A key path names a property the entity does not have.
        case unknownKey(String, entity: String)
        /// A `$VARIABLE` that was not substituted.
        case missingVariable(String)
        /// Two values that the operator cannot compare (`name > 5`).
        case incomparable(left: String, operator: String, right: String)
        /// A key path through a to-many relationship compared without `ANY`, `ALL` or `NONE`.
        case toManyNeedsQuantifier(String)
        /// A function ModelMapper does not evaluate, or one given the wrong arguments.
        case unsupportedFunction(String, detail: String)
        /// A value of the wrong kind for where it is used (arithmetic on a string, an index
        /// that is not a number, a collection operator on a single value, …).
        case invalidOperand(String)
        /// A `MATCHES` pattern that is not a regular expression, or one too long.
        case invalidPattern(String, detail: String)
        /// A `MATCHES` comparison that ran past its time limit
        /// (``ModelMapperSchema/ModelPredicate/EvaluationOptions/matchTimeLimit``).
        case matchTimeLimitExceeded(String)
        /// A fetch request for an entity the model does not have.
        case unknownEntity(String)
        /// A fetch request template name the model does not have.
        case unknownTemplate(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The comparison, or the whole predicate, being evaluated (as its format).
    public var predicate: String

    /// An error of `kind`, met evaluating `predicate` (a format).
    public init(_ kind: Kind, predicate: String = "") {
        self.kind = kind
        self.predicate = predicate
    }

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `PredicateEvaluationError` as text, as `print` and string interpolation show it.
    public var description: String {
        let message: String
        switch kind {
        case .unknownKey(let key, let entity): message = "entity \(entity) has no property '\(key)'"
        case .missingVariable(let name): message = "no value for the variable $\(name)"
        case .incomparable(let left, let op, let right): message = "cannot compare \(left) \(op) \(right)"
        case .toManyNeedsQuantifier(let keyPath):
            message = "'\(keyPath)' leads through a to-many relationship: compare it with ANY, ALL or NONE"
        case .unsupportedFunction(let name, let detail): message = "function \(name): \(detail)"
        case .invalidOperand(let detail): message = detail
        case .invalidPattern(let pattern, let detail): message = "MATCHES pattern \"\(pattern)\": \(detail)"
        case .matchTimeLimitExceeded(let pattern): message = "MATCHES \"\(pattern)\" ran past its time limit"
        case .unknownEntity(let name): message = "the model has no entity '\(name)'"
        case .unknownTemplate(let name): message = "the model has no fetch request template '\(name)'"
        }
        return predicate.isEmpty ? message : "\(message), in \(predicate)"
    }
}
