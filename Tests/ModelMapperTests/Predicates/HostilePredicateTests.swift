import Foundation
import ModelMapper
import TestSupport
import Testing

/// Hostile predicates, every case of each class in a child process (as the rest of
/// ``HostileInputTests``): every prefix of a set of predicates, every character of them replaced
/// by a hostile one, and pathological formats (nesting, length, literals, patterns, quantifiers
/// that multiply). A case passes when it parses and runs as a fetch over the Bands graph, giving
/// objects of the entity or a ``PredicateEvaluationError``, or is refused with a
/// ``PredicateSyntaxError`` whose column lies inside the format (or just past its end) — within
/// the time limits, never a crash or a hang.
@Suite("Hostile predicates, every case of each class, in a child process")
struct HostilePredicateTests {
    @Test(
        "every prefix of every predicate, and every character replaced by a hostile one: parsed and run, or refused at a column"
    )
    func damagedPredicates() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            HostileInputTests.finish(HostilePredicateTests.damageProblems())
        }
        HostileInputTests.report(result)
    }

    @Test(
        "pathological predicates (nesting, length, huge literals, backtracking patterns, quantifiers that multiply) end in an error or an answer in bounded time"
    )
    func pathologicalPredicates() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            HostileInputTests.finish(HostilePredicateTests.pathologicalProblems())
        }
        HostileInputTests.report(result)
    }

    /// Predicates over the Bands model, one of each form: comparisons, string operators with
    /// modifiers, key paths, quantifiers, aggregates, SUBQUERY, literals, variables, functions.
    static let seeds = [
        "name == 'Japan' AND formed >= 1974",
        "name BEGINSWITH[cd] 'ja' OR otherNames CONTAINS[c] \"crow\"",
        "NOT (formed BETWEEN {1970, 1980}) && name LIKE '*a?a*'",
        "name MATCHES '[A-Z][a-z]+' || name IN {'Japan', 'Talk Talk'}",
        "ANY albums.released > CAST(0, 'NSDate') AND albums.@count >= 2",
        "ALL members.joined <= 1982 OR NONE members.musician.name ENDSWITH[d] 'n'",
        "SUBQUERY(members, $m, $m.joined > 1975 AND $m.musician.born < 1960).@count > 0",
        "members.@avg.joined > 1970.5 AND members.@max.joined - members.@min.joined < 10",
        "name == $NAME AND formed > $YEAR",
        "uppercase(name) == 'JAPAN' AND abs(formed - 2000) > -1e3",
        "TRUEPREDICATE", "FALSEPREDICATE", "name != nil AND bandDescription == NULL",
        "albums[FIRST].name == 'Gentlemen Take Polaroids' OR albums[SIZE] == 3 OR albums[0].name != ''",
        "formed * 2 + 1 > 3947 AND formed % 7 >= 0 AND -formed < 0",
    ]

    /// What each character is replaced by: brackets, quotes, escapes, operators, a NUL, a
    /// variable, a format argument, an aggregate, non-ASCII text.
    static let hostileCharacters: [Character] = [
        "(", ")", "{", "}", "[", "]", "'", "\"", "\\", "$", "%", "@", "=", "<", "!", "&", "|", ",", ".",
        "*", "-", "9", " ", "\u{0}", "é", "🎸",
    ]

    static let limits = ModelPredicate.EvaluationOptions(matchTimeLimit: .milliseconds(50), stepLimit: 100_000)

    static func damageProblems() -> [String] {
        var problems: [String] = []
        guard let graph = bandsGraph(&problems) else { return problems }
        for seed in seeds {
            let characters = Array(seed)
            for length in 0..<characters.count {
                check(String(characters[..<length]), over: graph, &problems)
            }
            for index in characters.indices {
                for replacement in hostileCharacters where replacement != characters[index] {
                    var damaged = characters
                    damaged[index] = replacement
                    check(String(damaged), over: graph, &problems)
                }
            }
        }
        return problems
    }

    static func pathologicalProblems() -> [String] {
        var problems: [String] = []
        guard let graph = bandsGraph(&problems) else { return problems }
        let long = String(repeating: "a", count: 70_000)
        let cases: [(format: String, refused: Bool)] = [
            (String(repeating: "(", count: 30_000) + "TRUEPREDICATE" + String(repeating: ")", count: 30_000), true),
            (String(repeating: "NOT ", count: 15_000) + "TRUEPREDICATE", true),
            (String(repeating: "-", count: 60_000) + "1 == formed", true),
            ("name == '\(long)'", true),
            (Array(repeating: "formed > 1", count: 5_000).joined(separator: " AND "), true),
            ("formed == 1e999999999999999999999", false),
            ("formed == 99999999999999999999999999999999999999999999999999999999999", false),
            ("formed < -0.0000000000000000000000000000000000000000000000000000000001", false),
            ("formed ** 99999999 > 1", false),
            ("formed * 9223372036854775807 * 9223372036854775807 > 0", false),
            ("name LIKE '\(String(repeating: "*a", count: 500))b'", false),
            ("name MATCHES '(a+)+b' OR otherNames MATCHES '(.*)*(.*)*(.*)*x'", false),
            ("name MATCHES '\(String(repeating: "(", count: 2_000))'", false),
            (
                "SUBQUERY(albums, $a, SUBQUERY($a.band.albums, $b, SUBQUERY($b.band.members, $c, "
                    + "SUBQUERY($c.band.albums, $d, $d.band.members.@count > 0).@count > 0).@count > 0).@count > "
                    + "0).@count > 0",
                false
            ),
            ("ANY albums.band.albums.band.albums.band.albums.band.albums.band.albums.band.albums.name == 'x'", false),
            ("$\(long) == 1", true),
            ("%@ == 1", true),
        ]
        for (format, refused) in cases {
            let start = ContinuousClock.now
            let parsed = check(format, over: graph, &problems)
            if refused, parsed {
                problems.append("\(format.prefix(60))…: parsed, but its nesting or length is past the limits")
            }
            if ContinuousClock.now - start > .seconds(5) {
                problems.append("\(format.prefix(60))…: took \(ContinuousClock.now - start)")
            }
        }
        return problems
    }

    /// Parses `format` and, when it parses, runs it over every entity of the graph; records
    /// what is wrong. Returns whether it parsed.
    @discardableResult
    static func check(_ format: String, over graph: ObjectGraph, _ problems: inout [String]) -> Bool {
        let predicate: ModelPredicate
        do throws(PredicateSyntaxError) {
            predicate = try ModelPredicate(format: format)
        } catch {
            if error.column < 1 || error.column > format.count + 1 {
                problems.append("\(format.debugDescription.prefix(80)): a column outside the format: \(error)")
            }
            if error.expected.isEmpty {
                problems.append(
                    "\(format.debugDescription.prefix(80)): an error that says nothing of what was expected"
                )
            }
            return false
        }
        // Every variable given a value of some kind, so that evaluation goes past them.
        let values: [Any] = ["Japan", 1974, Date(timeIntervalSince1970: 0), [1, 2]]
        var variables: [String: Any] = [:]
        for (index, name) in predicate.freeVariables.sorted().enumerated() {
            variables[name] = values[index % values.count]
        }
        for entity in graph.model.entities {
            do throws(PredicateEvaluationError) {
                let request = ModelFetchRequest(entityName: entity.name, predicate: predicate)
                let objects = try graph.fetch(request, substitutionVariables: variables, options: limits)
                if !objects.allSatisfy({ $0.entity.isKind(of: entity) }) {
                    problems.append("\(format.prefix(80)): a fetch of \(entity.name) gave objects of another entity")
                }
            } catch {
                if error.description.isEmpty {
                    problems.append("\(format.prefix(80)): an evaluation error without a message")
                }
            }
        }
        return true
    }

    /// The Bands model with its fixture merged into a graph.
    static func bandsGraph(_ problems: inout [String]) -> ObjectGraph? {
        do {
            let graph = ObjectGraph(model: try ObjectModel(contentsOf: TestPaths.model("Bands")))
            let document = try TestPaths.fixture("Bands/bands.json")
            for (entity, key) in [
                ("Band", "bands"), ("Musician", "musicians"), ("BandMember", "band_members"), ("Album", "albums"),
            ] {
                _ = try graph.merge(document, entity: entity, at: key)
            }
            return graph
        } catch {
            problems.append("the Bands model and fixture do not load: \(error)")
            return nil
        }
    }
}
