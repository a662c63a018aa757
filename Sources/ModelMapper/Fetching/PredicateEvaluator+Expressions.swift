import Foundation

/// Expressions: constants, variables, key paths followed through objects and collections,
/// collection operators and aggregates, arithmetic, functions and casts.
extension PredicateEvaluator {
    mutating func value(of expression: PredicateSyntax.Expression, on object: PredicateOperand)
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
    mutating func follow(_ components: ArraySlice<String>, from start: PredicateOperand)
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

    mutating func property(_ key: String, of operand: PredicateOperand) throws(PredicateEvaluationError)
        -> PredicateOperand
    {
        switch operand {
        case .null: return .null
        case .object(let object):
            guard let slot = object.layout.slotByName[key] else {
                throw error(.unknownKey(key, entity: object.entity.name))
            }
            let property = object.layout.properties[slot]
            if let derivation = property.derivation {
                // A derived attribute is computed where it is read (depth-limited: a
                // derivation that reads itself ends in an error, not a crash).
                var inner = self
                inner.derivations += 1
                guard inner.derivations <= Self.maximumDerivations else {
                    throw error(
                        .invalidOperand(
                            "derived attribute '\(key)' of \(object.entity.name) reads itself, or derived attributes "
                                + "nest deeper than \(Self.maximumDerivations)"
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
            return PredicateOperand(slot: object[stored: slot], property: property)
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
    mutating func collectionOperator(_ name: String, _ rest: ArraySlice<String>, on operand: PredicateOperand)
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
    func aggregate(_ name: String, _ values: [PredicateOperand]) throws(PredicateEvaluationError)
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

    func arithmetic(
        _ left: PredicateOperand,
        _ op: PredicateSyntax.Expression.ArithmeticOperator,
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
    func function(_ written: String, _ arguments: [PredicateOperand]) throws(PredicateEvaluationError)
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
                        "not one ModelMapper evaluates (now, CAST, lowercase, uppercase, abs, sum, count, min, max, "
                        + "average)"
                )
            )
        }
    }

    /// `CAST(value, "NSDate" | "NSNumber" | "NSString")`: a number of seconds since 2001 as a
    /// date, a date as its seconds, text as a number, a number as text.
    func cast(_ value: PredicateOperand, to type: String, _ written: String) throws(PredicateEvaluationError)
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
