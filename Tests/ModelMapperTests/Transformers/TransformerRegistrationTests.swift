import Foundation
import ModelMapper
import Testing

/// Registering the date transformers a model declares, without replacing the app's own, and
/// reporting when a model loads the transformers it names that nobody registered.
@Suite("Transformer registration and the check at load")
struct TransformerRegistrationTests {
    @Test("registerIfAbsent registers a DateTransformer in the first format named, and never replaces one")
    func registerIfAbsent() throws {
        let name = ValueTransformer.Name("RegistrationTests.Day")
        defer { ValueTransformer.setValueTransformer(nil, forName: name) }
        #expect(DateTransformer.registerIfAbsent(formats: "yyyy-MM-dd | iso8601", forName: name))
        let registered = try #require(ValueTransformer.valueTransformer(forName: name) as? DateTransformer)
        #expect(registered.format == .yearMonthDay)
        // A second registration, or one after the app's own, leaves what is there.
        #expect(!DateTransformer.registerIfAbsent(formats: "secondsSince1970", forName: name))
        #expect((ValueTransformer.valueTransformer(forName: name) as? DateTransformer)?.format == .yearMonthDay)
        // Text naming no format registers nothing.
        let empty = ValueTransformer.Name("RegistrationTests.Empty")
        #expect(!DateTransformer.registerIfAbsent(formats: " | ", forName: empty))
        #expect(ValueTransformer.valueTransformer(forName: empty) == nil)
    }

    @Test("the built-in names are the built-in transformers', whatever is registered since")
    func builtInNames() {
        #expect(ValueTransformer.builtInNames.contains("ISO8601Date"))
        #expect(ValueTransformer.builtInNames.contains("StringArray"))
        #expect(!ValueTransformer.builtInNames.contains("Date"))
    }

    static let xml = #"""
        <model>
        <entity name="Event">
            <attribute name="day" optional="YES" attributeType="Transformable" valueTransformerName="RegistrationTests.Missing"/>
            <attribute name="tags" optional="YES" attributeType="Transformable" valueTransformerName="StringArray"/>
            <userInfo><entry key="entityMapperName" value="RegistrationTests.Mapper"/></userInfo>
        </entity>
        </model>
        """#

    @Test("a model naming transformers nobody registered: one error for each, saying where and how to register it")
    func unregisteredTransformers() throws {
        let model = try ObjectModel(xml: Self.xml)
        let problems = model.unregisteredTransformers
        #expect(problems.map(\.context.name) == ["RegistrationTests.Mapper", "RegistrationTests.Missing"])
        #expect(problems.map(\.context.entityName) == ["Event", "Event"])
        #expect(problems.map(\.context.propertyName) == [nil, "day"])
        #expect(problems[1].context.detail == "the model names it at <memory>:3:5")
        #expect(problems[1].recoverySuggestion?.contains("ValueTransformer.setValueTransformer(") == true)
        #expect(throws: MappingErrors.self) { try model.checkTransformersRegistered() }

        // Registered, they pass; a built-in one always does.
        ValueTransformer.setValueTransformer(IdentityTransformer(), forName: "RegistrationTests.Missing")
        ValueTransformer.setEntityMapper(withName: "RegistrationTests.Mapper") { _ in nil }
        defer {
            ValueTransformer.setValueTransformer(nil, forName: "RegistrationTests.Missing")
            ValueTransformer.setValueTransformer(nil, forName: "RegistrationTests.Mapper")
        }
        #expect(model.unregisteredTransformers.isEmpty)
        try model.checkTransformersRegistered()
    }
}

/// The date transformers a model declares, registered from the model as generated code does.
@Suite("Date transformers a model declares")
struct DeclaredDateTransformerTests {
    static let xml = #"""
        <model>
        <entity name="Person">
            <attribute name="born" optional="YES" attributeType="Transformable" valueTransformerName="Declared.Day"><userInfo><entry key="dateFormat" value="yyyy-MM-dd"/></userInfo></attribute>
            <attribute name="seen" optional="YES" attributeType="Transformable" valueTransformerName="Declared.Day"><userInfo><entry key="dateFormat" value="iso8601"/></userInfo></attribute>
            <attribute name="built" optional="YES" attributeType="Transformable" valueTransformerName="ISO8601Date"><userInfo><entry key="dateFormat" value="yyyy-MM-dd"/></userInfo></attribute>
            <attribute name="plain" optional="YES" attributeType="Transformable" valueTransformerName="Declared.Other"/>
        </entity>
        </model>
        """#

    @Test("each declaration is listed; the first for a name is registered, unless the name has a transformer")
    func declarations() throws {
        let model = try ObjectModel(xml: Self.xml)
        let declarations = model.dateTransformerDeclarations
        #expect(declarations.map(\.name.rawValue) == ["Declared.Day", "Declared.Day"])
        #expect(declarations.map(\.attribute.name) == ["born", "seen"])
        defer { ValueTransformer.setValueTransformer(nil, forName: "Declared.Day") }
        #expect(model.registerDeclaredDateTransformers() == ["Declared.Day"])
        #expect(
            (ValueTransformer.valueTransformer(forName: "Declared.Day") as? DateTransformer)?.format == .yearMonthDay
        )
        #expect(model.registerDeclaredDateTransformers().isEmpty)
        // Decoding reads the format the model declares.
        let person = try ModelDecoder(model: model)
            .decodeObject(
                of: "Person",
                from: Data(#"{"born": "1835-11-30"}"#.utf8)
            )
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let expected = calendar.date(from: DateComponents(year: 1835, month: 11, day: 30))
        #expect(person.value(forKey: "born") as? Date == expected)
    }
}
