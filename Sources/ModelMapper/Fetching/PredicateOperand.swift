import Foundation
@_spi(Engine) import ModelMapperSchema

/// A value met while evaluating a predicate: an attribute's value as the slot held it (numbers
/// keep their kind, so that they compare exactly), an object, a collection, or a constant.
enum PredicateOperand {
    case null
    case boolean(Bool)
    case number(PredicateNumber)
    case string(String)
    case date(Date)
    case uuid(UUID)
    case url(URL)
    case data(Data)
    case object(ModelObject)
    /// The objects of a to-many, the values of a key path through one, a list literal, the
    /// strings of a comma-separated attribute.
    case collection([PredicateOperand])
    /// Values by key: `$FETCHED_PROPERTY` (its name, entity and user info).
    case dictionary([String: PredicateOperand])
    /// A value of another type (a Transformable attribute's), compared only for equality.
    case other(AnyHashable?)

    /// The operand for a slot of an attribute of `type`; the model default when it is absent.
    init(slot: Slot, property: SlotLayout) {
        switch slot {
        case .absent:
            if property.isRelationship {
                self = property.isToMany ? .collection([]) : .null
            } else {
                self = property.defaultValue.map { PredicateOperand(value: $0) } ?? .null
            }
        case .null: self = property.isToMany ? .collection([]) : .null
        case .integer(let value): self = .number(.integer(value))
        case .floatingPoint(let value): self = .number(.double(value))
        case .boolean(let value): self = .boolean(value)
        case .string(let value): self = .string(value)
        case .decimal(let value): self = .number(.decimal(value))
        case .date(let value): self = .date(value)
        case .uuid(let value): self = .uuid(value)
        case .url(let value): self = .url(value)
        case .data(let value): self = .data(value)
        case .strings(let values): self = .collection(values.map { .string($0) })
        case .boxed(let box): self = PredicateOperand(value: box.value)
        case .object(let link): self = link.object.map { .object($0) } ?? .null
        case .objects(let links): self = .collection(links.compactMap { $0.object.map { .object($0) } })
        }
    }

    /// The operand for a Swift value (a model default, a substitution variable, a boxed value).
    init(value: Any?) {
        guard let value, !(value is NSNull) else {
            self = .null
            return
        }
        switch value {
        case let value as PredicateOperand: self = value
        case let value as Bool: self = .boolean(value)
        case let value as String: self = .string(value)
        case let value as Substring: self = .string(String(value))
        case let value as Decimal: self = .number(.decimal(value))
        case let value as Double: self = .number(.double(value))
        case let value as Float: self = .number(.double(Double(value)))
        case let value as Int: self = .number(.integer(Int64(value)))
        case let value as Int64: self = .number(.integer(value))
        case let value as Int32: self = .number(.integer(Int64(value)))
        case let value as Int16: self = .number(.integer(Int64(value)))
        case let value as Int8: self = .number(.integer(Int64(value)))
        case let value as UInt8: self = .number(.integer(Int64(value)))
        case let value as UInt16: self = .number(.integer(Int64(value)))
        case let value as UInt32: self = .number(.integer(Int64(value)))
        case let value as UInt:
            self = Int64(exactly: value).map { .number(.integer($0)) } ?? .number(.decimal(Decimal(value)))
        case let value as UInt64:
            self = Int64(exactly: value).map { .number(.integer($0)) } ?? .number(.decimal(Decimal(value)))
        case let value as Date: self = .date(value)
        case let value as UUID: self = .uuid(value)
        case let value as URL: self = .url(value)
        case let value as Data: self = .data(value)
        case let value as ModelObject: self = .object(value)
        case let value as PredicateSyntax.Value: self = PredicateOperand(constant: value)
        case let values as [Any]: self = .collection(values.map { PredicateOperand(value: $0) })
        case let values as Set<AnyHashable>: self = .collection(values.map { PredicateOperand(value: $0.base) })
        default: self = .other(value as? AnyHashable)
        }
    }

    /// The operand for a constant of a predicate.
    init(constant: PredicateSyntax.Value) {
        switch constant {
        case .null: self = .null
        case .boolean(let value): self = .boolean(value)
        case .number(let text): self = PredicateNumber(literal: text).map { .number($0) } ?? .string(text)
        case .string(let value): self = .string(value)
        case .date(let value): self = .date(value)
        case .uuid(let value): self = .uuid(value)
        case .url(let value): self = .url(value)
        case .data(let value): self = .data(value)
        case .object(let reference): self = .object(reference.object)
        case .array(let values): self = .collection(values.map { PredicateOperand(constant: $0) })
        }
    }

    /// The operand as a Swift value (what a derived attribute or an aggregate reads as).
    var swiftValue: Any? {
        switch self {
        case .null: nil
        case .boolean(let value): value
        case .number(let number): number.swiftValue
        case .string(let value): value
        case .date(let value): value
        case .uuid(let value): value
        case .url(let value): value
        case .data(let value): value
        case .object(let object): object
        case .collection(let values): values.map(\.swiftValue)
        case .dictionary(let values): values.mapValues(\.swiftValue)
        case .other(let value): value?.base
        }
    }

    /// What kind of value this is, for messages: "a string", "a number", …
    var kindDescription: String {
        switch self {
        case .null: "nil"
        case .boolean: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .date: "a date"
        case .uuid: "a UUID"
        case .url: "a URL"
        case .data: "binary data"
        case .object(let object): "an object of \(object.entity.name)"
        case .collection: "a collection"
        case .dictionary: "a dictionary"
        case .other(let value): value.map { "a value of type \(type(of: $0.base))" } ?? "a value"
        }
    }
}

extension DecimalLiteral {
    /// The nearest Double (the text's, correctly rounded).
    var doubleValue: Double {
        var text = isNegative ? "-" : ""
        text += digits.isEmpty ? "0" : String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        text += "e\(exponent)"
        return Double(text) ?? 0
    }

    /// The order of two exact numbers, digit by digit.
    static func compare(_ left: DecimalLiteral, _ right: DecimalLiteral) -> ComparisonResult {
        let leftSign = left.digits.isEmpty ? 0 : left.isNegative ? -1 : 1
        let rightSign = right.digits.isEmpty ? 0 : right.isNegative ? -1 : 1
        if leftSign != rightSign { return leftSign < rightSign ? .orderedAscending : .orderedDescending }
        if leftSign == 0 { return .orderedSame }
        // Magnitudes: the power of ten of the leading digit first, then the digits.
        var magnitude = ComparisonResult.orderedSame
        let leftLead = left.digits.count + left.exponent
        let rightLead = right.digits.count + right.exponent
        if leftLead != rightLead {
            magnitude = leftLead < rightLead ? .orderedAscending : .orderedDescending
        } else {
            for index in 0..<max(left.digits.count, right.digits.count) {
                let a = index < left.digits.count ? left.digits[index] : 0
                let b = index < right.digits.count ? right.digits[index] : 0
                if a != b {
                    magnitude = a < b ? .orderedAscending : .orderedDescending
                    break
                }
            }
        }
        guard leftSign < 0 else { return magnitude }
        switch magnitude {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
