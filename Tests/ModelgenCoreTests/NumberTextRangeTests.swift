import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// The patterns a schema gives numbers sent as text agree with the values' order: every text
/// of a number's form, with the spaces, signs, leading zeros and fractions the decoder reads,
/// matches exactly when its value is within the bound.
@Suite("Schemas: the range of a number sent as text")
struct NumberTextRangeTests {
    static let bounds = [
        "0", "-0.0", "5", "5.0", "0.5", "-3", "-2.75", "10", "99", "100", "1e-07", "2.05", "32767", "-32768",
        "9223372036854775807", "-9223372036854775808",
    ]

    /// Texts around the bounds: integers, fractions, and the same reformatted.
    static let texts: [String] = {
        var texts: [String] = []
        for whole in [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 98, 99, 100, 101, 32766, 32767, 32768, 123456] {
            for fraction in [
                "", ".0", ".00", ".05", ".1", ".25", ".5", ".75", ".76", ".74", ".0000001", ".00000009", ".9",
            ] {
                let magnitude = "\(whole)\(fraction)"
                texts += [magnitude, "-" + magnitude, "+" + magnitude, "00" + magnitude, " -0" + magnitude + " "]
            }
        }
        return texts + [
            "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
            "10000000000000000000000",
        ]
    }()

    @Test("at least and at most each bound", arguments: bounds)
    func agrees(bound: String) throws {
        let limit = try #require(Decimal(string: bound))
        let atLeast = try NSRegularExpression(pattern: NumberTextRange.atLeast(bound))
        let atMost = try NSRegularExpression(pattern: NumberTextRange.atMost(bound))
        for text in Self.texts {
            let value = try #require(Decimal(string: text.replacingOccurrences(of: " ", with: "")))
            #expect(Self.matches(atLeast, text) == (value >= limit), "\(text) at least \(bound)")
            #expect(Self.matches(atMost, text) == (value <= limit), "\(text) at most \(bound)")
        }
    }

    @Test("a text with an exponent is left to the decoder")
    func exponents() throws {
        let atMost = try NSRegularExpression(pattern: NumberTextRange.atMost("5"))
        #expect(Self.matches(atMost, "7e0"))
        #expect(Self.matches(atMost, "5E-1"))
    }

    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// The bounds a schema gives an integer: a declared one where it is inside the type's range,
/// else the type's own, exactly.
@Suite("Schemas: integer bounds")
struct IntegerBoundsTests {
    @Test("a declared maximum of Int64.max is written exactly, for numbers and for their text")
    func int64Maximum() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="Counter">
                  <attribute name="count" attributeType="Integer 64" maxValueString="9223372036854775807"/>
                </entity></model>
                """
        )
        var options = ModelDecoder.Options()
        options.checksBounds = true
        let schema = try JSONValue.parse(Data(try model.jsonSchema(of: "Counter", reading: options).utf8))
        let count = schema["$defs"]?["Counter"]?["properties"]?["count"]
        guard case .array(let choices)? = count?["anyOf"], choices.elements.count == 2,
            case .array(let ranges)? = choices.elements[1]["allOf"], ranges.elements.count == 2,
            case .string(let pattern)? = ranges.elements[1]["pattern"]
        else { throw Failure(schema: count) }
        #expect(choices.elements[0]["maximum"] == .number("9223372036854775807"))
        let expression = try NSRegularExpression(pattern: pattern)
        #expect(NumberTextRangeTests.matches(expression, "9223372036854775807"))
        #expect(!NumberTextRangeTests.matches(expression, "9223372036854775808"))
    }

    struct Failure: Error {
        let schema: JSONValue?
    }
}
