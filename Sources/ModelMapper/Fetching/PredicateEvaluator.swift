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
    let predicate: ModelPredicate?
    let contextName: String
    private var context: String { predicate?.description ?? contextName }
    private var depth = 0
    /// Steps taken for the current object (see ``ModelPredicate/EvaluationOptions/stepLimit``).
    private var steps = 0
    /// How many derived attributes are being computed, one inside another.
    private var derivations = 0
    /// Number literals already read (a few: those of the predicate being evaluated).
    private var numberLiterals: [String: PredicateOperand] = [:]
    static let maximumDerivations = 16

    /// How deeply predicates and expressions built in code may nest (parsed ones stop at
    /// ``ModelPredicate/maximumDepth``).
    static let maximumDepth = 4 * ModelPredicate.maximumDepth

    /// An evaluator of `predicate` with `variables`, within `options`' bounds.
    ///
    /// - Parameters:
    ///   - predicate: the predicate evaluated, which errors quote; nil when there is none.
    ///   - context: what errors name when there is no predicate (a sort key path).
    ///   - variables: the values of the predicate's `$VARIABLES`.
    ///   - options: the bounds of the evaluation.
    init(
        predicate: ModelPredicate?,
        context: String = "",
        variables: [String: Any],
        options: ModelPredicate.EvaluationOptions
    ) {
        self.variables = variables.mapValues { PredicateOperand(value: $0) }
        self.options = options
        self.predicate = predicate
        self.contextName = context
    }

    private func error(_ kind: PredicateEvaluationError.Kind) -> PredicateEvaluationError {
        PredicateEvaluationError(kind, predicate: context)
    }

    /// Starts the step count for the next object.
    mutating func startObject() {
        steps = 0
    }

    private mutating func countStep() throws(PredicateEvaluationError) {
        steps += 1
        guard steps <= options.stepLimit else {
            throw error(
                .invalidOperand("evaluating the predicate for one object took more than \(options.stepLimit) steps")
            )
        }
    }

    private mutating func descend() throws(PredicateEvaluationError) {
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

    mutating func evaluate(_ predicate: ModelPredicate, on object: PredicateOperand) throws(PredicateEvaluationError)
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

    private mutating func evaluate(_ comparison: ModelPredicate.Comparison, on object: PredicateOperand)
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
    private static func elements(of operand: PredicateOperand) -> [PredicateOperand] {
        switch operand {
        case .collection(let elements): elements
        case .null: []
        default: [operand]
        }
    }

    /// One comparison of two values (after any quantifier has picked the left one).
    private func compare(
        _ left: PredicateOperand,
        _ comparison: ModelPredicate.Comparison,
        _ right: PredicateOperand
    ) throws(PredicateEvaluationError) -> Bool {
        let options = comparison.options
        func incomparable() -> PredicateEvaluationError {
            error(
                .incomparable(
                    left: left.kindDescription,
                    operator: comparison.operator.rawValue,
                    right: right.kindDescription
                )
            )
        }
        switch comparison.operator {
        case .in:
            switch right {
            case .null: return false
            case .collection(let values):
                if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
                return values.contains { Self.equal(left, $0, options) }
            case .string(let text):
                if case .null = left { return false }
                guard case .string(let part) = left else { throw incomparable() }
                return !part.isEmpty && StringMatching.fold(text, options).contains(StringMatching.fold(part, options))
            default: throw incomparable()
            }
        case .contains:
            switch left {
            case .null: return false
            case .collection(let values): return values.contains { Self.equal($0, right, options) }
            case .string(let text):
                if case .null = right { return false }
                guard case .string(let part) = right else { throw incomparable() }
                return !part.isEmpty && StringMatching.fold(text, options).contains(StringMatching.fold(part, options))
            default: throw incomparable()
            }
        case .between:
            guard case .collection(let bounds) = right, bounds.count == 2 else {
                throw error(.invalidOperand("BETWEEN needs a list of two bounds, {low, high}"))
            }
            if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
            if case .null = left { return false }
            if case .null = bounds[0] { return false }
            if case .null = bounds[1] { return false }
            let low = try order(left, bounds[0], options, comparison)
            let high = try order(left, bounds[1], options, comparison)
            return low != .orderedAscending && high != .orderedDescending
        case .beginsWith, .endsWith, .like, .matches:
            if case .null = left { return false }
            if case .null = right { return false }
            if case .collection = left { throw error(.toManyNeedsQuantifier(comparison.left.description)) }
            guard case .string(let text) = left, case .string(let pattern) = right else { throw incomparable() }
            // As NSString: no string begins with, ends with or contains the empty one.
            if pattern.isEmpty, comparison.operator == .beginsWith || comparison.operator == .endsWith { return false }
            switch comparison.operator {
            case .beginsWith: return StringMatching.fold(text, options).hasPrefix(StringMatching.fold(pattern, options))
            case .endsWith: return StringMatching.fold(text, options).hasSuffix(StringMatching.fold(pattern, options))
            case .like:
                return StringMatching.like(
                    StringMatching.fold(text, options),
                    pattern: StringMatching.fold(pattern, options)
                )
            default:
                // `[c]` is the expression's case-insensitivity (folding would change escapes such
                // as `\D`); `[d]` folds diacritics of both, which leaves the syntax alone.
                let diacritics: ModelPredicate.Comparison.Options = options.intersection(.diacriticInsensitive)
                let foldedPattern = StringMatching.fold(pattern, diacritics)
                do {
                    let regex = try regexes.regex(
                        for: foldedPattern,
                        caseInsensitive: options.contains(.caseInsensitive)
                    )
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

    /// Whether two values are equal: values of different kinds are not (numbers and Booleans
    /// compare as numbers; a UUID or URL equals its string).
    static func equal(_ left: PredicateOperand, _ right: PredicateOperand, _ options: ModelPredicate.Comparison.Options)
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
        _ options: ModelPredicate.Comparison.Options,
        _ comparison: ModelPredicate.Comparison?
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
    static func order(_ left: PredicateOperand, _ right: PredicateOperand, _ options: ModelPredicate.Comparison.Options)
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

    // MARK: Expressions

    mutating func value(of expression: ModelPredicate.Expression, on object: PredicateOperand)
        throws(PredicateEvaluationError) -> PredicateOperand
    {
        try descend()
        defer { depth -= 1 }
        switch expression {
        case .evaluatedObject: return object
        case .constant(.number(let text)):
            // Read once per evaluator, not once per object: a filter compares every object
            // with the same literals.
            if let number = numberLiterals[text] { return number }
            let number = PredicateOperand(constant: .number(text))
            if numberLiterals.count < 256 { numberLiterals[text] = number }
            return number
        case .constant(let constant): return PredicateOperand(constant: constant)
        case .variable(let name):
            guard let value = variables[name] else { throw error(.missingVariable(name)) }
            return value
        case .aggregate(let elements):
            var values: [PredicateOperand] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try value(of: element, on: object)) }
            return .collection(values)
        case .keyPath(let base, let components):
            return try follow(components[...], from: try value(of: base, on: object))
        case .index(let base, let index):
            let collection = try value(of: base, on: object)
            guard case .collection(let elements) = collection else {
                if case .null = collection { return .null }
                throw error(
                    .invalidOperand("\(base.description) is \(collection.kindDescription), not a collection to index")
                )
            }
            switch index {
            case .first: return elements.first ?? .null
            case .last: return elements.last ?? .null
            case .size: return .number(.integer(Int64(elements.count)))
            case .position(let position):
                guard case .number(let number) = try value(of: position, on: object), case .integer(let offset) = number
                else { throw error(.invalidOperand("an index must be an integer")) }
                // Past the end reads as nil: an object with fewer elements has none there.
                guard offset >= 0, offset < elements.count else { return .null }
                return elements[Int(offset)]
            }
        case .arithmetic(let left, let op, let right):
            return try arithmetic(try value(of: left, on: object), op, try value(of: right, on: object))
        case .negated(let inner):
            switch try value(of: inner, on: object) {
            case .null: return .null
            case .number(let number): return .number(try PredicateArithmetic.negate(number))
            case let other: throw error(.invalidOperand("cannot negate \(other.kindDescription)"))
            }
        case .function(let name, let arguments):
            var values: [PredicateOperand] = []
            for argument in arguments { values.append(try value(of: argument, on: object)) }
            return try function(name, values)
        case .subquery(let collection, let variable, let predicate):
            let elements = Self.elements(of: try value(of: collection, on: object))
            let saved = variables[variable]
            defer { variables[variable] = saved }
            var kept: [PredicateOperand] = []
            for element in elements {
                try countStep()
                variables[variable] = element
                if try evaluate(predicate, on: object) { kept.append(element) }
            }
            return .collection(kept)
        }
    }

    /// Follows key path components from a value: properties of an object, of each element of
    /// a collection (flattened one level), and collection operators.
    private mutating func follow(_ components: ArraySlice<String>, from start: PredicateOperand)
        throws(PredicateEvaluationError) -> PredicateOperand
    {
        var current = start
        var index = components.startIndex
        while index < components.endIndex {
            let component = components[index]
            if component.hasPrefix("@") {
                let rest = components[(index + 1)...]
                return try collectionOperator(component, rest, on: current)
            }
            current = try property(component, of: current)
            index += 1
        }
        return current
    }

    private mutating func property(_ key: String, of operand: PredicateOperand) throws(PredicateEvaluationError)
        -> PredicateOperand
    {
        switch operand {
        case .null: return .null
        case .object(let object):
            guard let slot = object.mapping.slotByName[key] else {
                throw error(.unknownKey(key, entity: object.entity.name))
            }
            let property = object.mapping.properties[slot]
            if let derivation = property.derivation {
                // A derived attribute is computed where it is read (depth-limited: a
                // derivation that reads itself ends in an error, not a crash).
                var inner = self
                inner.derivations += 1
                guard inner.derivations <= Self.maximumDerivations else {
                    throw error(
                        .invalidOperand(
                            "derived attribute '\(key)' of \(object.entity.name) reads itself, or derived attributes nest deeper than \(Self.maximumDerivations)"
                        )
                    )
                }
                let value = try inner.value(of: derivation, on: .object(object))
                return ModelObject.attributeValue(value, type: property.attributeType)
                    .map {
                        PredicateOperand(value: $0)
                    }
                    ?? .null
            }
            return PredicateOperand(slot: object.slots[slot], property: property)
        case .collection(let elements):
            var values: [PredicateOperand] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                // Each element is a step: a key path through to-manys grows with each of them.
                try countStep()
                let value = try property(key, of: element)
                if case .collection(let inner) = value {
                    values.append(contentsOf: inner)
                } else {
                    values.append(value)
                }
            }
            return .collection(values)
        case .dictionary(let values):
            return values[key] ?? .null
        default:
            throw error(.invalidOperand("'\(key)' read from \(operand.kindDescription), which has no properties"))
        }
    }

    /// `@count`, `@sum`, `@avg`, `@min`, `@max`: over a collection, the rest of the key path
    /// read from each element.
    private mutating func collectionOperator(_ name: String, _ rest: ArraySlice<String>, on operand: PredicateOperand)
        throws(PredicateEvaluationError) -> PredicateOperand
    {
        let elements: [PredicateOperand]
        switch operand {
        case .collection(let values): elements = values
        case .null: elements = []
        default: throw error(.invalidOperand("\(name) needs a collection, not \(operand.kindDescription)"))
        }
        switch name.lowercased() {
        case "@count":
            guard rest.isEmpty else { throw error(.invalidOperand("@count ends a key path")) }
            return .number(.integer(Int64(elements.count)))
        case "@sum", "@avg", "@min", "@max":
            var values: [PredicateOperand] = []
            for element in elements {
                try countStep()
                let value = rest.isEmpty ? element : try follow(rest, from: element)
                if case .collection(let inner) = value {
                    values.append(contentsOf: inner)
                } else {
                    values.append(value)
                }
            }
            return try aggregate(name.lowercased(), values)
        default:
            throw error(
                .invalidOperand("unknown collection operator \(name) (ModelMapper has @count, @sum, @avg, @min, @max)")
            )
        }
    }

    /// An aggregate of values (nils left out): `@sum` and `@avg` of numbers, `@min` and `@max`
    /// of anything ordered.
    private func aggregate(_ name: String, _ values: [PredicateOperand]) throws(PredicateEvaluationError)
        -> PredicateOperand
    {
        let present = values.filter { if case .null = $0 { return false } else { return true } }
        switch name {
        case "@sum", "@avg":
            var sum = PredicateNumber.integer(0)
            for value in present {
                guard case .number(let number) = value else {
                    throw error(.invalidOperand("\(name) of \(value.kindDescription): only numbers add up"))
                }
                sum = try PredicateArithmetic.apply(.add, sum, number)
            }
            if name == "@sum" { return .number(sum) }
            guard !present.isEmpty else { return .null }
            return .number(try PredicateArithmetic.apply(.divide, sum, .integer(Int64(present.count))))
        default:
            var best: PredicateOperand?
            for value in present {
                guard let current = best else {
                    best = value
                    continue
                }
                guard let order = Self.order(value, current, []) else {
                    throw error(
                        .incomparable(left: value.kindDescription, operator: name, right: current.kindDescription)
                    )
                }
                if (name == "@min" && order == .orderedAscending) || (name == "@max" && order == .orderedDescending) {
                    best = value
                }
            }
            return best ?? .null
        }
    }

    private func arithmetic(
        _ left: PredicateOperand,
        _ op: ModelPredicate.Expression.ArithmeticOperator,
        _ right: PredicateOperand
    ) throws(PredicateEvaluationError) -> PredicateOperand {
        switch (left, right) {
        case (.null, _), (_, .null): return .null
        case (.number(let a), .number(let b)):
            do {
                return .number(try PredicateArithmetic.apply(op, a, b))
            } catch let failure {
                throw PredicateEvaluationError(failure.kind, predicate: context)
            }
        default:
            throw error(
                .invalidOperand("cannot compute \(left.kindDescription) \(op.rawValue) \(right.kindDescription)")
            )
        }
    }

    /// The functions of predicate expressions ModelMapper evaluates.
    private func function(_ written: String, _ arguments: [PredicateOperand]) throws(PredicateEvaluationError)
        -> PredicateOperand
    {
        var name = written.lowercased()
        if name.hasSuffix(":") { name.removeLast() }
        func expectCount(_ count: Int) throws(PredicateEvaluationError) {
            guard arguments.count == count else {
                throw error(
                    .unsupportedFunction(
                        written,
                        detail: "takes \(count) argument\(count == 1 ? "" : "s"), not \(arguments.count)"
                    )
                )
            }
        }
        switch name {
        case "now":
            try expectCount(0)
            return .date(options.now ?? Date())
        case "cast":
            try expectCount(2)
            guard case .string(let type) = arguments[1] else {
                throw error(.unsupportedFunction(written, detail: "the second argument is a class name, as a string"))
            }
            return try cast(arguments[0], to: type, written)
        case "lowercase", "uppercase":
            try expectCount(1)
            switch arguments[0] {
            case .null: return .null
            case .string(let text): return .string(name == "lowercase" ? text.lowercased() : text.uppercased())
            default: throw error(.unsupportedFunction(written, detail: "takes a string"))
            }
        case "abs":
            try expectCount(1)
            switch arguments[0] {
            case .null: return .null
            case .number(let number):
                return PredicateNumber.compare(number, .integer(0)) == .orderedAscending
                    ? .number(try PredicateArithmetic.negate(number)) : .number(number)
            default: throw error(.unsupportedFunction(written, detail: "takes a number"))
            }
        case "sum", "count", "min", "max", "average":
            let values = arguments.count == 1 ? Self.elements(of: arguments[0]) : arguments
            if name == "count" { return .number(.integer(Int64(values.count))) }
            return try aggregate(name == "average" ? "@avg" : "@" + name, values)
        default:
            throw error(
                .unsupportedFunction(
                    written,
                    detail:
                        "not one ModelMapper evaluates (now, CAST, lowercase, uppercase, abs, sum, count, min, max, average)"
                )
            )
        }
    }

    /// `CAST(value, "NSDate" | "NSNumber" | "NSString")`: a number of seconds since 2001 as a
    /// date, a date as its seconds, text as a number, a number as text.
    private func cast(_ value: PredicateOperand, to type: String, _ written: String) throws(PredicateEvaluationError)
        -> PredicateOperand
    {
        switch (value, type) {
        case (.null, _): return .null
        case (.date, "NSDate"), (.number, "NSNumber"), (.string, "NSString"): return value
        case (.number(let number), "NSDate"): return .date(Date(timeIntervalSinceReferenceDate: number.doubleValue))
        case (.string(let text), "NSDate"):
            guard let number = PredicateNumber(literal: text) else {
                throw error(.unsupportedFunction(written, detail: "\"\(text)\" is not a number of seconds"))
            }
            return .date(Date(timeIntervalSinceReferenceDate: number.doubleValue))
        case (.date(let date), "NSNumber"): return .number(.double(date.timeIntervalSinceReferenceDate))
        case (.boolean(let flag), "NSNumber"): return .number(.integer(flag ? 1 : 0))
        case (.string(let text), "NSNumber"):
            guard let number = PredicateNumber(literal: text) else {
                throw error(.unsupportedFunction(written, detail: "\"\(text)\" is not a number"))
            }
            return .number(number)
        case (.number(let number), "NSString"):
            switch number {
            case .integer(let value): return .string(String(value))
            case .decimal(let value): return .string(value.description)
            case .double(let value): return .string("\(value)")
            case .literal(let literal): return .string("\(literal.doubleValue)")
            }
        default:
            throw error(
                .unsupportedFunction(
                    written,
                    detail: "cannot cast \(value.kindDescription) to \(type) (NSDate, NSNumber, NSString)"
                )
            )
        }
    }
}
