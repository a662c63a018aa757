import Foundation
import ModelMapper
import Testing

/// Predicates evaluated over a fixed graph of five people (one a Manager, a subentity), two
/// departments and three projects: a conformance table of predicate strings, each with the
/// people it selects, written from the semantics of Apple's Predicate Programming Guide
/// (comparisons by the attribute's type, `[c]`/`[d]`, quantifiers over to-many key paths,
/// collection operators, subqueries, `nil` that equals only `nil` and orders with nothing).
@Suite("Predicates: evaluation over an object graph")
struct PredicateEvaluationTests {
    static let modelXML = """
        <model>
          <entity name="Person">
            <attribute name="name" attributeType="String"/>
            <attribute name="nickname" optional="YES" attributeType="String"/>
            <attribute name="age" attributeType="Integer 16"/>
            <attribute name="salary" attributeType="Decimal"/>
            <attribute name="rating" attributeType="Double"/>
            <attribute name="born" attributeType="Date"/>
            <attribute name="active" attributeType="Boolean"/>
            <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray" customClassName="[String]"/>
            <attribute name="uuid" optional="YES" attributeType="UUID"/>
            <attribute name="big" attributeType="Integer 64"/>
            <relationship name="department" optional="YES" maxCount="1" destinationEntity="Department" inverseName="members" inverseEntity="Department"/>
            <relationship name="projects" optional="YES" toMany="YES" destinationEntity="Project" inverseName="people" inverseEntity="Project"/>
            <fetchedProperty name="colleagues" optional="YES">
              <fetchRequest name="fetchedPropertyFetchRequest" entity="Person" predicateString="department == $FETCH_SOURCE.department AND SELF != $FETCH_SOURCE AND age &gt;= CAST($FETCHED_PROPERTY.userInfo.minimumAge, &quot;NSNumber&quot;)"/>
              <userInfo><entry key="minimumAge" value="30"/></userInfo>
            </fetchedProperty>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Manager" parentEntity="Person">
            <attribute name="level" attributeType="Integer 32"/>
          </entity>
          <entity name="Department">
            <attribute name="name" attributeType="String"/>
            <attribute name="budget" attributeType="Decimal"/>
            <relationship name="members" optional="YES" toMany="YES" destinationEntity="Person" inverseName="department" inverseEntity="Person"/>
            <userInfo><entry key="identityAttributes" value="name"/></userInfo>
          </entity>
          <entity name="Project">
            <attribute name="title" attributeType="String"/>
            <attribute name="budget" attributeType="Decimal"/>
            <attribute name="started" attributeType="Date"/>
            <relationship name="people" optional="YES" toMany="YES" destinationEntity="Person" inverseName="projects" inverseEntity="Person"/>
            <userInfo><entry key="identityAttributes" value="title"/></userInfo>
          </entity>
          <fetchRequest name="byName" entity="Person" predicateString="name ==[c] $name"/>
          <fetchRequest name="olderThan" entity="Person" predicateString="age &gt; $age" fetchLimit="2"/>
          <fetchRequest name="everyone" entity="Person"/>
        </model>
        """

    static let document = """
        {
          "departments": [{"name": "R&D", "budget": 10000.00}, {"name": "Sales", "budget": 5000}],
          "projects": [
            {"title": "Engine", "budget": 1000.5, "started": "2020-01-01T00:00:00Z"},
            {"title": "Notes", "budget": 250, "started": "2021-06-01T00:00:00Z"},
            {"title": "Web", "budget": 0.1, "started": "2022-03-15T00:00:00Z"}
          ],
          "people": [
            {"name": "Ada", "nickname": "Countess", "age": 36, "salary": 1500.50, "rating": 4.5,
             "born": "1815-12-10T00:00:00Z", "active": true, "tags": "math,poetry",
             "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "big": 9007199254740993,
             "department": "R&D", "projects": ["Engine", "Notes"]},
            {"name": "Bob", "nickname": null, "age": 25, "salary": 900, "rating": 3.0,
             "born": "1990-01-01T00:00:00Z", "active": false, "big": 1, "department": "Sales", "projects": []},
            {"name": "Chloé", "nickname": "clo", "age": 41, "salary": 2000, "rating": 4.9,
             "born": "1983-05-05T00:00:00Z", "active": true, "tags": "poetry,music", "big": -5,
             "department": "R&D", "projects": ["Notes", "Web"]},
            {"name": "dave", "age": 19, "salary": 100.25, "rating": 2.5, "born": "2005-07-20T00:00:00Z",
             "active": true, "tags": "music", "big": 0, "department": null, "projects": ["Web"]}
          ],
          "managers": [
            {"name": "Eve", "age": 50, "salary": 3000, "rating": 5.0, "born": "1974-02-02T00:00:00Z",
             "active": false, "tags": "math", "big": 42, "level": 3, "department": "Sales",
             "projects": ["Engine", "Notes", "Web"]}
          ]
        }
        """

    let model: ObjectModel
    let graph: ObjectGraph

    init() throws {
        model = try ObjectModel(xml: Self.modelXML)
        graph = ObjectGraph(model: model)
        let data = Data(Self.document.utf8)
        for (entity, key) in [
            ("Department", "departments"), ("Project", "projects"), ("Person", "people"), ("Manager", "managers"),
        ] {
            let result = try graph.merge(data, entity: entity, at: key)
            #expect(result.errors.isEmpty, "\(result.errors)")
        }
    }

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    static let options = ModelPredicate.EvaluationOptions(now: date("2026-11-24T00:00:00Z"))

    /// The names of the people `format` selects, sorted by their characters.
    func select(_ format: String, _ arguments: [Any?] = [], variables: [String: Any] = [:]) throws -> String {
        let predicate = try ModelPredicate(format: format, argumentArray: arguments)
        let request = ModelFetchRequest(entityName: "Person", predicate: predicate)
        let people = try graph.fetch(request, substitutionVariables: variables, options: Self.options)
        return people.compactMap { $0.value(forKey: "name") as? String }.sorted().joined(separator: ",")
    }

    /// Format strings without arguments and the people they select.
    static let table: [(format: String, expected: String)] = [
        // Numbers, compared exactly by the attribute's type.
        ("age == 36", "Ada"), ("age = 36", "Ada"), ("age != 36", "Bob,Chloé,Eve,dave"),
        ("age <> 36", "Bob,Chloé,Eve,dave"),
        ("age < 25", "dave"), ("age <= 25", "Bob,dave"), ("age =< 25", "Bob,dave"), ("age > 40", "Chloé,Eve"),
        ("age >= 41", "Chloé,Eve"), ("age => 41", "Chloé,Eve"), ("age BETWEEN {25, 41}", "Ada,Bob,Chloé"),
        ("age IN {19, 50}", "Eve,dave"), ("NOT age IN {19, 50}", "Ada,Bob,Chloé"), ("age == 36.0", "Ada"),
        ("age == 36.5", ""), ("age == 3.6e1", "Ada"), ("age == 0x24", "Ada"),
        ("salary == 1500.5", "Ada"), ("salary == 1500.50", "Ada"), ("salary > 1000", "Ada,Chloé,Eve"),
        ("salary < 100.26", "dave"), ("salary >= 900 AND salary <= 2000", "Ada,Bob,Chloé"),
        ("salary == 100.250000000000000000000000000000000000001", ""),
        ("salary < 100.250000000000000000000000000000000000001", "dave"),
        ("rating == 4.5", "Ada"), ("rating > 4.5", "Chloé,Eve"), ("rating == 3", "Bob"), ("rating < 2.51", "dave"),
        ("big == 9007199254740993", "Ada"), ("big == 9007199254740992", ""), ("big < 0", "Chloé"),
        ("big > 9007199254740992.5", "Ada"), ("big == 42.000", "Eve"), ("big == -5", "Chloé"),
        ("big > 99999999999999999999999999999999999999999", ""),
        ("big > -99999999999999999999999999999999999999999", "Ada,Bob,Chloé,Eve,dave"),
        // Arithmetic: integers while they fit, then Decimal; a Double makes a Double.
        ("age + 1 == 37", "Ada"), ("age * 2 > 80", "Chloé,Eve"), ("age / 2 == 18", "Ada"), ("age / 2 == 12.5", "Bob"),
        ("age - 50 == 0", "Eve"), ("-age == -19", "dave"), ("age ** 2 == 361", "dave"), ("salary * 2 == 3001", "Ada"),
        ("rating * 2 == 9", "Ada"), ("salary + rating > 3000", "Eve"),
        ("big + 9223372036854775807 > 9223372036854775807", "Ada,Bob,Eve"),
        ("age + 1 BETWEEN {20, 26}", "Bob,dave"), ("2 ** 10 == 1024 AND age == 19", "dave"),
        ("(age + 4) * 2 == 80", "Ada"), ("age + 4 * 2 == 44", "Ada"),
        // Strings: [c] case, [d] diacritics.
        ("name == 'Ada'", "Ada"), ("name == \"Ada\"", "Ada"), ("name ==[c] 'ADA'", "Ada"), ("name == 'ada'", ""),
        ("name ==[d] 'Chloe'", "Chloé"), ("name == 'Chloe'", ""), ("name ==[cd] 'CHLOE'", "Chloé"),
        ("name !=[c] 'ADA'", "Bob,Chloé,Eve,dave"), ("name BEGINSWITH 'A'", "Ada"), ("name BEGINSWITH[c] 'D'", "dave"),
        ("name BEGINSWITH 'd'", "dave"), ("name BEGINSWITH 'D'", ""), ("name ENDSWITH 'e'", "Eve,dave"),
        ("name ENDSWITH[d] 'e'", "Chloé,Eve,dave"), ("name ENDSWITH[cd] 'E'", "Chloé,Eve,dave"),
        ("name CONTAINS 'o'", "Bob,Chloé"), ("name CONTAINS[c] 'B'", "Bob"), ("name CONTAINS 'b'", "Bob"),
        ("name CONTAINS ''", ""), ("name BEGINSWITH ''", ""),
        ("name LIKE 'A*'", "Ada"), ("name LIKE '?ob'", "Bob"), ("name LIKE '*v*'", "Eve,dave"),
        ("name LIKE[c] 'd*E'", "dave"), ("name LIKE 'Chlo?'", "Chloé"), ("name LIKE '*'", "Ada,Bob,Chloé,Eve,dave"),
        ("name LIKE 'B*b*'", "Bob"), ("name LIKE '???'", "Ada,Bob,Eve"), ("name LIKE[d] 'Chlo*e'", "Chloé"),
        ("name LIKE '*a*a*'", ""), ("name LIKE[c] '*a*a*'", "Ada"), ("name LIKE 'A'", ""),
        ("name LIKE '*e'", "Eve,dave"),
        ("name MATCHES 'A.a'", "Ada"), ("name MATCHES '[A-C].*'", "Ada,Bob,Chloé"), ("name MATCHES 'a.*'", ""),
        ("name MATCHES[c] 'a.*'", "Ada"), ("name MATCHES 'b'", ""), ("name MATCHES '.*o.*'", "Bob,Chloé"),
        ("name MATCHES[d] 'Chloe'", "Chloé"), ("name MATCHES '\\\\w{3}'", "Ada,Bob,Eve"),
        ("name < 'C'", "Ada,Bob"), ("name <[c] 'c'", "Ada,Bob"), ("name > 'Eve'", "dave"),
        ("name IN {'Ada', 'Eve'}", "Ada,Eve"), ("name IN[c] {'ada', 'EVE'}", "Ada,Eve"), ("'v' IN name", "Eve,dave"),
        ("name IN 'AdaBob'", "Ada,Bob"), ("lowercase(name) == 'dave'", "dave"),
        ("uppercase(name) BEGINSWITH 'CH'", "Chloé"),
        // nil equals only nil and orders with nothing.
        ("nickname == nil", "Bob,Eve,dave"), ("nickname != nil", "Ada,Chloé"), ("nickname == NULL", "Bob,Eve,dave"),
        ("nil == nickname", "Bob,Eve,dave"), ("nickname BEGINSWITH 'C'", "Ada"), ("nickname < 'd'", "Ada,Chloé"),
        ("nickname > 'a'", "Chloé"), ("NOT nickname < 'd'", "Bob,Eve,dave"), ("uuid == nil", "Bob,Chloé,Eve,dave"),
        ("department == nil", "dave"),
        // Booleans, also as numbers.
        ("active == YES", "Ada,Chloé,dave"), ("active == TRUE", "Ada,Chloé,dave"), ("active == NO", "Bob,Eve"),
        ("active == FALSE", "Bob,Eve"), ("active == 1", "Ada,Chloé,dave"), ("active == 0", "Bob,Eve"),
        ("active == FALSE AND age > 30", "Eve"), ("active > 0", "Ada,Chloé,dave"),
        // Dates.
        ("born < CAST(0, 'NSDate')", "Ada,Bob,Chloé,Eve"), ("born > CAST(0, \"NSDate\")", "dave"),
        ("born < now()", "Ada,Bob,Chloé,Eve,dave"), ("CAST(born, 'NSNumber') < 0", "Ada,Bob,Chloé,Eve"),
        ("born > CAST('100000000', 'NSDate')", "dave"),
        ("born BETWEEN {CAST(-660000000, 'NSDate'), now()}", "Bob,Chloé,dave"),
        // Lists read from comma-separated text.
        ("ANY tags == 'math'", "Ada,Eve"), ("SOME tags == 'math'", "Ada,Eve"), ("'poetry' IN tags", "Ada,Chloé"),
        ("tags CONTAINS 'music'", "Chloé,dave"), ("tags.@count == 2", "Ada,Chloé"), ("tags.@count == 0", "Bob"),
        ("ALL tags BEGINSWITH 'm'", "Bob,Eve,dave"), ("NONE tags == 'poetry'", "Bob,Eve,dave"),
        ("ANY tags ==[c] 'MUSIC'", "Chloé,dave"), ("NOT (ANY tags == 'math')", "Bob,Chloé,dave"),
        // To-one key paths.
        ("department.name == 'R&D'", "Ada,Chloé"), ("department.budget > 6000", "Ada,Chloé"),
        ("department.name ==[c] 'sales'", "Bob,Eve"), ("department.name != 'Sales'", "Ada,Chloé,dave"),
        ("department.budget == 10000", "Ada,Chloé"), ("department.members.@count == 2", "Ada,Bob,Chloé,Eve"),
        ("ANY department.members.name == 'Eve'", "Bob,Eve"),
        // To-many key paths: quantifiers, collection operators, subqueries, indexes.
        ("ANY projects.title == 'Web'", "Chloé,Eve,dave"), ("ALL projects.budget > 100", "Ada,Bob"),
        ("NONE projects.title == 'Engine'", "Bob,Chloé,dave"), ("ANY projects.budget < 1", "Chloé,Eve,dave"),
        ("projects.@count == 3", "Eve"), ("projects.@count > 1", "Ada,Chloé,Eve"), ("projects.@count == 0", "Bob"),
        ("projects.@sum.budget > 1000", "Ada,Eve"), ("projects.@sum.budget == 1250.6", "Eve"),
        ("projects.@avg.budget == 625.25", "Ada"), ("projects.@max.budget == 1000.5", "Ada,Eve"),
        ("projects.@min.budget == 0.1", "Chloé,Eve,dave"), ("projects.@sum.budget == 0", "Bob"),
        ("projects.@max.started > CAST(662601600, 'NSDate')", "Chloé,Eve,dave"),
        ("SUBQUERY(projects, $p, $p.budget > 200).@count == 2", "Ada,Eve"),
        ("SUBQUERY(projects, $p, $p.title BEGINSWITH 'W' AND $p.budget < 1).@count > 0", "Chloé,Eve,dave"),
        ("SUBQUERY(projects, $p, ANY $p.people.name == 'Bob').@count > 0", ""),
        ("SUBQUERY(projects, $p, ANY $p.people.age < 20).@count == 1", "Chloé,Eve,dave"),
        ("ANY projects.people.name == 'dave'", "Chloé,Eve,dave"), ("projects[FIRST].title == 'Engine'", "Ada,Eve"),
        ("projects[LAST].title == 'Web'", "Chloé,Eve,dave"), ("projects[SIZE] == 2", "Ada,Chloé"),
        ("projects[1].title == 'Notes'", "Ada,Eve"), ("projects[5].title == nil", "Ada,Bob,Chloé,Eve,dave"),
        ("count(projects) == 3", "Eve"), ("sum({age, 4}) == 40", "Ada"), ("max({age, rating}) > 40", "Chloé,Eve"),
        ("abs(big) == 5", "Chloé"), ("average({age, 0}) == 18", "Ada"), ("min({age, 20}) == 19", "dave"),
        // Logic and precedence: NOT over AND over OR.
        ("age > 30 AND active == YES", "Ada,Chloé"), ("age > 30 OR name == 'Bob'", "Ada,Bob,Chloé,Eve"),
        ("age > 30 && rating > 4.6", "Chloé,Eve"), ("age < 20 || age > 45", "Eve,dave"), ("NOT (age > 30)", "Bob,dave"),
        ("!(age > 30)", "Bob,dave"), ("NOT age > 30 AND active == YES", "dave"),
        ("age > 30 OR age < 20 AND active == NO", "Ada,Chloé,Eve"), ("(age > 30 OR age < 20) AND active == NO", "Eve"),
        ("TRUEPREDICATE", "Ada,Bob,Chloé,Eve,dave"), ("FALSEPREDICATE", ""), ("TRUEPREDICATE AND age == 19", "dave"),
        ("FALSEPREDICATE OR age == 19", "dave"), ("NOT FALSEPREDICATE AND NOT TRUEPREDICATE", ""),
        ("age > 20 AND age < 40 AND rating > 3", "Ada"),
        ("name == 'Ada' OR name == 'Bob' OR name == 'Eve'", "Ada,Bob,Eve"),
        ("SELF == SELF", "Ada,Bob,Chloé,Eve,dave"), ("uuid == 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'", "Ada"),
    ]

    @Test("The conformance table: each predicate selects the people it should")
    func conformanceTable() throws {
        for (format, expected) in Self.table {
            #expect(try select(format) == expected, "\(format)")
        }
    }

    @Test("Format arguments, variables and objects as values")
    func argumentsAndVariables() throws {
        let ada = try #require(graph.object(of: "Person", identity: "Ada"))
        let eve = try #require(graph.object(of: "Person", identity: "Eve"))
        let sales = try #require(graph.object(of: "Department", identity: "Sales"))
        let research = try #require(graph.object(of: "Department", identity: "R&D"))
        #expect(try select("%K == %@", ["name", "Bob"]) == "Bob")
        #expect(try select("age > %d", [40]) == "Chloé,Eve")
        #expect(try select("rating >= %f", [4.9]) == "Chloé,Eve")
        #expect(try select("name IN %@", [["Ada", "dave"]]) == "Ada,dave")
        #expect(try select("uuid == %@", [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")]) == "Ada")
        #expect(try select("SELF == %@", [eve]) == "Eve")
        #expect(try select("SELF IN %@", [[ada, eve]]) == "Ada,Eve")
        #expect(try select("department == %@", [sales]) == "Bob,Eve")
        #expect(try select("department IN %@", [[sales, research]]) == "Ada,Bob,Chloé,Eve")
        #expect(try select("born > %@", [Self.date("1980-01-01T00:00:00Z")]) == "Bob,Chloé,dave")
        #expect(try select("born == %@", [Self.date("1815-12-10T00:00:00Z")]) == "Ada")
        #expect(
            try select("born BETWEEN %@", [[Self.date("1980-01-01T00:00:00Z"), Self.date("1991-01-01T00:00:00Z")]])
                == "Bob,Chloé"
        )
        #expect(try select("salary == %@", [Decimal(string: "1500.5")]) == "Ada")
        #expect(try select("big == %lld", [Int64(9_007_199_254_740_993)]) == "Ada")
        #expect(try select("name == $who", variables: ["who": "Eve"]) == "Eve")
        #expect(try select("age BETWEEN {$low, $high}", variables: ["low": 20, "high": 40]) == "Ada,Bob")
        #expect(try select("department == $dept", variables: ["dept": research]) == "Ada,Chloé")
        #expect(try select("ANY projects.title IN $titles", variables: ["titles": ["Engine"]]) == "Ada,Eve")
        // Substituted ahead of time, the same.
        let predicate = try ModelPredicate(format: "name == $who AND age > $age")
            .substituting([
                "who": "Ada", "age": 30,
            ])
        #expect(predicate.description == #"name == "Ada" AND age > 30"#)
        #expect(try predicate.evaluate(with: ada))
        #expect(predicate.freeVariables.isEmpty)
        #expect(
            try ModelPredicate(format: "SUBQUERY(projects, $p, $p.budget > $min).@count > 0").freeVariables == ["min"]
        )
    }

    /// The error of running `format` against the people.
    func failure(_ format: String, variables: [String: Any] = [:], options: ModelPredicate.EvaluationOptions = options)
        throws -> PredicateEvaluationError?
    {
        let request = ModelFetchRequest(entityName: "Person", predicate: try ModelPredicate(format: format))
        do {
            _ = try graph.fetch(request, substitutionVariables: variables, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test("Predicates that cannot be evaluated give errors that say why and where")
    func errors() throws {
        #expect(try failure("titel == 'x'")?.kind == .unknownKey("titel", entity: "Person"))
        #expect(try failure("department.nam == 'x'")?.kind == .unknownKey("nam", entity: "Department"))
        #expect(try failure("ANY projects.titel == 'x'")?.kind == .unknownKey("titel", entity: "Project"))
        #expect(
            try failure("SUBQUERY(projects, $p, $p.titel == 'x').@count > 0")?.kind
                == .unknownKey("titel", entity: "Project")
        )
        // Keys are checked before any object is read: an empty graph says so too.
        let empty = ObjectGraph(model: model)
        #expect(throws: PredicateEvaluationError.self) {
            try empty.fetch(
                ModelFetchRequest(entityName: "Person", predicate: try ModelPredicate(format: "titel == 1"))
            )
        }
        #expect(try failure("name == $missing")?.kind == .missingVariable("missing"))
        #expect(try failure("name > 5")?.kind == .incomparable(left: "a string", operator: ">", right: "a number"))
        #expect(try failure("born < 5")?.kind == .incomparable(left: "a date", operator: "<", right: "a number"))
        #expect(try failure("projects.title == 'Web'")?.kind == .toManyNeedsQuantifier("projects.title"))
        #expect(try failure("projects.budget > 1")?.kind == .toManyNeedsQuantifier("projects.budget"))
        #expect(try failure("age / 0 == 1")?.kind == .invalidOperand("division by zero"))
        #expect(
            try failure("name MATCHES '('").map { "\($0)" }?
                .hasPrefix(
                    "MATCHES pattern \"(\": not a regular expression"
                ) == true
        )
        let unknownFunction = try failure("frobnicate(name) == 1")
        #expect(
            unknownFunction.map { "\($0)" }?.hasPrefix("function frobnicate: not one ModelMapper evaluates") == true
        )
        #expect(
            try failure("tags.@median == 1").map { "\($0)" }?.contains("unknown collection operator @median") == true
        )
        #expect(try failure("age BETWEEN {1}").map { "\($0)" }?.contains("BETWEEN needs a list of two bounds") == true)
        #expect(
            try failure("2 ** 1000 > big")
                .map { "\($0)" }?
                .contains("out of a Decimal's range") == true
        )
        // Foundation's Decimal multiplication traps below a power of ten of -128: these are
        // errors, not crashes (found by fuzz-predicate: Fuzz/Regressions/predicate/decimal-power-underflow).
        for format in [
            "5e-4 ** 444 == 1", "0.0000000000000000000000000000000000000000000000000000000000000000001 * 1e-64 == 0",
            "salary * 1e-127 < 1",
        ] {
            #expect(try failure(format).map { "\($0)" }?.contains("out of a Decimal's range") == true, "\(format)")
        }
        #expect(try select("0.5 ** 3 == 0.125 AND age == 19") == "dave")
        let unknown = try failure("titel == 'x'")
        #expect(unknown.map { "\($0)" } == #"entity Person has no property 'titel', in titel == "x""#)
        #expect(throws: PredicateEvaluationError(.unknownEntity("Persn"))) {
            try graph.fetch(ModelFetchRequest(entityName: "Persn"))
        }
    }

    @Test("MATCHES is bounded: a pattern too long, or one that runs past its time limit, is an error")
    func matchesIsBounded() throws {
        let person = ModelObject(entity: try #require(model.entitiesByName["Person"]))
        try person.setValue(String(repeating: "a", count: 40), forKey: "name")
        let catastrophic = try ModelPredicate(format: "name MATCHES '(a+)+b'")
        let started = ContinuousClock.now
        #expect(throws: PredicateEvaluationError.self) {
            try catastrophic.evaluate(
                with: person,
                options: ModelPredicate.EvaluationOptions(matchTimeLimit: .milliseconds(50))
            )
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        let long = try ModelPredicate(format: "name MATCHES %@", String(repeating: "a", count: 1_001))
        #expect(throws: PredicateEvaluationError.self) { try long.evaluate(with: person) }
        // LIKE takes time linear in the text, whatever the pattern.
        try person.setValue(String(repeating: "a", count: 200_000), forKey: "name")
        let like = try ModelPredicate(format: "name LIKE %@", "*" + String(repeating: "a?", count: 100) + "b*")
        #expect(try !like.evaluate(with: person))
    }

    @Test(
        "Work that multiplies with each level (key paths through to-manys, nested subqueries) stops at the step limit"
    )
    func stepLimit() throws {
        let ada = try #require(graph.object(of: "Person", identity: "Ada"))
        let hops = Array(repeating: "projects.people", count: 40).joined(separator: ".")
        let path = try ModelPredicate(format: "ANY \(hops).name == 'nobody'")
        let limited = ModelPredicate.EvaluationOptions(stepLimit: 100_000)
        let started = ContinuousClock.now
        #expect(throws: PredicateEvaluationError.self) { try path.evaluate(with: ada, options: limited) }
        let subqueries = try ModelPredicate(
            format: (0..<30)
                .reduce("TRUEPREDICATE") { inner, level in
                    "SUBQUERY(projects.people.projects, $p\(level), \(inner)).@count > 0"
                }
        )
        #expect(throws: PredicateEvaluationError.self) { try subqueries.evaluate(with: ada, options: limited) }
        #expect(ContinuousClock.now - started < .seconds(20))
        // Within the limit, the same kind of predicate runs.
        #expect(try ModelPredicate(format: "ANY projects.people.projects.people.name == 'dave'").evaluate(with: ada))
    }

    @Test("Sort descriptors: by type, case-insensitively, Finder's order; nil first; ties in order")
    func sorting() throws {
        func names(_ descriptors: [ModelSortDescriptor], entity: String = "Person") throws -> [String] {
            try graph.fetch(ModelFetchRequest(entityName: entity, sortDescriptors: descriptors))
                .map {
                    ($0.value(forKey: "name") ?? $0.value(forKey: "title")) as? String ?? "?"
                }
        }
        #expect(try names([ModelSortDescriptor(keyPath: "name")]) == ["Ada", "Bob", "Chloé", "Eve", "dave"])
        #expect(
            try names([ModelSortDescriptor(keyPath: "name", comparison: .caseInsensitive)]) == [
                "Ada", "Bob", "Chloé", "dave", "Eve",
            ]
        )
        #expect(
            try names([ModelSortDescriptor(keyPath: "age", ascending: false)]) == [
                "Eve", "Chloé", "Ada", "Bob", "dave",
            ]
        )
        #expect(try names([ModelSortDescriptor(keyPath: "salary")]) == ["dave", "Bob", "Ada", "Chloé", "Eve"])
        #expect(try names([ModelSortDescriptor(keyPath: "born")]) == ["Ada", "Eve", "Chloé", "Bob", "dave"])
        // nil first ascending, last descending; ties keep the graph's order (people, then managers).
        #expect(try names([ModelSortDescriptor(keyPath: "nickname")]) == ["Bob", "dave", "Eve", "Ada", "Chloé"])
        #expect(
            try names([ModelSortDescriptor(keyPath: "nickname", ascending: false)]) == [
                "Chloé", "Ada", "Bob", "dave", "Eve",
            ]
        )
        #expect(
            try names([ModelSortDescriptor(keyPath: "active", ascending: false), ModelSortDescriptor(keyPath: "age")])
                == [
                    "dave", "Ada", "Chloé", "Bob", "Eve",
                ]
        )
        #expect(
            try names([ModelSortDescriptor(keyPath: "department.name"), ModelSortDescriptor(keyPath: "name")]) == [
                "dave", "Ada", "Chloé", "Bob", "Eve",
            ]
        )
        #expect(
            try names([ModelSortDescriptor(keyPath: "projects.@count"), ModelSortDescriptor(keyPath: "name")]) == [
                "Bob", "dave", "Ada", "Chloé", "Eve",
            ]
        )
        #expect(throws: PredicateEvaluationError(.unknownKey("nmae", entity: "Person"), predicate: "sort by nmae")) {
            try names([ModelSortDescriptor(keyPath: "nmae")])
        }
        // Finder's order: numbers by value, case and diacritics aside.
        let files = ["file10", "File2", "file1", "fïle3", "file02"]
        let titles = files.map { #"{"title": "\#($0)", "budget": 1, "started": "2020-01-01T00:00:00Z"}"# }
        let fileGraph = ObjectGraph(model: model)
        try fileGraph.merge(Data("[\(titles.joined(separator: ","))]".utf8), entity: "Project")
        let sorted = try fileGraph.fetch(
            ModelFetchRequest(
                entityName: "Project",
                sortDescriptors: [ModelSortDescriptor(keyPath: "title", comparison: .localizedStandard)]
            )
        )
        #expect(
            sorted.compactMap { $0.value(forKey: "title") as? String } == [
                "file1", "File2", "file02", "fïle3", "file10",
            ]
        )
    }

    @Test("Fetch requests: subentities, limit and offset, counts, any collection of objects")
    func fetchRequests() throws {
        let byAge = [ModelSortDescriptor(keyPath: "age")]
        var request = ModelFetchRequest(entityName: "Person", sortDescriptors: byAge)
        #expect(try graph.fetch(request).count == 5)
        request.includesSubentities = false
        #expect(
            try graph.fetch(request).compactMap { $0.value(forKey: "name") as? String } == [
                "dave", "Bob", "Ada", "Chloé",
            ]
        )
        request.includesSubentities = true
        request.fetchOffset = 1
        request.fetchLimit = 2
        #expect(try graph.fetch(request).compactMap { $0.value(forKey: "name") as? String } == ["Bob", "Ada"])
        request.fetchOffset = 10
        #expect(try graph.fetch(request).isEmpty)
        let managers = ModelFetchRequest(entityName: "Manager", predicate: try ModelPredicate(format: "level == 3"))
        #expect(try graph.fetch(managers, as: ModelObject.self).count == 1)
        #expect(
            try graph.count(
                for: ModelFetchRequest(entityName: "Person", predicate: try ModelPredicate(format: "age > 30"))
            ) == 3
        )
        // Any collection of objects: those of the entity (and subentities) only.
        let everything = graph.objects(of: "Person") + graph.objects(of: "Project")
        let run = try ModelFetchRequest(
            entityName: "Person",
            predicate: try ModelPredicate(format: "age < 30"),
            sortDescriptors: byAge
        )
        .run(on: everything)
        #expect(run.compactMap { $0.value(forKey: "name") as? String } == ["dave", "Bob"])
        #expect(try ModelFetchRequest(entityName: "Manager").run(on: everything).count == 1)
        let predicate = try ModelPredicate(format: "rating > 4")
        #expect(try predicate.filter(everything.filter { $0.entity.name != "Project" }).count == 3)
    }

    @Test("The model's templates run by name; a missing variable is named; fetched properties evaluate")
    func templatesAndFetchedProperties() throws {
        let byName = try model.fetchRequest(named: "byName", substitutionVariables: ["name": "EVE"])
        #expect(try graph.fetch(byName).compactMap { $0.value(forKey: "name") as? String } == ["Eve"])
        let older = try model.fetchRequest(named: "olderThan", substitutionVariables: ["age": 20])
        #expect(older.fetchLimit == 2)
        #expect(try graph.fetch(older).count == 2)
        #expect(try graph.fetch(try model.fetchRequest(named: "everyone")).count == 5)
        #expect(throws: PredicateEvaluationError(.missingVariable("name"), predicate: "name ==[c] $name")) {
            try model.fetchRequest(named: "byName")
        }
        #expect(throws: PredicateEvaluationError(.unknownTemplate("nobody"))) {
            try model.fetchRequest(named: "nobody")
        }
        // Colleagues: same department, not the person, at least the user info's minimum age.
        let bob = try #require(graph.object(of: "Person", identity: "Bob"))
        let ada = try #require(graph.object(of: "Person", identity: "Ada"))
        #expect(
            try graph.fetchedProperty("colleagues", of: bob).compactMap { $0.value(forKey: "name") as? String } == [
                "Eve"
            ]
        )
        #expect(
            try graph.fetchedProperty("colleagues", of: ada).compactMap { $0.value(forKey: "name") as? String } == [
                "Chloé"
            ]
        )
        let eve = try #require(graph.object(of: "Person", identity: "Eve"))
        #expect(try graph.fetchedProperty("colleagues", of: eve).isEmpty)  // Bob is 25
        #expect(throws: PredicateEvaluationError.self) { try graph.fetchedProperty("friends", of: bob) }
    }

    @Test("Syntax trees nested past the parser's limit are an error when evaluated, not a crash")
    func deepPredicatesBuiltInCode() throws {
        var syntax = PredicateSyntax.alwaysTrue
        for _ in 0..<1_000 { syntax = .not(syntax) }
        let predicate = ModelPredicate(syntax)
        let person = try #require(graph.object(of: "Person", identity: "Ada"))
        #expect(throws: PredicateEvaluationError.self) { try predicate.evaluate(with: person) }
    }

    @Test("Derived attributes whose derivation is a key path or an aggregate are computed when read")
    func derivedAttributes() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                  <entity name="Order">
                    <attribute name="number" attributeType="String"/>
                    <attribute name="itemCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="items.@count"/>
                    <attribute name="total" optional="YES" attributeType="Decimal" derived="YES" derivationExpression="items.@sum.price"/>
                    <attribute name="customerName" optional="YES" attributeType="String" derived="YES" derivationExpression="customer.name"/>
                    <attribute name="loud" optional="YES" attributeType="String" derived="YES" derivationExpression="uppercase(number)"/>
                    <attribute name="loop" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="loop + 1"/>
                    <relationship name="items" optional="YES" toMany="YES" destinationEntity="Item" inverseName="order" inverseEntity="Item"/>
                    <relationship name="customer" optional="YES" maxCount="1" destinationEntity="Customer"/>
                  </entity>
                  <entity name="Item">
                    <attribute name="price" attributeType="Decimal"/>
                    <relationship name="order" optional="YES" maxCount="1" destinationEntity="Order" inverseName="items" inverseEntity="Order"/>
                  </entity>
                  <entity name="Customer"><attribute name="name" attributeType="String"/></entity>
                </model>
                """
        )
        let order = try ModelDecoder(model: model)
            .decodeObject(
                of: try #require(model.entitiesByName["Order"]),
                from: Data(
                    #"{"number": "a-1", "items": [{"price": 19.99}, {"price": 0.01}, {"price": 5}], "customer": {"name": "Ada"}}"#
                        .utf8
                )
            )
        #expect(order.value(forKey: "itemCount") as? Int64 == 3)
        #expect(order.value(forKey: "total") as? Decimal == Decimal(string: "25"))
        #expect(order.value(forKey: "customerName") as? String == "Ada")
        #expect(order.value(forKey: "loud") as? String == "A-1")
        // A derivation that reads itself gives no value, not a crash.
        #expect(order.value(forKey: "loop") == nil)
        // Predicates read them too.
        #expect(
            try ModelPredicate(format: "total > 20 AND itemCount == 3 AND customerName == 'Ada'").evaluate(with: order)
        )
        #expect(throws: PredicateEvaluationError.self) { try ModelPredicate(format: "loop == 1").evaluate(with: order) }
    }
}
