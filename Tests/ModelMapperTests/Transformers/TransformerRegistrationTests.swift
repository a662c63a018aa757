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
