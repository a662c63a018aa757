import Foundation
@_spi(Engine) import ModelMapperSchema

extension PredicateSyntax.Expression: Derivation {
    /// The value of a derived attribute, computed from its derivation as a predicate
    /// expression on `object` (`messages.@count`, `items.@sum.price`, `author.name`,
    /// `lowercase(name)`), converted to the attribute's type; nil when it cannot be computed
    /// (a key the entity lacks, a derivation that reads itself, a value that does not fit).
    func derivedValue(on object: ModelObject, type: AttributeType) -> Any? {
        var evaluator = PredicateEvaluator(predicate: nil, variables: [:], options: .init())
        guard let value = try? evaluator.value(of: self, on: .object(object)) else { return nil }
        return ModelObject.attributeValue(value, type: type)
    }
}

extension ModelObject {
    /// An evaluated value as a value of an attribute of `type`, when it is one exactly.
    static func attributeValue(_ value: PredicateOperand, type: AttributeType) -> Any? {
        switch (value, type) {
        case (.null, _): return nil
        case (.number(.integer(let number)), .integer16): return Int16(exactly: number)
        case (.number(.integer(let number)), .integer32): return Int32(exactly: number)
        case (.number(.integer(let number)), .integer64): return number
        case (.number(let number), .decimal): return number.decimalValue
        case (.number(let number), .double): return number.doubleValue
        case (.number(let number), .float): return Float(number.doubleValue)
        case (.number(.decimal(let number)), let type) where type.isInteger:
            guard let literal = DecimalLiteral(number.description),
                case .value(let integer) = literal.integer(as: Int64.self)
            else { return nil }
            return attributeValue(.number(.integer(integer)), type: type)
        case (.boolean(let flag), .boolean): return flag
        case (.string(let text), .string): return text
        case (.date(let date), .date): return date
        default: return value.swiftValue
        }
    }
}
