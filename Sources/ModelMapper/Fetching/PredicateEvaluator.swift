import Foundation

/// Evaluates predicates against objects: one run (a fetch, a filter) shares its variables and
/// its compiled `MATCHES` patterns.
///
/// Semantics follow Apple's *Predicate Programming Guide*: key paths read attributes (an unset
/// one reads as its model default), to-one relationships and, through to-many ones, the
/// collection of what each element leads to; values compare by the kind they have (numbers
/// exactly, see ``PredicateNumber``; dates as dates; strings with `[c]`/`[d]` folding); `nil`
/// equals only `nil` and orders with nothing (`x < nil` is false).
struct PredicateEvaluator {
    var variables: [String: PredicateOperand]
    let options: ModelPredicate.EvaluationOptions
    let regexes = StringMatching.RegexCache()
    /// What is being evaluated, for messages: a predicate (printed only when an error needs it),
    /// or else what `contextName` says (a sort's key paths).
    let predicate: PredicateSyntax?
    let contextName: String
    var context: String { predicate?.description ?? contextName }
    var depth = 0
    /// Steps taken for the current object (see ``ModelMapperSchema/ModelPredicate/EvaluationOptions/stepLimit``).
    var steps = 0
    /// How many derived attributes are being computed, one inside another.
    var derivations = 0
    /// Number literals already read (a few: those of the predicate being evaluated).
    var numberLiterals: [String: PredicateOperand] = [:]
    static let maximumDerivations = 16

    /// How deeply predicates and expressions built in code may nest (parsed ones stop at
    /// ``/ModelMapperSchema/ModelPredicate/maximumDepth``).
    static let maximumDepth = 4 * ModelPredicate.maximumDepth

    /// An evaluator of `predicate` with `variables`, within `options`' bounds.
    ///
    /// - Parameters:
    ///   - predicate: the predicate evaluated, which errors quote; nil when there is none.
    ///   - context: what errors name when there is no predicate (a sort key path).
    ///   - variables: the values of the predicate's `$VARIABLES`.
    ///   - options: the bounds of the evaluation.
    init(
        predicate: PredicateSyntax?,
        context: String = "",
        variables: [String: Any],
        options: ModelPredicate.EvaluationOptions
    ) {
        self.variables = variables.mapValues { PredicateOperand(value: $0) }
        self.options = options
        self.predicate = predicate
        self.contextName = context
    }

    func error(_ kind: PredicateEvaluationError.Kind) -> PredicateEvaluationError {
        PredicateEvaluationError(kind, predicate: context)
    }

    /// Starts the step count for the next object.
    mutating func startObject() {
        steps = 0
    }

    mutating func countStep() throws(PredicateEvaluationError) {
        steps += 1
        guard steps <= options.stepLimit else {
            throw error(
                .invalidOperand("evaluating the predicate for one object took more than \(options.stepLimit) steps")
            )
        }
    }

    mutating func descend() throws(PredicateEvaluationError) {
        try countStep()
        depth += 1
        guard depth <= Self.maximumDepth else {
            // Not described: printing a predicate this deep would take as deep a recursion.
            throw PredicateEvaluationError(
                .invalidOperand("the predicate nests deeper than \(Self.maximumDepth) levels")
            )
        }
    }

    // MARK: Predicates

    mutating func evaluate(_ predicate: PredicateSyntax, on object: PredicateOperand) throws(PredicateEvaluationError)
        -> Bool
    {
        try descend()
        defer { depth -= 1 }
        switch predicate {
        case .alwaysTrue: return true
        case .alwaysFalse: return false
        case .not(let inner): return try !evaluate(inner, on: object)
        case .and(let predicates):
            for predicate in predicates where try !evaluate(predicate, on: object) { return false }
            return true
        case .or(let predicates):
            for predicate in predicates where try evaluate(predicate, on: object) { return true }
            return false
        case .comparison(let comparison): return try evaluate(comparison, on: object)
        }
    }

    mutating func evaluate(_ comparison: PredicateSyntax.Comparison, on object: PredicateOperand)
        throws(PredicateEvaluationError) -> Bool
    {
        let left = try value(of: comparison.left, on: object)
        let right = try value(of: comparison.right, on: object)
        switch comparison.quantifier {
        case .direct:
            return try compare(left, comparison, right)
        case .any:
            for element in Self.elements(of: left) where try compare(element, comparison, right) { return true }
            return false
        case .all:
            for element in Self.elements(of: left) where try !compare(element, comparison, right) { return false }
            return true
        case .none:
            for element in Self.elements(of: left) where try compare(element, comparison, right) { return false }
            return true
        }
    }

    /// The elements a quantifier ranges over: a collection's, or a single value alone.
    static func elements(of operand: PredicateOperand) -> [PredicateOperand] {
        switch operand {
        case .collection(let elements): elements
        case .null: []
        default: [operand]
        }
    }

    /// One comparison of two values (after any quantifier has picked the left one).
    func compare(
        _ left: PredicateOperand,
        _ comparison: PredicateSyntax.Comparison,
        _ right: PredicateOperand
    ) throws(PredicateEvaluationError) -> Bool {
        let options = comparison.options
        switch comparison.operator {
        case .in, .contains:
            return try contains(left, comparison, right)
        case .between:
            return try between(left, comparison, right)
        case .beginsWith, .endsWith, .like, .matches:
            if case .null = left { return false }
            if case .null = right { return false }
            if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
            guard case .string(let text) = left, case .string(let pattern) = right else {
                throw incomparable(left, comparison, right)
            }
            return try match(text, comparison, pattern)
        case .equal, .notEqual:
            switch (left, right) {
            case (.collection, .collection), (.collection, .null), (.null, .collection): break
            case (.collection, _): throw error(.toManyNeedsQuantifier(comparison.left.description))
            default: break
            }
            let equal = Self.equal(left, right, options)
            return comparison.operator == .equal ? equal : !equal
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
            if case .null = left { return false }
            if case .null = right { return false }
            let result = try order(left, right, options, comparison)
            switch comparison.operator {
            case .less: return result == .orderedAscending
            case .lessOrEqual: return result != .orderedDescending
            case .greater: return result == .orderedDescending
            default: return result != .orderedAscending
            }
        }
    }

    /// The error for two values `comparison` cannot compare.
    func incomparable(
        _ left: PredicateOperand,
        _ comparison: PredicateSyntax.Comparison,
        _ right: PredicateOperand
    ) -> PredicateEvaluationError {
        error(
            .incomparable(
                left: left.kindDescription,
                operator: comparison.operator.rawValue,
                right: right.kindDescription
            )
        )
    }

    /// `IN` and `CONTAINS`: membership of a collection, or a substring of a string (the
    /// container on the right for `IN`, on the left for `CONTAINS`).
    func contains(
        _ left: PredicateOperand,
        _ comparison: PredicateSyntax.Comparison,
        _ right: PredicateOperand
    ) throws(PredicateEvaluationError) -> Bool {
        let options = comparison.options
        let isIn = comparison.operator == .in
        let (container, element) = isIn ? (right, left) : (left, right)
        switch container {
        case .null: return false
        case .collection(let values):
            if isIn, case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
            return isIn
                ? values.contains { Self.equal(left, $0, options) } : values.contains { Self.equal($0, right, options) }
        case .string(let text):
            if case .null = element { return false }
            guard case .string(let part) = element else { throw incomparable(left, comparison, right) }
            return !part.isEmpty && StringMatching.fold(text, options).contains(StringMatching.fold(part, options))
        default: throw incomparable(left, comparison, right)
        }
    }

    /// `BETWEEN {low, high}`, both bounds included.
    func between(
        _ left: PredicateOperand,
        _ comparison: PredicateSyntax.Comparison,
        _ right: PredicateOperand
    ) throws(PredicateEvaluationError) -> Bool {
        guard case .collection(let bounds) = right, bounds.count == 2 else {
            throw error(.invalidOperand("BETWEEN needs a list of two bounds, {low, high}"))
        }
        if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
        if case .null = left { return false }
        if case .null = bounds[0] { return false }
        if case .null = bounds[1] { return false }
        let low = try order(left, bounds[0], comparison.options, comparison)
        let high = try order(left, bounds[1], comparison.options, comparison)
        return low != .orderedAscending && high != .orderedDescending
    }

    /// `BEGINSWITH`, `ENDSWITH`, `LIKE` and `MATCHES` of two strings.
    func match(
        _ text: String,
        _ comparison: PredicateSyntax.Comparison,
        _ pattern: String
    ) throws(PredicateEvaluationError) -> Bool {
        let options = comparison.options
        switch comparison.operator {
        case .beginsWith:
            // As NSString: no string begins with, ends with or contains the empty one.
            return !pattern.isEmpty
                && StringMatching.fold(text, options).hasPrefix(StringMatching.fold(pattern, options))
        case .endsWith:
            return !pattern.isEmpty
                && StringMatching.fold(text, options).hasSuffix(StringMatching.fold(pattern, options))
        case .like:
            return StringMatching.like(
                StringMatching.fold(text, options),
                pattern: StringMatching.fold(pattern, options)
            )
        default:
            // `[c]` is the expression's case-insensitivity (folding would change escapes such
            // as `\D`); `[d]` folds diacritics of both, which leaves the syntax alone.
            let diacritics: PredicateSyntax.Comparison.Options = options.intersection(.diacriticInsensitive)
            let foldedPattern = StringMatching.fold(pattern, diacritics)
            do {
                let regex = try regexes.regex(for: foldedPattern, caseInsensitive: options.contains(.caseInsensitive))
                return try StringMatching.matches(
                    StringMatching.fold(text, diacritics),
                    regex,
                    pattern: pattern,
                    timeLimit: self.options.matchTimeLimit
                )
            } catch let failure {
                throw PredicateEvaluationError(failure.kind, predicate: context)
            }
        }
    }

    /// Whether two values are equal: values of different kinds are not (numbers and Booleans
    /// compare as numbers; a UUID or URL equals its string).
    static func equal(
        _ left: PredicateOperand,
        _ right: PredicateOperand,
        _ options: PredicateSyntax.Comparison.Options
    )
        -> Bool
    {
        switch (left, right) {
        case (.null, .null): return true
        case (.null, .collection(let values)), (.collection(let values), .null): return values.isEmpty
        case (.null, _), (_, .null): return false
        case (.number(let a), .number(let b)): return PredicateNumber.compare(a, b) == .orderedSame
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.boolean(let a), .number(let b)), (.number(let b), .boolean(let a)):
            return PredicateNumber.compare(.integer(a ? 1 : 0), b) == .orderedSame
        case (.string(let a), .string(let b)): return StringMatching.fold(a, options) == StringMatching.fold(b, options)
        case (.date(let a), .date(let b)): return a == b
        case (.uuid(let a), .uuid(let b)): return a == b
        case (.uuid(let a), .string(let b)), (.string(let b), .uuid(let a)): return UUID(uuidString: b) == a
        case (.url(let a), .url(let b)): return a == b
        case (.url(let a), .string(let b)), (.string(let b), .url(let a)): return a.absoluteString == b
        case (.data(let a), .data(let b)): return a == b
        case (.object(let a), .object(let b)): return a === b
        case (.collection(let a), .collection(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, options) }
        case (.other(let a), .other(let b)): return a == b
        default: return false
        }
    }

    /// The order of two values of kinds that have one (numbers and Booleans, strings, dates).
    func order(
        _ left: PredicateOperand,
        _ right: PredicateOperand,
        _ options: PredicateSyntax.Comparison.Options,
        _ comparison: PredicateSyntax.Comparison?
    ) throws(PredicateEvaluationError) -> ComparisonResult {
        if let result = Self.order(left, right, options) { return result }
        throw error(
            .incomparable(
                left: left.kindDescription,
                operator: comparison?.operator.rawValue ?? "<",
                right: right.kindDescription
            )
        )
    }

    /// The order of two values; nil when their kinds have none between them.
    static func order(
        _ left: PredicateOperand,
        _ right: PredicateOperand,
        _ options: PredicateSyntax.Comparison.Options
    )
        -> ComparisonResult?
    {
        switch (left, right) {
        case (.number(let a), .number(let b)): return PredicateNumber.compare(a, b)
        case (.boolean(let a), .number(let b)): return PredicateNumber.compare(.integer(a ? 1 : 0), b)
        case (.number(let a), .boolean(let b)): return PredicateNumber.compare(a, .integer(b ? 1 : 0))
        case (.boolean(let a), .boolean(let b)):
            return a == b ? .orderedSame : a ? .orderedDescending : .orderedAscending
        case (.string(let a), .string(let b)):
            let a = StringMatching.fold(a, options)
            let b = StringMatching.fold(b, options)
            return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        case (.date(let a), .date(let b)): return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        default: return nil
        }
    }
}
