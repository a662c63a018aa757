import Foundation
import ModelMapper
import TestSupport
import Testing

/// The predicate format language parsed into trees: forms and precedence, format arguments,
/// errors with their columns, limits, and every predicate of the corpus's model files.
@Suite("Predicates: parsing format strings")
struct PredicateParsingTests {
    typealias Expression = PredicateSyntax.Expression
    typealias Comparison = PredicateSyntax.Comparison

    private static func key(_ path: String) -> Expression {
        .keyPath(.evaluatedObject, path.split(separator: ".").map(String.init))
    }
    private static func number(_ text: String) -> Expression { .constant(.number(text)) }
    private static func string(_ text: String) -> Expression { .constant(.string(text)) }
    private static func compare(
        _ left: Expression,
        _ op: Comparison.Operator,
        _ right: Expression,
        options: Comparison.Options = [],
        quantifier: Comparison.Quantifier = .direct
    ) -> PredicateSyntax {
        .comparison(Comparison(left, op, right, options: options, quantifier: quantifier))
    }

    // Computed: a stored static of indirect enums is reported as leaked by LeakSanitizer.
    static var trees: [(String, PredicateSyntax)] {
        [
            ("name == 'Japan'", compare(key("name"), .equal, string("Japan"))),
            ("name = \"Japan\"", compare(key("name"), .equal, string("Japan"))),
            ("formed != 1974", compare(key("formed"), .notEqual, number("1974"))),
            ("formed <> 1974", compare(key("formed"), .notEqual, number("1974"))),
            ("formed < -1", compare(key("formed"), .less, number("-1"))),
            ("formed =< 1.5e3", compare(key("formed"), .lessOrEqual, number("1.5e3"))),
            ("formed => .5", compare(key("formed"), .greaterOrEqual, number("0.5"))),
            ("formed > 0x1F", compare(key("formed"), .greater, number("31"))),
            (
                "formed BETWEEN {1970, 1980}",
                compare(key("formed"), .between, .aggregate([number("1970"), number("1980")]))
            ),
            ("name IN {'a', 'b'}", compare(key("name"), .in, .aggregate([string("a"), string("b")]))),
            ("name beginswith[c] 'j'", compare(key("name"), .beginsWith, string("j"), options: .caseInsensitive)),
            (
                "name ENDSWITH[cd] 'n'",
                compare(key("name"), .endsWith, string("n"), options: [.caseInsensitive, .diacriticInsensitive])
            ),
            ("name CONTAINS[d] 'a'", compare(key("name"), .contains, string("a"), options: .diacriticInsensitive)),
            ("name LIKE 'J?p*'", compare(key("name"), .like, string("J?p*"))),
            ("name MATCHES '[A-Z].*'", compare(key("name"), .matches, string("[A-Z].*"))),
            (
                "ANY albums.name == 'Tin Drum'",
                compare(key("albums.name"), .equal, string("Tin Drum"), quantifier: .any)
            ),
            ("SOME albums.name == 'x'", compare(key("albums.name"), .equal, string("x"), quantifier: .any)),
            ("ALL albums.rating > 3", compare(key("albums.rating"), .greater, number("3"), quantifier: .all)),
            ("NONE albums.rating > 3", compare(key("albums.rating"), .greater, number("3"), quantifier: .none)),
            ("albums.@count > 2", compare(key("albums.@count"), .greater, number("2"))),
            ("items.@sum.price >= 10.00", compare(key("items.@sum.price"), .greaterOrEqual, number("10.00"))),
            ("manager == nil", compare(key("manager"), .equal, .constant(.null))),
            ("manager != NULL", compare(key("manager"), .notEqual, .constant(.null))),
            ("active == YES", compare(key("active"), .equal, .constant(.boolean(true)))),
            ("active == false", compare(key("active"), .equal, .constant(.boolean(false)))),
            ("SELF == $object", compare(.evaluatedObject, .equal, .variable("object"))),
            ("#in == 1", compare(.keyPath(.evaluatedObject, ["in"]), .equal, number("1"))),
            ("TRUEPREDICATE", .alwaysTrue),
            ("FALSEPREDICATE", .alwaysFalse),
            (
                "a == 1 OR b == 2 AND c == 3",
                .or([
                    compare(key("a"), .equal, number("1")),
                    .and([compare(key("b"), .equal, number("2")), compare(key("c"), .equal, number("3"))]),
                ])
            ),
            (
                "(a == 1 || b == 2) && !c == 3",
                .and([
                    .or([compare(key("a"), .equal, number("1")), compare(key("b"), .equal, number("2"))]),
                    .not(compare(key("c"), .equal, number("3"))),
                ])
            ),
            ("NOT NOT a == 1", .not(.not(compare(key("a"), .equal, number("1"))))),
            (
                "(a + b) * 2 > c / 4 - 1",
                compare(
                    .arithmetic(.arithmetic(key("a"), .add, key("b")), .multiply, number("2")),
                    .greater,
                    .arithmetic(.arithmetic(key("c"), .divide, number("4")), .subtract, number("1"))
                )
            ),
            (
                "2 ** 3 ** 2 == x",
                compare(
                    .arithmetic(.arithmetic(number("2"), .power, number("3")), .power, number("2")),
                    .equal,
                    key("x")
                )
            ),
            ("-a == 1", compare(.negated(key("a")), .equal, number("1"))),
            (
                "items[FIRST].name == 'a'",
                compare(.keyPath(.index(key("items"), .first), ["name"]), .equal, string("a"))
            ),
            ("items[SIZE] == 2", compare(.index(key("items"), .size), .equal, number("2"))),
            ("items[0] == $x", compare(.index(key("items"), .position(number("0"))), .equal, .variable("x"))),
            ("released < now()", compare(key("released"), .less, .function("now", []))),
            (
                "released > CAST(0, 'NSDate')",
                compare(key("released"), .greater, .function("CAST", [number("0"), string("NSDate")]))
            ),
            (
                "SUBQUERY(albums, $a, $a.rating > 3).@count > 0",
                compare(
                    .keyPath(
                        .subquery(
                            key("albums"),
                            variable: "a",
                            compare(.keyPath(.variable("a"), ["rating"]), .greater, number("3"))
                        ),
                        ["@count"]
                    ),
                    .greater,
                    number("0")
                )
            ),
            ("name == 'it\\'s \\\"quoted\\\"\\n'", compare(key("name"), .equal, string("it's \"quoted\"\n"))),
            ("name == 'Zoë'", compare(key("name"), .equal, string("Zoë"))),
        ]
    }

    @Test("each form parses into its tree", arguments: trees.indices)
    func forms(index: Int) throws {
        let (format, expected) = Self.trees[index]
        #expect(try ModelPredicate(format: format).syntax == expected, "\(format)")
    }

    @Test("a predicate's description parses back into the same tree", arguments: trees.indices)
    func descriptionRoundTrips(index: Int) throws {
        let (format, _) = Self.trees[index]
        let predicate = try ModelPredicate(format: format)
        #expect(try ModelPredicate(format: predicate.description) == predicate, "\(format) -> \(predicate)")
    }

    @Test("printing nests no deeper than parsing: long chains of operators and negations print as they parse")
    func printingDepth() throws {
        // Found by fuzzing (Fuzz/Regressions/predicate/nested-negations-printed-deeper): each
        // negation was printed in parentheses, past the depth limit the parse kept within.
        let chains = [
            "a - " + String(repeating: "-", count: ModelPredicate.maximumDepth - 3) + "b == v",
            Array(repeating: "a", count: 500).joined(separator: " + ") + " == 1",
            Array(repeating: "a", count: 500).joined(separator: " ** ") + " == 1",
            "a - (b - c) == (a - b) - c AND a / (b * c) == a / b * c AND -(a + b) == -a ** 2",
        ]
        for format in chains {
            let predicate = try ModelPredicate(format: format)
            #expect(try ModelPredicate(format: predicate.description) == predicate, "\(format)")
        }
        #expect(
            try ModelPredicate(format: "a - (b - c) == (a - b) - c").description == "a - (b - c) == a - b - c"
        )
        // Found by fuzzing (Fuzz/Regressions/predicate/reserved-word-as-function-name): a
        // function named by a reserved word was printed without its '#'.
        let function = try ModelPredicate(format: "y == #SUBQUERY('x') AND #in(1) == 2")
        #expect(function.description == #"y == #SUBQUERY("x") AND #in(1) == 2"#)
        #expect(try ModelPredicate(format: function.description) == function)
    }

    @Test("format arguments: %@ of each kind, %K, %d, %f, and their mistakes")
    func formatArguments() throws {
        let date = Date(timeIntervalSince1970: 0)
        let uuid = UUID()
        #expect(
            try ModelPredicate(format: "%K == %@ AND b == %@", "a.b", "x", date).syntax
                == .and([
                    Self.compare(Self.key("a.b"), .equal, Self.string("x")),
                    Self.compare(Self.key("b"), .equal, .constant(.date(date))),
                ])
        )
        #expect(
            try ModelPredicate(format: "a == %d", Int64.min).syntax
                == Self.compare(Self.key("a"), .equal, Self.number("-9223372036854775808"))
        )
        #expect(
            try ModelPredicate(format: "a == %lld AND b == %lu", 7, UInt64.max).description
                == "a == 7 AND b == 18446744073709551615"
        )
        #expect(
            try ModelPredicate(format: "a < %f", 2.5).syntax == Self.compare(Self.key("a"), .less, Self.number("2.5"))
        )
        #expect(
            try ModelPredicate(format: "a == %@", nil).syntax == Self.compare(Self.key("a"), .equal, .constant(.null))
        )
        #expect(
            try ModelPredicate(format: "a == %@", uuid).syntax
                == Self.compare(Self.key("a"), .equal, .constant(.uuid(uuid)))
        )
        #expect(
            try ModelPredicate(format: "a IN %@", [1, 2]).syntax
                == Self.compare(Self.key("a"), .in, .constant(.array([.number("1"), .number("2")])))
        )
        #expect(
            try ModelPredicate(format: "a == %@", Decimal(string: "19.99")).syntax
                == Self.compare(Self.key("a"), .equal, Self.number("19.99"))
        )
        #expect(
            try ModelPredicate(format: "a == '%@'").description == #"a == "%@""#,
            "a specifier inside a string is text"
        )

        let mistakes: [(String, [Any?], String)] = [
            ("a == %@", [], "column 6: expected an argument for %@ (0 given), found %@"),
            (
                "a == %@", [1, 2],
                "column 8: expected as many format specifiers as arguments (2 given, 1 used), found the end"
            ),
            ("a == %d", ["x"], "column 6: expected an integer for %d, found a String"),
            ("a == %f", [Double.nan], "column 6: expected a finite floating-point number for %f, found a Double"),
            ("%K == 1", [3], "column 1: expected a key path (a String) for %K, found a Int"),
            (
                "a == %@", [NSObject()],
                "column 6: expected a string, number, Boolean, date, UUID, URL, data, object, nil or a collection of "
                    + "them for %@, found a NSObject"
            ),
        ]
        for (format, arguments, message) in mistakes {
            let error = #expect(throws: PredicateSyntaxError.self) {
                try ModelPredicate(format: format, argumentArray: arguments)
            }
            #expect(error?.description == message, "\(format)")
        }
    }

    static let errors: [(String, String)] = [
        ("", "column 1: expected a value (a key path, a literal, a variable or a format argument), found the end"),
        (
            "name == ",
            "column 9: expected a value (a key path, a literal, a variable or a format argument), found the end"
        ),
        (
            "name",
            "column 5: expected a comparison (==, !=, <, <=, >, >=, BETWEEN, IN, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, "
                + "MATCHES), found the end"
        ),
        ("name == 'Japan", "column 9: expected the closing quote of the string that starts here, found '''"),
        ("a == 1 b == 2", "column 8: expected AND, OR or the end of the predicate, found 'b'"),
        ("(a == 1", "column 8: expected ')' closing the predicate in parentheses, found the end"),
        ("a == 1)", "column 7: expected AND, OR or the end of the predicate, found ')'"),
        ("a ==[x] 1", "column 6: expected comparison options made of c, d, n and l, found 'x'"),
        ("a == 1e999", "column 6: expected a number within Double's range, found '1'"),
        ("a == 0x1FFFFFFFFFFFFFFFF", "column 6: expected a hexadecimal number below 2^64, found '0'"),
        ("a == 1e", "column 8: expected the digits of an exponent, found the end"),
        ("a == 'x\\q'", "column 8: expected an escape (\\\", \\', \\\\, \\n, \\t, \\r or \\0), found '\\'"),
        ("a == $", "column 7: expected a variable name after '$', found the end"),
        ("a.@ == 1", "column 4: expected a collection operator after '@', found ' '"),
        ("a. == 1", "column 4: expected a key or a collection operator (@count, @sum, …) after '.', found '=='"),
        ("a == ^", "column 6: expected a key path, a literal, an operator or a format argument, found '^'"),
        (
            "a == %q",
            "column 7: expected a format specifier (%@, %K, %d, %i, %u, %f, with l or ll before d, i, u, f), found 'q'"
        ),
        ("SUBQUERY(x, y, TRUEPREDICATE).@count > 0", "column 13: expected the variable of SUBQUERY ($x), found 'y'"),
        ("a IN {1, 2", "column 11: expected ',' or '}' in the list, found the end"),
        ("items[FIRST == 1", "column 13: expected ']' closing the index, found '=='"),
        ("Zoë == Zoë Zoë", "column 12: expected AND, OR or the end of the predicate, found 'Zoë'"),
        ("#AND == 1 AND #", "column 16: expected a name after '#', found the end"),
    ]

    @Test("a malformed predicate is an error with its column and what was expected", arguments: errors.indices)
    func syntaxErrors(index: Int) {
        let (format, message) = Self.errors[index]
        let error = #expect(throws: PredicateSyntaxError.self) { try ModelPredicate(format: format) }
        #expect(error?.description == message, "\(format)")
        #expect(error?.format == format)
    }

    @Test("nesting to the limit parses on a 512 KB stack (4 MB under sanitizers); deeper or longer is an error")
    func limits() throws {
        let depth = ModelPredicate.maximumDepth
        // The parser recurses (to at most maximumDepth levels): its frames fit 512 KB in debug
        // and release builds, not under a sanitizer's instrumentation, which gets 4 MB.
        onSmallStack(stackSize: runsUnderSanitizer ? 4 << 20 : 512 << 10) {
            // The predicate is one level, each parenthesized predicate one more, and each side
            // of the comparison inside one more again.
            func nested(_ count: Int) -> String {
                String(repeating: "(", count: count) + "a == 1" + String(repeating: ")", count: count)
            }
            #expect((try? ModelPredicate(format: nested(depth - 2))) != nil)
            #expect((try? ModelPredicate(format: nested(depth - 1))) == nil)
            let minus = "a == " + String(repeating: "-", count: depth - 2) + "b"
            #expect((try? ModelPredicate(format: minus)) != nil)
            for deep in [
                String(repeating: "(", count: 100_000) + "a == 1" + String(repeating: ")", count: 100_000),
                String(repeating: "NOT ", count: 100_000) + "a == 1",
                "a == " + String(repeating: "-", count: 100_000) + "1",
                "a IN " + String(repeating: "{", count: 100_000), "a == " + String(repeating: "f(", count: 30_000),
                String(repeating: "SUBQUERY(a, $x, ", count: 5_000),
            ] {
                let error = #expect(throws: PredicateSyntaxError.self) { try ModelPredicate(format: deep) }
                #expect(
                    error?.expected == "at most \(depth) levels of nesting"
                        || error?.expected.hasPrefix("a format of at most") == true
                )
            }
        }
        let long = Array(repeating: "a == 1", count: 20_000).joined(separator: " AND ")
        let error = #expect(throws: PredicateSyntaxError.self) { try ModelPredicate(format: long) }
        #expect(error?.expected == "a format of at most \(ModelPredicate.maximumLength) bytes")
        // Just under the limit: a long flat predicate parses.
        let wide = Array(repeating: "a == 1", count: 5_000).joined(separator: " AND ")
        #expect(
            try ModelPredicate(format: wide).syntax
                == .and(Array(repeating: Self.compare(Self.key("a"), .equal, Self.number("1")), count: 5_000))
        )
    }

    @Test(
        "every predicate of the corpus's model files parses",
        .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
    )
    func corpusPredicates() throws {
        var count = 0
        for file in TestPaths.corpusContentsFiles() {
            guard let model = try? ObjectModel(contentsOf: file.deletingLastPathComponent()) else { continue }
            let predicates =
                model.fetchRequestTemplates.compactMap(\.predicateString)
                + model.entities.flatMap { $0.fetchedProperties.compactMap(\.predicateString) }
            for format in predicates {
                count += 1
                #expect(throws: Never.self, "\(file.path): \(format)") { try ModelPredicate(format: format) }
            }
        }
        #expect(count >= 6, "the corpus has predicates to parse")
    }
}
