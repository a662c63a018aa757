import Foundation

/// Arithmetic on predicate numbers: integers stay integers while the result fits (and is whole),
/// then Decimal, exact to 38 digits; any Double makes the result a Double. An overflow, a
/// division by zero or a result out of every range is an error, never a wrapped or rounded value.
enum PredicateArithmetic {
    static func apply(
        _ op: PredicateSyntax.Expression.ArithmeticOperator,
        _ left: PredicateNumber,
        _ right: PredicateNumber
    ) throws(PredicateEvaluationError) -> PredicateNumber {
        if case .double = left { return try double(op, left.doubleValue, right.doubleValue) }
        if case .double = right { return try double(op, left.doubleValue, right.doubleValue) }
        if case .integer(let a) = left, case .integer(let b) = right {
            switch op {
            case .add:
                let (sum, overflow) = a.addingReportingOverflow(b)
                if !overflow { return .integer(sum) }
            case .subtract:
                let (difference, overflow) = a.subtractingReportingOverflow(b)
                if !overflow { return .integer(difference) }
            case .multiply:
                let (product, overflow) = a.multipliedReportingOverflow(by: b)
                if !overflow { return .integer(product) }
            case .divide:
                guard b != 0 else { throw PredicateEvaluationError(.invalidOperand("division by zero")) }
                let (quotient, overflow) = a.dividedReportingOverflow(by: b)
                if !overflow, quotient.multipliedReportingOverflow(by: b) == (a, false) { return .integer(quotient) }
            case .power:
                if b >= 0, b <= 64, let power = integerPower(a, b) { return .integer(power) }
            }
        }
        guard let a = left.decimalValue, let b = right.decimalValue else {
            return try double(op, left.doubleValue, right.doubleValue)
        }
        return .decimal(try decimal(op, a, b))
    }

    static func negate(_ number: PredicateNumber) throws(PredicateEvaluationError) -> PredicateNumber {
        try apply(.subtract, .integer(0), number)
    }

    private static func integerPower(_ base: Int64, _ exponent: Int64) -> Int64? {
        var result: Int64 = 1
        for _ in 0..<exponent {
            let (next, overflow) = result.multipliedReportingOverflow(by: base)
            guard !overflow else { return nil }
            result = next
        }
        return result
    }

    private static func decimal(_ op: PredicateSyntax.Expression.ArithmeticOperator, _ a: Decimal, _ b: Decimal)
        throws(PredicateEvaluationError) -> Decimal
    {
        var left = a
        var right = b
        var result = Decimal()
        let status: NSDecimalNumber.CalculationError
        switch op {
        case .add: status = NSDecimalAdd(&result, &left, &right, .plain)
        case .subtract: status = NSDecimalSubtract(&result, &left, &right, .plain)
        case .multiply: return try multiply(a, b)
        case .divide:
            guard !b.isZero else { throw PredicateEvaluationError(.invalidOperand("division by zero")) }
            status = NSDecimalDivide(&result, &left, &right, .plain)
        case .power:
            guard let exponent = Int(exactly: NSDecimalNumber(decimal: b).doubleValue), b == Decimal(exponent),
                (0...1_000).contains(exponent)
            else {
                throw PredicateEvaluationError(
                    .invalidOperand("a Decimal's power must be a whole number from 0 to 1000, not \(b)")
                )
            }
            // By squaring, each product checked (Foundation's NSDecimalPower multiplies unchecked).
            var power = Decimal(1)
            var square = a
            var remaining = exponent
            while remaining > 0 {
                if remaining & 1 == 1 { power = try multiply(power, square) }
                remaining >>= 1
                if remaining > 0 { square = try multiply(square, square) }
            }
            return power
        }
        guard status != .overflow, status != .underflow, status != .divideByZero, !result.isNaN else {
            throw PredicateEvaluationError(.invalidOperand("\(a) \(op.rawValue) \(b) is out of a Decimal's range"))
        }
        return result
    }

    /// A Decimal product, or an error when it is out of a Decimal's range. Foundation's
    /// `NSDecimalMultiply` traps (crashes the process) when the product's power of ten falls
    /// below -128 (`1e-65 * 1e-64`), so that case never reaches it.
    private static func multiply(_ a: Decimal, _ b: Decimal) throws(PredicateEvaluationError) -> Decimal {
        if a.isZero || b.isZero { return 0 }
        guard a.exponent + b.exponent >= -128 else {
            throw PredicateEvaluationError(.invalidOperand("\(a) * \(b) is out of a Decimal's range"))
        }
        var left = a
        var right = b
        var result = Decimal()
        let status = NSDecimalMultiply(&result, &left, &right, .plain)
        guard status != .overflow, status != .underflow, !result.isNaN else {
            throw PredicateEvaluationError(.invalidOperand("\(a) * \(b) is out of a Decimal's range"))
        }
        return result
    }

    private static func double(_ op: PredicateSyntax.Expression.ArithmeticOperator, _ a: Double, _ b: Double)
        throws(PredicateEvaluationError) -> PredicateNumber
    {
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide:
            guard b != 0 else { throw PredicateEvaluationError(.invalidOperand("division by zero")) }
            result = a / b
        case .power: result = pow(a, b)
        }
        guard result.isFinite else {
            throw PredicateEvaluationError(.invalidOperand("\(a) \(op.rawValue) \(b) is not a finite number"))
        }
        return .double(result)
    }
}
