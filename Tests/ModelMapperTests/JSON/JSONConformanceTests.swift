import Foundation
@_spi(Engine) @testable import ModelMapper
@_spi(Engine) @testable import ModelMapperSchema
import TestSupport
import Testing

/// JSONTestSuite's parsing cases (`../shared/JSONTestSuite/test_parsing`): every `y_` document is
/// accepted, every `n_` one rejected with an error (never a crash), and each `i_` one, where
/// RFC 8259 leaves the choice to the parser, gets the outcome written down here.
@Suite(
    "JSON reader: RFC 8259 conformance (JSONTestSuite)",
    .enabled(if: TestPaths.jsonTestSuiteIsPresent, Comment(rawValue: TestPaths.jsonTestSuiteMissingMessage))
)
struct JSONConformanceTests {
    /// The decisions for the implementation-defined cases: true = accepted.
    static let implementationDefined: [String: Bool] = [
        // Numbers are kept as written; whether a type can hold one is decided when it is read
        // into an attribute (an error there, never a silent rounding).
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        // Strings are Unicode text: lone or broken surrogates and invalid UTF-8 are errors.
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        // JSON exchanged between systems is UTF-8 (RFC 8259 section 8.1); a UTF-8 byte-order
        // mark may be ignored, and is.
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_UTF-8_BOM_empty_object.json": true,
        // 500 levels are within the reader's default limit.
        "i_structure_500_nested_arrays.json": true,
    ]

    static func cases(prefix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: TestPaths.jsonTestSuite.path)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
    }

    /// The reader's outcome as callers see it: its `JSONError` mapped into the public
    /// `MappingError`, the one mapping there is.
    static func parse(_ data: Data, maximumDepth: Int = 10_000) throws(MappingError) -> JSONValue {
        try MappingError.mappingJSONErrors { () throws(JSONError) in
            try JSONReader.parse(data, maximumDepth: maximumDepth)
        }
    }

    static func outcome(_ name: String) throws -> Result<JSONValue, MappingError> {
        // Not `Data(contentsOf:)`, which leaks what it reads an empty file into.
        let data = try #require(
            try FileReading.contents(ofFileAt: TestPaths.jsonTestSuite.appendingPathComponent(name).path)
        )
        do throws(MappingError) {
            return .success(try Self.parse(data))
        } catch {
            return .failure(error)
        }
    }

    @Test("every y_ document is accepted")
    func accepted() throws {
        let names = Self.cases(prefix: "y_")
        try #require(names.count >= 90)
        for name in names {
            if case .failure(let error) = try Self.outcome(name) { Issue.record("\(name): \(error)") }
        }
    }

    @Test("every n_ document is rejected with a located invalidJSON error")
    func rejected() throws {
        let names = Self.cases(prefix: "n_")
        try #require(names.count >= 180)
        for name in names {
            switch try Self.outcome(name) {
            case .success(let value): Issue.record("\(name) was accepted as \(String(describing: value).prefix(80))")
            case .failure(let error):
                guard case .invalidJSON(let context) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(context.line ?? 0 >= 1 && context.column ?? 0 >= 1, "\(name): \(error)")
            }
        }
    }

    /// Whether decoding a document into objects finds it well-formed: type errors are
    /// collected (and the values skipped), so only a syntax error is thrown as one.
    static func decoderAccepts(_ data: Data, unknownKeys: ModelDecoder.Options.UnknownKeys) throws -> Bool {
        let model = try ObjectModel(
            xml:
                #"<model><entity name="E"><attribute name="a" optional="YES" attributeType="String"/></entity></model>"#
        )
        let entity = try #require(model.entity(named: "E"))
        var options = ModelDecoder.Options(unknownKeys: unknownKeys, collectsAllErrors: true)
        options.maximumDepth = 10_000
        do {
            _ = try ModelDecoder(model: model, options: options).decodeObject(of: entity, from: data)
        } catch let error as MappingError where error.code == .invalidJSON {
            return false
        } catch {
            return true
        }
        return true
    }

    @Test("the skipping reader and the object decoder give every document the reader's verdict")
    func sameVerdictEverywhere() throws {
        for name in Self.cases(prefix: "") {
            let data = try #require(
                try FileReading.contents(ofFileAt: TestPaths.jsonTestSuite.appendingPathComponent(name).path)
            )
            let parsed = if case .success = try Self.outcome(name) { true } else { false }
            let validated = (try? JSONReader.validate(data)) != nil
            #expect(validated == parsed, "\(name): validate")
            #expect(
                try Self.decoderAccepts(data, unknownKeys: .ignore) == parsed,
                "\(name): decoder, unknown keys skipped"
            )
            #expect(try Self.decoderAccepts(data, unknownKeys: .keep) == parsed, "\(name): decoder, unknown keys kept")
        }
    }

    @Test("every i_ document has its written decision")
    func implementationDefined() throws {
        let names = Self.cases(prefix: "i_")
        #expect(
            Set(names) == Set(Self.implementationDefined.keys),
            "a case without a decision, or a decision without a case"
        )
        for name in names {
            let accepted = if case .success = try Self.outcome(name) { true } else { false }
            #expect(accepted == Self.implementationDefined[name], "\(name)")
        }
    }
}

/// The reader's own promises, beside the suite's.
@Suite("JSON reader: values, order, errors")
struct JSONReaderTests {
    @Test("numbers keep their spelling, objects their key order; escapes and pairs are decoded")
    func values() throws {
        let value = try JSONConformanceTests.parse(
            Data(#"{"b": 49.90, "a": [1e2, -0, "x\u00e9\ud83d\ude00\n"], "b": true}"#.utf8)
        )
        guard case .object(let object) = value else { throw MappingError(.typeMismatch) }
        #expect(object.keys == ["b", "a"])
        #expect(object["b"] == .bool(true))
        #expect(object["a"] == .array([.number("1e2"), .number("-0"), .string("xé😀\n")]))
    }

    @Test(
        "an error says line, column and path",
        arguments: [
            (#"{"a": [1, 2,]}"#, "$.a[2]: the data is not valid JSON: line 1, column 13: expected a value, found ']'"),
            ("{\n  \"é\": tru }", "$.é: the data is not valid JSON: line 2, column 8: expected a value, found 't'"),
            (
                #"[01]"#,
                "$[0]: the data is not valid JSON: line 1, column 3: a number cannot start with 0 followed by digits"
            ),
            (
                #"["\ud800"]"#,
                "$[0]: the data is not valid JSON: line 1, column 9: \\uD800 is a high surrogate without the low "
                    + "surrogate that must follow it"
            ),
            (
                #"{"a" 1}"#,
                "$: the data is not valid JSON: line 1, column 6: expected ':' after the member name, found '1'"
            ),
            (
                "[1] x",
                "$: the data is not valid JSON: line 1, column 5: expected the end of the text after the document's "
                    + "value, found 'x'"
            ),
        ]
    )
    func errors(text: String, expected: String) {
        #expect(throws: MappingError.self) { try JSONConformanceTests.parse(Data(text.utf8)) }
        do {
            _ = try JSONConformanceTests.parse(Data(text.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("deep nesting is bounded by the limit, on any thread, without recursion")
    func depth() throws {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: MappingError.self) { try JSONConformanceTests.parse(deep) }
        let fine = Data((String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)).utf8)
        #expect(throws: Never.self) { try JSONConformanceTests.parse(fine) }
        let error = #expect(throws: MappingError.self) { try JSONConformanceTests.parse(fine, maximumDepth: 100) }
        #expect(error?.description.contains("the document nests deeper than 100 levels") == true)
    }
}
