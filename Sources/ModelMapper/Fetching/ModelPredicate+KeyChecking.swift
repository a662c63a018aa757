extension ModelPredicate {
    /// The `$VARIABLES` the predicate reads that no `SUBQUERY` binds.
    public var freeVariables: Set<String> {
        var names = Set<String>()
        syntax.collectVariables(into: &names, bound: [])
        return names
    }

    /// Checks that every key path the predicate reads from the evaluated object exists in
    /// `entity` (and, through relationships, in their destinations), so that a misspelt key
    /// is an error before any object is read, naming the entity that lacks it.
    ///
    /// - Throws: ``PredicateEvaluationError`` `.unknownKey`.
    public func checkKeys(for entity: EntityDescription) throws(PredicateEvaluationError) {
        var checker = KeyChecker(predicate: syntax)
        try checker.check(syntax, on: .entity(entity))
    }
}

extension PredicateSyntax {
    fileprivate func collectVariables(into names: inout Set<String>, bound: Set<String>) {
        switch self {
        case .alwaysTrue, .alwaysFalse: break
        case .not(let inner): inner.collectVariables(into: &names, bound: bound)
        case .and(let predicates), .or(let predicates):
            for predicate in predicates { predicate.collectVariables(into: &names, bound: bound) }
        case .comparison(let comparison):
            comparison.left.collectVariables(into: &names, bound: bound)
            comparison.right.collectVariables(into: &names, bound: bound)
        }
    }
}

extension PredicateSyntax.Expression {
    fileprivate func collectVariables(into names: inout Set<String>, bound: Set<String>) {
        switch self {
        case .evaluatedObject, .constant: break
        case .variable(let name): if !bound.contains(name) { names.insert(name) }
        case .keyPath(let base, _): base.collectVariables(into: &names, bound: bound)
        case .aggregate(let elements), .function(_, let elements):
            for element in elements { element.collectVariables(into: &names, bound: bound) }
        case .index(let base, let index):
            base.collectVariables(into: &names, bound: bound)
            if case .position(let position) = index { position.collectVariables(into: &names, bound: bound) }
        case .arithmetic(let left, _, let right):
            left.collectVariables(into: &names, bound: bound)
            right.collectVariables(into: &names, bound: bound)
        case .negated(let inner): inner.collectVariables(into: &names, bound: bound)
        case .subquery(let collection, let variable, let predicate):
            collection.collectVariables(into: &names, bound: bound)
            var inner = bound
            inner.insert(variable)
            predicate.collectVariables(into: &names, bound: inner)
        }
    }
}

/// Follows a predicate's key paths through the model, as far as the model tells what they
/// lead to.
private struct KeyChecker {
    /// What an expression leads to, as far as the model tells.
    enum Target {
        case entity(EntityDescription)
        /// An attribute's value, a constant, a number: nothing with keys the model knows.
        case value
        /// Something the model cannot tell (a variable's value, a function's result).
        case unknown
    }

    let predicate: PredicateSyntax
    var bound: [String: Target] = [:]

    init(predicate: PredicateSyntax) {
        self.predicate = predicate
    }

    mutating func check(_ predicate: PredicateSyntax, on object: Target) throws(PredicateEvaluationError) {
        switch predicate {
        case .alwaysTrue, .alwaysFalse: break
        case .not(let inner): try check(inner, on: object)
        case .and(let predicates), .or(let predicates):
            for predicate in predicates { try check(predicate, on: object) }
        case .comparison(let comparison):
            _ = try target(of: comparison.left, on: object)
            _ = try target(of: comparison.right, on: object)
        }
    }

    mutating func target(of expression: PredicateSyntax.Expression, on object: Target) throws(PredicateEvaluationError)
        -> Target
    {
        switch expression {
        case .evaluatedObject: return object
        case .constant: return .value
        case .variable(let name): return bound[name] ?? .unknown
        case .keyPath(let base, let components):
            var current = try target(of: base, on: object)
            for component in components {
                if component.hasPrefix("@") {
                    // @count ends the path; @sum and the others read the rest from each element.
                    if component.lowercased() == "@count" { return .value }
                    continue
                }
                guard case .entity(let entity) = current else { return .unknown }
                if let relationship = entity.relationshipsByName[component] {
                    current = .entity(relationship.destinationEntity)
                } else if entity.attributesByName[component] != nil {
                    current = .value
                } else if entity.propertiesByName[component] != nil {
                    current = .unknown
                } else {
                    throw PredicateEvaluationError(
                        .unknownKey(component, entity: entity.name),
                        predicate: predicate.description
                    )
                }
            }
            return current
        case .aggregate(let elements), .function(_, let elements):
            for element in elements { _ = try target(of: element, on: object) }
            return .unknown
        case .index(let base, let index):
            let collection = try target(of: base, on: object)
            if case .position(let position) = index { _ = try target(of: position, on: object) }
            return collection
        case .arithmetic(let left, _, let right):
            _ = try target(of: left, on: object)
            _ = try target(of: right, on: object)
            return .value
        case .negated(let inner):
            _ = try target(of: inner, on: object)
            return .value
        case .subquery(let collection, let variable, let inner):
            let elements = try target(of: collection, on: object)
            let saved = bound[variable]
            bound[variable] = elements
            defer { bound[variable] = saved }
            try check(inner, on: object)
            return .unknown
        }
    }
}
