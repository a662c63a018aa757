import Foundation
import ModelMapper
import Testing

/// The 1-based line and column where `needle` (which must occur once) starts in `text`.
private func position(of needle: String, in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> (line: Int, column: Int)
{
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let hits = lines.enumerated().compactMap { index, line in line.range(of: needle).map { (index, line, $0) } }
    #expect(hits.count == 1, "'\(needle)' must occur exactly once", sourceLocation: sourceLocation)
    guard let (index, line, range) = hits.first else { return (0, 0) }
    return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
}

/// Loads `xml`, which must fail, and returns its diagnostics.
private func diagnostics(of xml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [ModelDiagnostic]
{
    do {
        _ = try ObjectModel(xml: xml, fileName: "Broken.xml")
        Issue.record("the model loaded, but it should not have", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// Expects one error whose message contains `message`, located where `needle` starts.
private func expectError(
    _ diagnostics: [ModelDiagnostic],
    _ message: String,
    at needle: String,
    in xml: String,
    severity: ModelDiagnostic.Severity = .error,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let (line, column) = position(of: needle, in: xml, sourceLocation: sourceLocation)
    let matching = diagnostics.filter { $0.message.contains(message) }
    #expect(
        matching.count == 1,
        "expected one \(severity) containing \"\(message)\" in \(diagnostics)",
        sourceLocation: sourceLocation
    )
    #expect(matching.first?.severity == severity, sourceLocation: sourceLocation)
    #expect(
        matching.first?.location == SourceLocation(file: "Broken.xml", line: line, column: column),
        sourceLocation: sourceLocation
    )
}

@Suite("Validation: every problem of a file, each with file, line and column")
struct ValidationTests {
    static let brokenModel = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model>
            <entity name="Author">
                <attribute name="name" attributeType="String"/>
                <attribute name="name" optional="YES" attributeType="String"/>
                <attribute name="age" attributeType="Integer 128"/>
                <attribute name="level" attributeType="Integer 16" defaultValueString="70000"/>
                <relationship name="books" toMany="YES" destinationEntity="Writing" inverseName="author" inverseEntity="Writing"/>
                <relationship name="editor" maxCount="1" destinationEntity="Editor" inverseName="missing" inverseEntity="Editor"/>
                <relationship name="agent" maxCount="1" destinationEntity="Editor" inverseName="clients" inverseEntity="Editor"/>
            </entity>
            <entity name="Editor" parentEntity="Person">
                <relationship name="clients" toMany="YES" destinationEntity="Editor"/>
            </entity>
            <entity name="A" parentEntity="B"/>
            <entity name="B" parentEntity="A"/>
            <entity name="Author"/>
        </model>
        """

    @Test("all problems of one file are reported together, in file order")
    func allProblemsTogether() {
        let found = diagnostics(of: Self.brokenModel)
        let xml = Self.brokenModel
        expectError(
            found,
            "entity 'Author' declares property 'name' twice (first at line 4)",
            at: #"<attribute name="name" optional"#,
            in: xml
        )
        expectError(
            found,
            "attribute 'Author.age' has unknown attribute type 'Integer 128', read as Undefined",
            at: #"attributeType="Integer 128""#,
            in: xml,
            severity: .warning
        )
        expectError(
            found,
            "default value of attribute 'Author.level' (Integer 16) is '70000': it is out of range for Integer 16 "
                + "(-32768...32767); no default value is used",
            at: #"defaultValueString="70000""#,
            in: xml,
            severity: .warning
        )
        expectError(
            found,
            "relationship 'Author.books' names destination entity 'Writing', which does not exist",
            at: #"destinationEntity="Writing""#,
            in: xml
        )
        expectError(
            found,
            "relationship 'Author.books' names inverse entity 'Writing', which does not exist",
            at: #"inverseEntity="Writing""#,
            in: xml
        )
        expectError(
            found,
            "relationship 'Author.editor' names inverse 'missing', but entity 'Editor' has no property of that name",
            at: #"inverseName="missing""#,
            in: xml
        )
        expectError(
            found,
            "the inverse of relationship 'Author.agent' does not point back: 'Editor.clients' leads to 'Editor', not "
                + "to 'Author'",
            at: #"inverseName="clients""#,
            in: xml
        )
        expectError(
            found,
            "entity 'Editor' names parent entity 'Person', which does not exist",
            at: #"parentEntity="Person""#,
            in: xml
        )
        expectError(
            found,
            "entity 'A' inherits from itself through parentEntity (A -> B -> A)",
            at: #"parentEntity="B""#,
            in: xml
        )
        expectError(
            found,
            "entity 'B' inherits from itself through parentEntity (B -> A -> B)",
            at: #"parentEntity="A""#,
            in: xml
        )
        expectError(
            found,
            "entity 'Author' is declared twice (first at line 3)",
            at: #"<entity name="Author"/>"#,
            in: xml
        )
        #expect(found.count == 11)
        #expect(found.map(\.location) == found.map(\.location).sorted())
    }

    @Test("the error reads like a compiler's")
    func compilerStyle() {
        let xml = """
            <model>
                <entity name="Book">
                    <relationship name="author" maxCount="1" destinationEntity="Writer"/>
                </entity>
            </model>
            """
        #expect(
            diagnostics(of: xml).map(\.description) == [
                "Broken.xml:3:50: error: relationship 'Book.author' names destination entity 'Writer', which does not "
                    + "exist"
            ]
        )
    }

    @Test("a property that repeats an inherited one is an error")
    func inheritedDuplicate() {
        let xml = """
            <model>
                <entity name="Base"><attribute name="title" attributeType="String"/></entity>
                <entity name="Sub" parentEntity="Base"><attribute name="title" optional="YES" attributeType="String"/></entity>
            </model>
            """
        expectError(
            diagnostics(of: xml),
            "property 'title' of entity 'Sub' is already declared by its superentity 'Base' (line 2)",
            at: #"<attribute name="title" optional"#,
            in: xml
        )
    }

    @Test("mapping metadata errors point at the userInfo entry")
    func metadataErrors() {
        let xml = """
            <model>
                <entity name="Thing">
                    <attribute name="a" optional="YES" attributeType="String">
                        <userInfo><entry key="jsonKeyPath" value="a..b"/></userInfo>
                    </attribute>
                    <userInfo><entry key="identityAttributes" value="a, nope"/></userInfo>
                </entity>
            </model>
            """
        let found = diagnostics(of: xml)
        expectError(
            found,
            "property 'Thing.a': userInfo 'jsonKeyPath': invalid JSON key path 'a..b': it has an empty component",
            at: #"<entry key="jsonKeyPath""#,
            in: xml
        )
        expectError(
            found,
            "userInfo 'identityAttributes' of entity 'Thing' names 'nope', which is not an attribute of the entity",
            at: #"<entry key="identityAttributes""#,
            in: xml
        )
    }

    @Test("names that must exist elsewhere in the model")
    func danglingNames() {
        let xml = """
            <model>
                <entity name="Thing">
                    <attribute name="size" optional="YES" attributeType="Integer 32"/>
                    <relationship name="owner" maxCount="1" destinationEntity="Thing" inverseName="size" inverseEntity="Thing"/>
                    <relationship name="lost" maxCount="1"/>
                    <attribute name="shape" optional="YES" attributeType="Composite" composite="Shape"/>
                    <uniquenessConstraints><uniquenessConstraint><constraint value="colour"/></uniquenessConstraint></uniquenessConstraints>
                </entity>
                <configuration name="Main"><memberEntity name="Ghost"/></configuration>
                <fetchRequest name="all" entity="Phantom"/>
            </model>
            """
        let found = diagnostics(of: xml)
        expectError(
            found,
            "names inverse 'Thing.size', which is an attribute, not a relationship",
            at: #"inverseName="size""#,
            in: xml
        )
        expectError(
            found,
            "relationship 'Thing.lost' has no destination entity",
            at: #"<relationship name="lost""#,
            in: xml
        )
        expectError(
            found,
            "attribute 'Thing.shape' names composite 'Shape', which does not exist",
            at: #"composite="Shape""#,
            in: xml
        )
        // What only a store uses is a warning: Core Data looks at it only when a store does.
        expectError(
            found,
            "a uniqueness constraint of entity 'Thing' names 'colour', which is not a property of the entity",
            at: #"<constraint value="colour"/>"#,
            in: xml,
            severity: .warning
        )
        expectError(
            found,
            "configuration 'Main' names entity 'Ghost', which does not exist",
            at: #"<memberEntity"#,
            in: xml,
            severity: .warning
        )
        expectError(
            found,
            "fetch request 'all' names entity 'Phantom', which does not exist",
            at: #"entity="Phantom""#,
            in: xml,
            severity: .warning
        )
    }

    @Test("predicate strings are parsed at load: one that does not parse is a warning at its attribute")
    func malformedPredicateStrings() throws {
        let xml = """
            <model>
                <entity name="Thing">
                    <attribute name="size" optional="YES" attributeType="Integer 32"/>
                    <fetchedProperty name="bigger" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="Thing" predicateString="size &gt; $FETCH_SOURCE.size AND"/>
                    </fetchedProperty>
                </entity>
                <fetchRequest name="small" entity="Thing" predicateString="size &lt; 10"/>
                <fetchRequest name="broken" entity="Thing" predicateString="size == == 3"/>
            </model>
            """
        let model = try ObjectModel(xml: xml, fileName: "Broken.xml")
        let found = model.warnings
        expectError(
            found,
            "the predicate of fetch request 'broken' does not parse: column 9: expected a value",
            at: #"predicateString="size == =="#,
            in: xml,
            severity: .warning
        )
        expectError(
            found,
            "the predicate of fetched property 'bigger' does not parse: column 30: expected a value (a key path, a "
                + "literal, a variable or a format argument), found the end",
            at: #"predicateString="size &gt;"#,
            in: xml,
            severity: .warning
        )
        #expect(found.count == 2, "\(found.map(\.message))")
        #expect(model.fetchRequestTemplatesByName["small"]?.predicate?.description == "size < 10")
        #expect(model.fetchRequestTemplatesByName["broken"]?.predicate == nil)
        #expect(throws: PredicateEvaluationError.self) { try model.fetchRequest(named: "broken") }
    }

    @Test(
        "literals that give no value are warnings, and no value is used",
        arguments: [
            (
                #"attributeType="Boolean" defaultValueString="maybe""#,
                "is 'maybe': it is not a Boolean (YES or NO); no default value is used"
            ),
            (
                #"attributeType="Decimal" defaultValueString="1.5abc""#,
                "is '1.5abc': it is not a number; no default value is used"
            ),
            (
                #"attributeType="Double" defaultValueString="fast""#,
                "is 'fast': it is not a number; no default value is used"
            ),
            (
                #"attributeType="UUID" defaultValueString="not-a-uuid""#,
                "is 'not-a-uuid': it is not a UUID; no default value is used"
            ),
            (
                #"attributeType="Integer 64" defaultValueString="99999999999999999999""#,
                "it is out of range for Integer 64 (-9223372036854775808...9223372036854775807)"
            ),
            (
                #"attributeType="Integer 32" minValueString="ten""#,
                "minimum of attribute 'E.x' (Integer 32) is 'ten': it is not a number; no minimum is used"
            ),
            (
                #"attributeType="String" maxValueString="-1""#,
                "maxValueString of attribute 'E.x' is '-1', not a length (a whole number, 0 or more); no bound is used"
            ),
            (
                #"attributeType="Date" defaultDateTimeInterval="soon""#,
                "defaultDateTimeInterval of attribute 'E.x' is 'soon', not a number of seconds; it is ignored"
            ),
        ]
    )
    func unusableLiterals(attributeXML: String, message: String) throws {
        let model = try ObjectModel(
            xml: "<model><entity name=\"E\"><attribute name=\"x\" optional=\"YES\" \(attributeXML)/></entity></model>"
        )
        #expect(model.warnings.count == 1)
        #expect(model.warnings.first?.message.contains(message) == true, "\(model.warnings)")
        let attribute = try #require(model.entity(named: "E")?.attributesByName["x"])
        #expect(attribute.defaultValue == nil)
        #expect(attribute.minValue == nil && attribute.maxValue == nil && attribute.maxLength == nil)
    }

    @Test("an unknown deletion rule reads as Nullify and a negative count as no bound, with warnings")
    func relationshipAttributes() throws {
        let model = try ObjectModel(
            xml: """
                <model><entity name="E">
                    <relationship name="a" maxCount="1" deletionRule="Explode" destinationEntity="E"/>
                    <relationship name="b" toMany="YES" minCount="-2" destinationEntity="E"/>
                </entity></model>
                """
        )
        #expect(
            model.warnings.map(\.message) == [
                "relationship 'E.a' has unknown deletion rule 'Explode', read as Nullify (known rules: Nullify, "
                    + "Cascade, Deny, No Action)",
                "minCount of relationship 'E.b' is '-2', not a count (a whole number, 0 or more); no bound is used",
            ]
        )
        let entity = try #require(model.entity(named: "E"))
        #expect(entity.relationshipsByName["a"]?.deletionRule == .nullify)
        #expect(entity.relationshipsByName["b"]?.minCount == 0)
    }

    @Test("a document that is not a model says so")
    func notAModel() {
        let found = diagnostics(of: "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")
        #expect(
            found.map(\.description) == [
                "Broken.xml:2:1: error: the root element is <plist>, not <model>: this is not a Core Data model file "
                    + "(expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file)"
            ]
        )
    }

    @Test("entities and properties without names are errors, not crashes")
    func missingNames() {
        let found = diagnostics(
            of:
                "<model><entity/><entity name=\"E\"><attribute attributeType=\"String\"/><relationship "
                + "destinationEntity=\"E\"/></entity></model>"
        )
        #expect(
            found.map(\.message) == [
                "an <entity> has no name",
                "an <attribute> of entity 'E' has no name",
                "a <relationship> of entity 'E' has no name",
            ]
        )
    }
}

@Suite("Validation of JSON mapping metadata")
struct MappingValidationTests {
    @Test("two properties at the same JSON key path are an error")
    func duplicateKeyPaths() {
        let xml = """
            <model><entity name="User">
                <attribute name="id" optional="YES" attributeType="Integer 64"/>
                <attribute name="remoteID" optional="YES" attributeType="Integer 64"><userInfo><entry key="jsonKeyPath" value="id"/></userInfo></attribute>
            </entity></model>
            """
        expectError(
            diagnostics(of: xml),
            "properties 'id' and 'remoteID' of entity 'User' both map to JSON key path 'id'",
            at: #"<attribute name="remoteID""#,
            in: xml
        )
    }

    @Test("under a key casing, properties collide where the keys the casing makes do, not where names do")
    func duplicateKeyPathsUnderCasing() throws {
        let snake = try ModelConventions(json: Data(#"{"keyCasing": "snakeCase"}"#.utf8))
        // `aB` reads `a_b`; `other` reads `aB`: two keys.
        let apart = """
            <model><entity name="User">
                <attribute name="aB" optional="YES" attributeType="String"/>
                <attribute name="other" optional="YES" attributeType="String"><userInfo><entry key="jsonKeyPath" value="aB"/></userInfo></attribute>
            </entity></model>
            """
        let model = try ObjectModel(xml: apart, conventions: snake)
        #expect(model.warnings.isEmpty, "\(model.warnings)")
        // `aB` reads `a_b`, and so does `other`: one key.
        let together = apart.replacingOccurrences(of: #"value="aB""#, with: #"value="a_b""#)
        #expect {
            try ObjectModel(xml: together, conventions: snake)
        } throws: { error in
            (error as? ModelLoadingError)?.diagnostics.map(\.message) == [
                "properties 'aB' and 'other' of entity 'User' both map to JSON key path 'a_b'"
            ]
        }
    }

    @Test("a key path through an attribute or a to-many is an error; through a to-one it merges")
    func keyPathThroughValue() {
        let xml = """
            <model>
              <entity name="Book">
                <attribute name="price" optional="YES" attributeType="Decimal"/>
                <attribute name="tax" optional="YES" attributeType="Decimal"><userInfo><entry key="jsonKeyPath" value="price.tax"/></userInfo></attribute>
                <attribute name="firstTag" optional="YES" attributeType="String"><userInfo><entry key="jsonKeyPath" value="tags.first"/></userInfo></attribute>
                <attribute name="currency" optional="YES" attributeType="String"><userInfo><entry key="jsonKeyPath" value="pricing.currency"/></userInfo></attribute>
                <relationship name="tags" optional="YES" toMany="YES" destinationEntity="Tag"/>
                <relationship name="pricing" optional="YES" maxCount="1" destinationEntity="Tag"/>
              </entity>
              <entity name="Tag"><attribute name="name" optional="YES" attributeType="String"/></entity>
            </model>
            """
        let found = diagnostics(of: xml)
        expectError(
            found,
            "property 'tax' of entity 'Book' maps to 'price.tax', inside the JSON value of 'price', which is not an "
                + "object",
            at: #"<attribute name="tax""#,
            in: xml
        )
        expectError(
            found,
            "property 'firstTag' of entity 'Book' maps to 'tags.first', inside the JSON value of 'tags', which is not "
                + "an object",
            at: #"<attribute name="firstTag""#,
            in: xml
        )
        #expect(found.count == 2)
    }

    @Test("entities sharing a JSON type key need distinct type values")
    func duplicateTypeValues() {
        let xml = """
            <model>
              <entity name="Item" isAbstract="YES"><userInfo><entry key="jsonTypeKey" value="kind"/></userInfo></entity>
              <entity name="Book" parentEntity="Item"><userInfo><entry key="jsonTypeValue" value="paper"/></userInfo></entity>
              <entity name="Magazine" parentEntity="Item"><userInfo><entry value="paper" key="jsonTypeValue"/></userInfo></entity>
            </model>
            """
        expectError(
            diagnostics(of: xml),
            "entities 'Book' and 'Magazine' both have JSON type value 'paper'; give one of them another jsonTypeValue",
            at: #"<entry value="paper""#,
            in: xml
        )
    }
}
