import Foundation

extension ModelPredicate {
    /// How predicates are evaluated.
    public struct EvaluationOptions: Sendable {
        /// How long one `MATCHES` comparison may run before it is an error
        /// (``PredicateEvaluationError/Kind/matchTimeLimitExceeded(_:)``): a regular expression
        /// such as `(a+)+b` takes time exponential in the text it reads.
        public var matchTimeLimit: Duration
        /// What `now()` reads; nil for the clock's time (set it to make results repeatable).
        public var now: Date?
        /// How many steps (a predicate, an expression, a collection element) evaluating the
        /// predicate for one object may take before it is an error: nested `SUBQUERY`s over
        /// collections take time that multiplies with each level.
        public var stepLimit: Int

        /// Bounds for evaluating predicates; the defaults suit data from anywhere.
        public init(matchTimeLimit: Duration = .seconds(1), now: Date? = nil, stepLimit: Int = 10_000_000) {
            self.matchTimeLimit = matchTimeLimit
            self.now = now
            self.stepLimit = stepLimit
        }
    }

    /// Whether `object` satisfies the predicate.
    ///
    /// For example:
    ///
    /// ```swift
    /// let predicate = try ModelPredicate(format: "ANY books.year < $year AND lastName BEGINSWITH[cd] 'tw'")
    /// try predicate.evaluate(with: author, substitutionVariables: ["year": 1900])   // true for Mark Twain
    /// ```
    ///
    /// - Parameters:
    ///   - object: the object the predicate's key paths start from.
    ///   - substitutionVariables: the values of the predicate's `$VARIABLES`, Swift values
    ///     (`String`, numbers, `Date`, `ModelObject`, arrays of them, …).
    ///   - options: the bounds of the evaluation (``EvaluationOptions``).
    /// - Returns: whether `object` matches the predicate.
    /// - Throws: ``PredicateEvaluationError``: a key the object's entity does not have, a
    ///   variable not given, values that do not compare (`name > 5`), a to-many key path
    ///   compared without `ANY`/`ALL`/`NONE`, a `MATCHES` pattern that is not one or runs too long.
    public func evaluate(
        with object: ModelObject,
        substitutionVariables: [String: Any] = [:],
        options: EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> Bool {
        var evaluator = PredicateEvaluator(predicate: syntax, variables: substitutionVariables, options: options)
        evaluator.startObject()
        return try evaluator.evaluate(syntax, on: .object(object))
    }

    /// The objects of `objects` that satisfy the predicate, in their order.
    ///
    /// - Throws: ``PredicateEvaluationError``, as ``evaluate(with:substitutionVariables:options:)``.
    public func filter(
        _ objects: some Sequence<ModelObject>,
        substitutionVariables: [String: Any] = [:],
        options: EvaluationOptions = .init()
    ) throws(PredicateEvaluationError) -> [ModelObject] {
        var evaluator = PredicateEvaluator(predicate: syntax, variables: substitutionVariables, options: options)
        var kept: [ModelObject] = []
        for object in objects {
            evaluator.startObject()
            if try evaluator.evaluate(syntax, on: .object(object)) { kept.append(object) }
        }
        return kept
    }

    /// The predicate with `$VARIABLES` replaced by constants; variables not given stay (and
    /// are an error when evaluated), as do those a `SUBQUERY` binds.
    ///
    /// For example:
    ///
    /// ```swift
    /// try ModelPredicate(format: "humanName == $humanName").substituting(["humanName": "Ada"])
    /// // humanName == "Ada"
    /// ```
    ///
    /// - Throws: ``PredicateEvaluationError`` `.invalidOperand` for a value a predicate cannot
    ///   hold (a value of a type other than those `%@` takes).
    public func substituting(_ variables: [String: Any]) throws(PredicateEvaluationError) -> ModelPredicate {
        var constants: [String: PredicateSyntax.Value] = [:]
        for (name, value) in variables {
            guard let constant = PredicateSyntax.Value(argument: value) else {
                throw PredicateEvaluationError(
                    .invalidOperand("the value of $\(name), of type \(type(of: value)), cannot stand in a predicate")
                )
            }
            constants[name] = constant
        }
        return ModelPredicate(syntax.substituting(constants, bound: []))
    }
}

extension PredicateSyntax {
    fileprivate func substituting(_ constants: [String: Value], bound: Set<String>) -> PredicateSyntax {
        switch self {
        case .alwaysTrue, .alwaysFalse: return self
        case .not(let inner): return .not(inner.substituting(constants, bound: bound))
        case .and(let predicates): return .and(predicates.map { $0.substituting(constants, bound: bound) })
        case .or(let predicates): return .or(predicates.map { $0.substituting(constants, bound: bound) })
        case .comparison(var comparison):
            comparison.left = comparison.left.substituting(constants, bound: bound)
            comparison.right = comparison.right.substituting(constants, bound: bound)
            return .comparison(comparison)
        }
    }
}

extension PredicateSyntax.Expression {
    fileprivate func substituting(_ constants: [String: PredicateSyntax.Value], bound: Set<String>)
        -> PredicateSyntax.Expression
    {
        switch self {
        case .evaluatedObject, .constant: return self
        case .variable(let name):
            guard !bound.contains(name), let constant = constants[name] else { return self }
            return .constant(constant)
        case .keyPath(let base, let components): return .keyPath(base.substituting(constants, bound: bound), components)
        case .aggregate(let elements): return .aggregate(elements.map { $0.substituting(constants, bound: bound) })
        case .index(let base, let index):
            let substituted: PredicateSyntax.Index
            if case .position(let position) = index {
                substituted = .position(position.substituting(constants, bound: bound))
            } else {
                substituted = index
            }
            return .index(base.substituting(constants, bound: bound), substituted)
        case .arithmetic(let left, let op, let right):
            return .arithmetic(
                left.substituting(constants, bound: bound),
                op,
                right.substituting(constants, bound: bound)
            )
        case .negated(let inner): return .negated(inner.substituting(constants, bound: bound))
        case .function(let name, let arguments):
            return .function(name, arguments.map { $0.substituting(constants, bound: bound) })
        case .subquery(let collection, let variable, let predicate):
            var inner = bound
            inner.insert(variable)
            return .subquery(
                collection.substituting(constants, bound: bound),
                variable: variable,
                predicate.substituting(constants, bound: inner)
            )
        }
    }
}
