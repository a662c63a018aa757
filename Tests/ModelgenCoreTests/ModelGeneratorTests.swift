import Foundation
import ModelgenCore
import ModelMapper
import TestSupport
import Testing

/// Generates `xml` (a small model) and returns the files by path.
private func generate(
    _ xml: String,
    layout: GeneratorOptions.Layout = .split,
    configure: (inout GeneratorOptions) -> Void = { _ in }
) throws -> (files: [String: String], diagnostics: [ModelDiagnostic]) {
    let model = try ObjectModel(xml: xml, fileName: "Snippet.xml")
    var options = GeneratorOptions(modelName: "Snippet", sourceName: "Snippet.xcdatamodel")
    options.layout = layout
    configure(&options)
    let result = ModelGenerator.generate(model, modelXML: xml, options: options)
    return (Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }), result.diagnostics)
}

/// The lines of `text` between the first line containing `start` and the next line that is `end`.
private func block(_ text: String?, from start: String, to end: String = "    }") -> String {
    guard let text else { return "" }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
    let last = lines[first...].firstIndex(where: { $0 == end }) ?? lines.count - 1
    return lines[first...last].joined(separator: "\n")
}

@Suite("modelgen: what is generated for each kind of member")
struct GeneratorSnippetTests {
    @Test("the model type embeds the model's conventions, which load() reads back")
    func embeddedConventions() throws {
        let xml = #"<model><entity name="Note"><attribute name="noteTitle" attributeType="String"/></entity></model>"#
        let declared = ModelConventions(keyCasing: .snakeCase, identifiesByID: true)
        let model = try ObjectModel(xml: xml, fileName: "Snippet.xml", conventions: declared)
        let options = GeneratorOptions(modelName: "Snippet", sourceName: "Snippet.xcdatamodel")
        let files = ModelGenerator.generate(model, modelXML: xml, options: options).files
        let modelFile = try #require(files.first { $0.path == "_SnippetModel.swift" }?.contents)
        let literal =
            #"public static let conventions: String = "{ \"keyCasing\": \"snakeCase\", \"identifiesByID\": true }""#
        #expect(modelFile.contains(literal))
        #expect(
            modelFile.contains(
                "conventions: ModelMapper.ModelConventions(json: conventions)\n        )\n        .binding(classes)"
            )
        )
        #expect(try ModelConventions(json: declared.jsonText) == declared)
    }

    @Test("an optional attribute: optional Swift type, read with as?")
    func optionalAttribute() throws {
        let (files, _) = try generate(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity></model>"#
        )
        #expect(
            block(files["_Note.swift"], from: "public var title") == """
                    public var title: String? {
                        get { value(forKey: Keys.title) as? String }
                        set { setPrimitiveValue(newValue, forKey: Keys.title) }
                    }
                """
        )
    }

    @Test("an attribute naming a swiftType: typed with it, read and written as raw values, checked on decoding")
    func rawValueAttribute() throws {
        let (files, diagnostics) = try generate(
            #"""
            <model><entity name="Order">
            <attribute name="state" attributeType="String"><userInfo><entry key="swiftType" value="Order.State"/></userInfo></attribute>
            <attribute name="rank" optional="YES" attributeType="Integer 32"><userInfo><entry key="swiftType" value="Rank"/></userInfo></attribute>
            </entity></model>
            """#
        )
        #expect(diagnostics.isEmpty)
        let machine = try #require(files["_Order.swift"])
        #expect(
            block(machine, from: "public var state") == """
                    public var state: Order.State {
                        get { requiredRawRepresentableValue(forKey: Keys.state, as: Order.State.self) }
                        set { setRawRepresentableValue(newValue, forKey: Keys.state) }
                    }
                """
        )
        #expect(machine.contains("public var rank: Rank? {"))
        #expect(
            block(machine, from: "override public class var rawValueTypes") == """
                    override public class var rawValueTypes: [String: ModelMapper.RawValueType] {
                        super.rawValueTypes.merging([
                            Keys.state: .of(Order.State.self),
                            Keys.rank: .of(Rank.self),
                        ]) { $1 }
                    }
                """
        )
    }

    @Test(
        "a swiftType the attribute cannot hold, or that is no type name, is a warning and the attribute keeps its type"
    )
    func unusableRawValueType() throws {
        let (files, diagnostics) = try generate(
            #"""
            <model><entity name="Order">
            <attribute name="when" optional="YES" attributeType="Date"><userInfo><entry key="swiftType" value="Moment"/></userInfo></attribute>
            <attribute name="code" optional="YES" attributeType="String"><userInfo><entry key="swiftType" value="Not a type"/></userInfo></attribute>
            </entity></model>
            """#
        )
        let machine = try #require(files["_Order.swift"])
        #expect(machine.contains("public var when: Date? {"))
        #expect(machine.contains("public var code: String? {"))
        #expect(!machine.contains("rawValueTypes"))
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(
            Set(diagnostics.map(\.message)) == [
                "attribute 'Order.when': swiftType 'Moment' needs a String or Integer attribute to hold its raw "
                    + "values, and this one is Date; generated as Date",
                "attribute 'Order.code': swiftType 'Not a type' is not a Swift type name; generated as String",
            ]
        )
    }

    @Test("a required attribute: non-optional, read as required, and taken by the typed initializer")
    func requiredAttribute() throws {
        let (files, _) = try generate(
            #"""
            <model><entity name="Note">
            <attribute name="count" attributeType="Integer 32"/>
            <attribute name="when" attributeType="Date"/>
            <attribute name="kind" attributeType="String" defaultValueString="plain"/>
            <attribute name="note" optional="YES" attributeType="String"/>
            <attribute name="scratch" attributeType="String" transient="YES"/>
            <attribute name="model" attributeType="String"/>
            <attribute name="object" attributeType="String"/>
            <attribute name="setRequiredValues" attributeType="Boolean"/>
            </entity></model>
            """#
        )
        let machine = try #require(files["_Note.swift"])
        #expect(
            block(machine, from: "public var count") == """
                    public var count: Int32 {
                        get { requiredValue(forKey: Keys.count) }
                        set { setPrimitiveValue(newValue, forKey: Keys.count) }
                    }
                """
        )
        // Date has no zero value, and needs none: required is non-optional whatever the type.
        #expect(machine.contains("public var when: Date {"))
        #expect(machine.contains("/// Required: reading it on a placeholder that lacks it stops the program"))
        // A default, an optional or a transient attribute is not asked for.
        #expect(machine.contains("public var kind: String {") && machine.contains("public var note: String? {"))
        #expect(machine.contains("public var scratch: String? {"))
        // The initializer takes the required values without a default, in the model's order;
        // its inner names steer clear of properties named `model`, `object` or `setRequiredValues`.
        #expect(
            block(machine, from: "public init(") == """
                    public init(
                        model objectModel: ModelMapper.ObjectModel,
                        count: Int32,
                        when: Date,
                        model: String,
                        object: String,
                        setRequiredValues: Bool
                    ) throws {
                        super.init(entity: try ModelMapper.ModelObject.entity(for: Self.self, in: objectModel))
                        // Set in a function of the initializer's own: the compiler's checks of an initializer's
                        // statements take time growing faster than their number, and an entity may require hundreds.
                        func setRequiredValues_(of object_: _Note) {
                            object_.count = count
                            object_.when = when
                            object_.model = model
                            object_.object = object
                            object_.setRequiredValues = setRequiredValues
                        }
                        setRequiredValues_(of: self)
                    }
                """
        )
        #expect(machine.contains("public required init(entity: ModelMapper.EntityDescription) {"))
    }

    @Test("an abstract entity has no typed initializer; a subentity's takes its superentity's required values")
    func initializersAndInheritance() throws {
        let (files, _) = try generate(
            #"""
            <model>
            <entity name="Item" isAbstract="YES"><attribute name="title" attributeType="String"/></entity>
            <entity name="Movie" parentEntity="Item"><attribute name="minutes" attributeType="Integer 16"/></entity>
            <entity name="Empty"><attribute name="note" optional="YES" attributeType="String"/></entity>
            <entity name="Cut" parentEntity="Movie"><attribute name="note" optional="YES" attributeType="String"/></entity>
            </model>
            """#
        )
        // The abstract class declares init(entity:) alone, so that it inherits no init(model:…).
        #expect(files["_Item.swift"]?.contains("public init(") == false)
        #expect(files["_Item.swift"]?.contains("public required init(entity: ModelMapper.EntityDescription) {") == true)
        // A subentity requiring nothing more has its superclass's parameters: it overrides.
        #expect(files["_Cut.swift"]?.contains("    override public init(\n") == true)
        #expect(files["_Movie.swift"]?.contains("    public init(\n") == true)
        #expect(
            files["_Movie.swift"]?
                .contains(
                    "model objectModel: ModelMapper.ObjectModel,\n        title: String,\n        minutes: Int16\n"
                ) == true
        )
        #expect(
            files["_Empty.swift"]?.contains("public init(model objectModel: ModelMapper.ObjectModel) throws {") == true
        )
    }

    @Test("registerTransformers() registers a DateTransformer for each transformer a model gives a date format")
    func dateTransformerRegistration() throws {
        let (files, diagnostics) = try generate(
            #"""
            <model>
            <entity name="Person">
                <attribute name="born" optional="YES" attributeType="Transformable" valueTransformerName="Day"><userInfo><entry key="dateFormat" value="yyyy-MM-dd"/></userInfo></attribute>
                <attribute name="died" optional="YES" attributeType="Transformable" valueTransformerName="Day"><userInfo><entry key="dateFormat" value="yyyy-MM-dd"/></userInfo></attribute>
                <attribute name="seen" optional="YES" attributeType="Transformable" valueTransformerName="Day"><userInfo><entry key="dateFormat" value="iso8601"/></userInfo></attribute>
                <attribute name="at" optional="YES" attributeType="Transformable" valueTransformerName="Moment"><userInfo><entry key="dateFormats" value="iso8601 Europe/Oslo | secondsSince1970"/></userInfo></attribute>
                <attribute name="built" optional="YES" attributeType="Transformable" valueTransformerName="ISO8601Date"><userInfo><entry key="dateFormat" value="yyyy-MM-dd"/></userInfo></attribute>
                <attribute name="other" optional="YES" attributeType="Transformable" valueTransformerName="Custom"/>
            </entity>
            </model>
            """#
        )
        let modelType = try #require(files["_SnippetModel.swift"])
        #expect(
            block(modelType, from: "public static func registerTransformers()") == """
                    public static func registerTransformers() {
                        // Declared by `Person.born`.
                        ModelMapper.DateTransformer.registerIfAbsent(formats: "yyyy-MM-dd", forName: "Day")
                        // Declared by `Person.at`.
                        ModelMapper.DateTransformer.registerIfAbsent(formats: "iso8601 Europe/Oslo | secondsSince1970", forName: "Moment")
                    }
                """
        )
        #expect(
            diagnostics.map(\.message) == [
                "attribute 'Person.seen': value transformer 'Day' is given date format 'iso8601', and 'yyyy-MM-dd' by "
                    + "Person.born; registerTransformers() registers it with 'yyyy-MM-dd'",
                "attribute 'Person.at': value transformer 'Moment' is given 2 date formats, 'iso8601 Europe/Oslo | "
                    + "secondsSince1970'; a DateTransformer reads and writes one, and registerTransformers() registers "
                    + "it with the first",
            ]
        )
        #expect(modelType.contains("try model.checkTransformersRegistered()"))
    }

    @Test("Swift types for every attribute type")
    func attributeTypes() throws {
        let attributes = AttributeType.allCases.filter { $0 != .composite && $0 != .undefined }.enumerated()
            .map { index, type in
                #"<attribute name="a\#(index)" optional="YES" attributeType="\#(type.rawValue)"/>"#
            }
            .joined()
        let (files, _) = try generate(
            "<model><entity name=\"All\">\(attributes)<attribute name=\"u\" optional=\"YES\"/></entity></model>"
        )
        let machine = try #require(files["_All.swift"])
        for (index, expected) in [
            "Int16?", "Int32?", "Int64?", "Decimal?", "Double?", "Float?", "String?", "Bool?", "Date?", "Data?", "Any?",
            "UUID?", "URL?", "Any?",
        ]
        .enumerated() {
            #expect(machine.contains("public var a\(index): \(expected) {"), "a\(index): \(expected)")
        }
        #expect(machine.contains("public var u: Any? {"))
        #expect(machine.contains("get { value(forKey: Keys.u) }"))
    }

    @Test("transformable attributes use customClassName when it is a standard type")
    func customClassNames() throws {
        let (files, diagnostics) = try generate(
            """
            <model><entity name="E">
              <attribute name="tags" optional="YES" attributeType="Transformable" customClassName="[String]"/>
              <attribute name="list" optional="YES" attributeType="Transformable" customClassName="NSArray"/>
              <attribute name="color" optional="YES" attributeType="Transformable" customClassName="UIColor"/>
            </entity></model>
            """
        )
        let machine = try #require(files["_E.swift"])
        #expect(machine.contains("public var tags: [String]? {"))
        #expect(machine.contains("public var list: [Any]? {"))
        #expect(machine.contains("public var color: Any? {"))
        #expect(
            diagnostics.map(\.description) == [
                "Snippet.xml:4:3: warning: attribute 'E.color': custom class 'UIColor' is not a standard Swift or "
                    + "Foundation type; generated as Any (modelgen generate --trust-custom-class-names uses it as "
                    + "written)"
            ]
        )
        let (trusted, _) = try generate(
            #"<model><entity name="E"><attribute name="color" optional="YES" attributeType="Transformable" customClassName="UIColor"/></entity></model>"#
        ) {
            $0.trustsCustomClassNames = true
        }
        #expect(trusted["_E.swift"]?.contains("public var color: UIColor? {") == true)
        // A hostile name nests deeper than any type: Any, with the warning, and no deep recursion.
        let deep = String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000)
        let (hostile, warnings) = try generate(
            #"<model><entity name="E"><attribute name="n" optional="YES" attributeType="Transformable" customClassName="\#(deep)"/></entity></model>"#
        )
        #expect(hostile["_E.swift"]?.contains("public var n: Any? {") == true)
        #expect(warnings.count == 1)
    }

    @Test("relationships: typed to-one and to-many, with add/remove helpers")
    func relationships() throws {
        let (files, _) = try generate(
            """
            <model>
              <entity name="Author"><relationship name="books" optional="YES" toMany="YES" destinationEntity="Book" inverseName="author" inverseEntity="Book"/></entity>
              <entity name="Book"><relationship name="author" optional="YES" maxCount="1" destinationEntity="Author" inverseName="books" inverseEntity="Author"/></entity>
            </model>
            """
        )
        let author = try #require(files["_Author.swift"])
        #expect(
            block(author, from: "public var books") == """
                    public var books: [Book] {
                        get { (value(forKey: Keys.books) as? [ModelMapper.ModelObject] ?? []).compactMap { $0 as? Book } }
                        set { setPrimitiveValue(newValue, forKey: Keys.books) }
                    }
                """
        )
        #expect(
            block(author, from: "public func addToBooks") == """
                    public func addToBooks(_ object: Book) {
                        addPrimitiveObject(object, forKey: Keys.books)
                    }
                """
        )
        #expect(author.contains("public func removeFromBooks(_ object: Book) {"))
        #expect(files["_Book.swift"]?.contains("public var author: Author? {") == true)
        #expect(files["_Book.swift"]?.contains("get { value(forKey: Keys.author) as? Author }") == true)
    }

    @Test("the Keys enum lists every property, inherited ones too")
    func keys() throws {
        let (files, _) = try generate(
            #"<model><entity name="Base"><attribute name="id" attributeType="String"/></entity><entity name="Sub" parentEntity="Base"><attribute name="extra" optional="YES" attributeType="String"/></entity></model>"#
        )
        #expect(
            block(files["_Sub.swift"], from: "public enum Keys") == """
                    public enum Keys {
                        public static let id = "id"
                        public static let extra = "extra"
                    }
                """
        )
        // Subentities inherit from their superentity's class; only their own properties are declared.
        #expect(files["_Sub.swift"]?.contains("public class _Sub: Base {") == true)
        #expect(files["_Sub.swift"]?.contains("public var id") == false)
    }

    @Test("human files subclass the machine class; the model file binds the classes")
    func humanAndModelFiles() throws {
        let (files, _) = try generate(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity></model>"#
        )
        #expect(files.keys.sorted() == ["Note.swift", "_Note.swift", "_SnippetModel.swift"])
        #expect(files["Note.swift"]?.contains("public class Note: _Note {") == true)
        #expect(
            files["_Note.swift"]?.hasPrefix("// Generated by modelgen from Snippet.xcdatamodel — do not edit.\n")
                == true
        )
        #expect(files["_Note.swift"]?.contains("override public class var entityName: String { \"Note\" }") == true)
        let modelFile = try #require(files["_SnippetModel.swift"])
        #expect(modelFile.contains("public enum SnippetModel {"))
        #expect(modelFile.contains("        Note.self,\n"))
        #expect(modelFile.contains("static let xml: String = #\"\"\"\n<model><entity name=\"Note\">"))
    }

    @Test("names that are not valid Swift, keywords and ModelObject members are escaped or renamed, with warnings")
    func names() throws {
        let (files, diagnostics) = try generate(
            """
            <model>
              <entity name="Type">
                <attribute name="default" optional="YES" attributeType="String"/>
                <attribute name="description" optional="YES" attributeType="String"/>
                <attribute name="first-name" optional="YES" attributeType="String"/>
                <attribute name="self" optional="YES" attributeType="String"/>
                <attribute name="2fa" optional="YES" attributeType="Boolean"/>
              </entity>
            </model>
            """
        )
        let machine = try #require(files["_TypeObject.swift"])
        #expect(machine.contains("public class _TypeObject: ModelMapper.ModelObject {"))
        #expect(machine.contains("override public class var entityName: String { \"Type\" }"))
        #expect(machine.contains("public var `default`: String? {"))
        #expect(machine.contains("get { value(forKey: Keys.`default`) as? String }"))
        #expect(machine.contains("public static let `default` = \"default\""))
        #expect(machine.contains("public var description_: String? {"))
        #expect(machine.contains("public static let first_name = \"first-name\""))
        #expect(machine.contains("public var self_: String? {"))
        #expect(machine.contains("public var _2fa: Bool? {"))
        #expect(
            diagnostics.map(\.message) == [
                "entity 'Type': class name 'Type' would hide a Swift or ModelMapper name; generated as 'TypeObject'",
                "property 'Type.description' would clash with 'description' of ModelObject or Swift; generated as "
                    + "'description_'",
                "property 'Type.first-name' is not a Swift identifier; generated as 'first_name'",
                "property 'Type.self' would clash with 'self' of ModelObject or Swift; generated as 'self_'",
                "property 'Type.2fa' is not a Swift identifier; generated as '_2fa'",
            ]
        )
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        // The generator's own codes (MM8xx), one per kind of diagnostic.
        #expect(diagnostics.map(\.code.rawValue) == ["MM804", "MM807", "MM806", "MM807", "MM806"])
    }

    @Test("an entity named like a Foundation type gets another class name, so generated code keeps its types")
    func foundationNames() throws {
        let (files, diagnostics) = try generate(
            #"<model><entity name="Data" representedClassName="Payload"><attribute name="when" optional="YES" attributeType="Date"/></entity><entity name="Date"><attribute name="raw" optional="YES" attributeType="Binary"/></entity></model>"#
        )
        #expect(files["_Payload.swift"]?.contains("public var when: Date? {") == true)
        #expect(files["_DateObject.swift"]?.contains("public var raw: Data? {") == true)
        #expect(
            diagnostics.map(\.message) == [
                "entity 'Date': class name 'Date' would hide a Swift or ModelMapper name; generated as 'DateObject'"
            ]
        )
    }

    @Test("--entity limits output and brings superentities along")
    func entityFilter() throws {
        let xml = #"<model><entity name="Base"/><entity name="Sub" parentEntity="Base"/><entity name="Other"/></model>"#
        let (files, diagnostics) = try generate(xml) { $0.entityNames = ["Sub"] }
        #expect(files.keys.sorted() == ["Base.swift", "Sub.swift", "_Base.swift", "_SnippetModel.swift", "_Sub.swift"])
        #expect(diagnostics.map(\.message) == ["entity 'Base' is generated too: 'Sub' inherits from it"])
        let (_, unknown) = try generate(xml) { $0.entityNames = ["Nope"] }
        #expect(unknown.first?.severity == .error)
    }

    @Test("internal access drops public everywhere")
    func internalAccess() throws {
        let (files, _) = try generate(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity></model>"#
        ) { $0.access = .internal }
        #expect(files.values.allSatisfy { !$0.contains("public ") })
        #expect(files["_Note.swift"]?.contains("override class var entityName") == true)
    }

    @Test("the single-file layout puts every class and the model type in one file")
    func singleFile() throws {
        let (files, _) = try generate(
            #"<model><entity name="A"/><entity name="B" parentEntity="A"/></model>"#,
            layout: .singleFile
        )
        #expect(files.keys.sorted() == ["Snippet+ModelMapper.swift"])
        let text = try #require(files["Snippet+ModelMapper.swift"])
        #expect(text.contains("public class A: ModelMapper.ModelObject {"))
        #expect(text.contains("public class B: A {"))
        #expect(text.contains("public enum SnippetModel {"))
    }

    @Test("the model XML is embedded so that nothing in it can end the literal")
    func rawLiteral() throws {
        let xml = ###"<model><!-- """## and \#( --><entity name="E"/></model>"###
        let (files, _) = try generate(xml)
        #expect(files["_SnippetModel.swift"]?.contains("static let xml: String = ###\"\"\"\n") == true)
    }

    @Test("custom templates replace built-in ones; a broken template is an error, not a crash")
    func customTemplates() throws {
        let (files, _) = try generate(#"<model><entity name="Note"/></model>"#) {
            $0.templates = ["human": "// {{#entity}}{{className}} is yours{{/entity}}\n"]
        }
        #expect(files["Note.swift"] == "// Note is yours\n")
        let (broken, diagnostics) = try generate(#"<model><entity name="Note"/></model>"#) {
            $0.templates = ["class": "{{#attributes}}"]
        }
        #expect(broken.isEmpty)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message.hasPrefix("template 'class' cannot be parsed") == true)
    }

    @Test("the same model gives the same bytes")
    func byteStable() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
        let xml = try String(contentsOf: try #require(model.sourceURL), encoding: .utf8)
        let options = GeneratorOptions(modelName: "Media", sourceName: "Media.xcdatamodeld")
        let first = ModelGenerator.generate(model, modelXML: xml, options: options)
        let second = ModelGenerator.generate(
            try ObjectModel(contentsOf: TestPaths.model("Media")),
            modelXML: xml,
            options: options
        )
        #expect(first.files == second.files)
        #expect(first.files.map(\.path) == first.files.map(\.path).sorted())
    }
}

@Suite("modelgen: golden files for Models/, compiled and exercised by GeneratedCodeTests")
struct GeneratorGoldenTests {
    @Test(
        "generated code for each model matches Tests/GeneratedCodeTests/<model>",
        arguments: ["Authors", "Media", "Catalog", "Agreement"]
    )
    func golden(name: String) throws {
        // The agreement table's model is a test fixture, the others the package's models.
        let isFixture = name == "Agreement"
        let url =
            isFixture
            ? TestPaths.fixtures.appendingPathComponent("Agreement/Agreement.xcdatamodel") : TestPaths.model(name)
        let model = try ObjectModel(contentsOf: url)
        let xml = try String(contentsOf: try #require(model.sourceURL), encoding: .utf8)
        let sourceName = isFixture ? "\(name).xcdatamodel" : "\(name).xcdatamodeld"
        let result = ModelGenerator.generate(
            model,
            modelXML: xml,
            options: GeneratorOptions(modelName: name, sourceName: sourceName)
        )
        #expect(result.diagnostics.isEmpty)
        // MODELMAPPER_RECORD_GOLDEN=1 re-records the folder (``GoldenFile``).
        try GoldenFile.expect(
            result.files.map { ($0.path, $0.contents) },
            matchFolder: TestPaths.packageRoot.appendingPathComponent("Tests/GeneratedCodeTests/\(name)"),
            pathExtension: "swift",
            explain: { path, golden, made in UnifiedDiff.make(old: golden, new: made, path: path) }
        )
    }
}

@Suite(
    "modelgen over the corpus",
    .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
)
struct GeneratorCorpusTests {
    @Test("every corpus model generates without error diagnostics")
    func corpus() throws {
        let files = TestPaths.corpusContentsFiles()
        try #require(files.count >= 50)
        var generated = 0
        for file in files {
            let model = try ObjectModel(contentsOf: file)
            let xml = try String(contentsOf: file, encoding: .utf8)
            for layout in GeneratorOptions.Layout.allCases {
                var options = GeneratorOptions(
                    modelName: "Corpus",
                    sourceName: file.deletingLastPathComponent().lastPathComponent
                )
                options.layout = layout
                let result = ModelGenerator.generate(model, modelXML: xml, options: options)
                #expect(!result.hasErrors, "\(file.path): \(result.diagnostics.filter { $0.severity == .error })")
                #expect(!result.files.isEmpty)
                generated += result.files.count
            }
        }
        #expect(generated > files.count * 2)
    }
}
