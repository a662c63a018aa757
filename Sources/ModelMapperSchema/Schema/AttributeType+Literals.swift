import Foundation

extension AttributeType {
    /// What reading a literal from a model file (a default or a bound) gives.
    enum LiteralReading {
        /// The text is a value of the type as written.
        case exact((any Sendable)?)
        /// The text is not how the type is written, but Core Data reads it (Foundation's
        /// `integerValue`, `boolValue`, …): this value is used, with a warning.
        case tolerated(any Sendable, as: String)
        /// The text gives no usable value (why is said); no value is used, with a warning.
        case unusable(String)
    }

    /// Reads a literal of a model file as a value of this type, never trapping.
    ///
    /// Xcode keeps a default when an attribute's type is changed, so real model files hold
    /// `defaultValueString="0.0"` on an `Integer 32`, `"NO"` on an `Integer 16` and `""` on
    /// a `URI`; Core Data reads such strings the way Foundation does. For example:
    ///
    /// ```swift
    /// AttributeType.integer32.readLiteral("0.0")   // .tolerated(0, as: "0")
    /// AttributeType.integer16.readLiteral("1.5")   // .unusable("it has a fraction")
    /// ```
    ///
    /// Types whose literals are not interpreted (transformable, composite, undefined,
    /// object ID) read as `.exact(nil)`.
    func readLiteral(_ text: String) -> LiteralReading {
        let trimmed = text.trimmingSpaces()
        switch self {
        case .integer16: return Self.integer(trimmed, as: Int16.self, type: self)
        case .integer32: return Self.integer(trimmed, as: Int32.self, type: self)
        case .integer64: return Self.integer(trimmed, as: Int64.self, type: self)
        case .decimal:
            guard let literal = DecimalLiteral(trimmed) else { return Self.notANumber(trimmed) }
            guard let value = literal.decimal else {
                return .unusable(
                    "a Decimal cannot hold it exactly (at most 38 significant digits, powers of ten from -128 to 127)"
                )
            }
            return .exact(value)
        case .double:
            return Self.floatingPoint(trimmed, as: Double.self)
        case .float:
            return Self.floatingPoint(trimmed, as: Float.self)
        case .string:
            return .exact(text)
        case .boolean:
            return Self.boolean(trimmed)
        case .date:
            guard !trimmed.isEmpty else { return .unusable("it is empty") }
            if let date = ISO8601DateFormatter().date(from: trimmed) { return .exact(date) }
            if let seconds = Double(trimmed), seconds.isFinite {
                return .exact(Date(timeIntervalSinceReferenceDate: seconds))
            }
            return .unusable("it is not an ISO 8601 date or a number of seconds")
        case .binaryData:
            guard !trimmed.isEmpty else { return .unusable("it is empty") }
            guard let data = Data(base64Encoded: trimmed) else { return .unusable("it is not base64") }
            return .exact(data)
        case .uuid:
            guard !trimmed.isEmpty else { return .unusable("it is empty") }
            guard let uuid = UUID(uuidString: trimmed) else { return .unusable("it is not a UUID") }
            return .exact(uuid)
        case .uri:
            guard !trimmed.isEmpty else { return .unusable("it is empty") }
            guard let url = URL(string: trimmed) else { return .unusable("it is not a URL") }
            return .exact(url)
        case .transformable, .composite, .undefined, .objectID:
            return .exact(nil)
        }
    }

    private static func integer<Value: FixedWidthInteger & Sendable>(
        _ text: String,
        as type: Value.Type,
        type attributeType: AttributeType
    ) -> LiteralReading {
        if let value = Value(text) { return .exact(value) }
        if let flag = yesOrNo(text) { return .tolerated(Value(flag ? 1 : 0), as: flag ? "1" : "0") }
        guard let literal = DecimalLiteral(text) else { return notANumber(text) }
        switch literal.integer(as: Value.self) {
        case .value(let value): return .tolerated(value, as: "\(value)")
        case .fraction: return .unusable("it has a fraction")
        case .outOfRange:
            return .unusable("it is out of range for \(attributeType.rawValue) (\(Value.min)...\(Value.max))")
        }
    }

    private static func floatingPoint<Value: BinaryFloatingPoint & LosslessStringConvertible & Sendable>(
        _ text: String,
        as type: Value.Type
    ) -> LiteralReading {
        if let flag = yesOrNo(text) { return .tolerated(Value(flag ? 1 : 0), as: flag ? "1" : "0") }
        guard DecimalLiteral(text) != nil, let value = Value(text) else { return notANumber(text) }
        guard value.isFinite else { return .unusable("it is out of range for \(Value.self)") }
        return .exact(value)
    }

    /// Foundation's `boolValue`: true when the text starts with Y, y, T, t or a digit 1-9
    /// (after spaces, a sign and zeros); `YES`, `NO`, `true`, `false`, `1` and `0` are exact.
    private static func boolean(_ text: String) -> LiteralReading {
        switch text.lowercased() {
        case "yes", "true", "1": return .exact(true)
        case "no", "false", "0": return .exact(false)
        default: break
        }
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == "0" }
        if let first = rest.first, "YyTt123456789".contains(first) { return .tolerated(true, as: "YES") }
        if DecimalLiteral(text) != nil { return .tolerated(false, as: "NO") }
        return .unusable("it is not a Boolean (YES or NO)")
    }

    private static func notANumber(_ text: String) -> LiteralReading {
        let lowered = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
        if ["nan", "inf", "infinity", "snan"].contains(lowered) { return .unusable("it is not a finite number") }
        return .unusable(text.isEmpty ? "it is empty" : "it is not a number")
    }

    /// `YES`/`NO` (and `true`/`false`), which Xcode writes for Booleans, read as 1 and 0.
    private static func yesOrNo(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "yes", "true": return true
        case "no", "false": return false
        default: return nil
        }
    }

    /// An exact decimal from its text, or nil when the text is not a complete number
    /// literal (`Decimal(string:)` alone would read "1abc" as 1) or a `Decimal` cannot hold
    /// it without rounding.
    static func decimal(_ text: String) -> Decimal? {
        DecimalLiteral(text.trimmingSpaces())?.decimal
    }
}
