import Foundation
import ModelMapper
import TestSupport
import Testing

/// A model using every attribute type and most of what Xcode writes.
private let everythingXML = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23231" minimumToolsVersion="Automatic" sourceLanguage="Swift" futureModelAttribute="kept">
        <entity name="Sample" representedClassName="SampleObject" syncable="YES" codeGenerationType="class" futureEntityAttribute="x">
            <attribute name="int16" optional="YES" attributeType="Integer 16" defaultValueString="-7" minValueString="-10" maxValueString="10" usesScalarValueType="YES"/>
            <attribute name="int32" optional="YES" attributeType="Integer 32" defaultValueString="70000"/>
            <attribute name="int64" attributeType="Integer 64" defaultValueString="9000000000"/>
            <attribute name="decimal" optional="YES" attributeType="Decimal" defaultValueString="0.1"/>
            <attribute name="double" optional="YES" attributeType="Double" defaultValueString="2.5"/>
            <attribute name="float" optional="YES" attributeType="Float" defaultValueString="0.25"/>
            <attribute name="string" optional="YES" attributeType="String" defaultValueString="hello" minValueString="2" maxValueString="40" regularExpressionString="[a-z]+"/>
            <attribute name="boolean" optional="YES" attributeType="Boolean" defaultValueString="YES"/>
            <attribute name="date" optional="YES" attributeType="Date" defaultDateTimeInterval="0" minDateTimeInterval="-86400" maxDateTimeInterval="86400"/>
            <attribute name="binary" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
            <attribute name="transformable" optional="YES" attributeType="Transformable" valueTransformerName="StringArray" customClassName="[String]"/>
            <attribute name="uuid" optional="YES" attributeType="UUID" defaultValueString="E621E1F8-C36C-495A-93FC-0C247A3E6E5F"/>
            <attribute name="uri" optional="YES" attributeType="URI" defaultValueString="https://example.com/a"/>
            <attribute name="objectID" optional="YES" attributeType="ObjectID"/>
            <attribute name="composite" optional="YES" attributeType="Composite" composite="Address"/>
            <attribute name="undefined" optional="YES" transient="YES" attributeType="Undefined"/>
            <attribute name="derivedCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="children.@count"/>
            <fetchedProperty name="recent" optional="YES">
                <fetchRequest name="fetchedPropertyFetchRequest" entity="Sample" predicateString="date &gt; $FETCH_SOURCE.date"/>
            </fetchedProperty>
            <futureElement name="ignored"/>
            <userInfo>
                <entry key="owner" value="tests"/>
            </userInfo>
        </entity>
        <composite name="Address">
            <attribute name="street" optional="YES" attributeType="String"/>
            <attribute name="zip" optional="YES" attributeType="Integer 32"/>
        </composite>
        <configuration name="Cloud" usedWithCloudKit="YES">
            <memberEntity name="Sample"/>
        </configuration>
        <fetchRequest name="allSamples" entity="Sample" predicateString="int16 &gt; 0" fetchLimit="10"/>
        <elements>
            <element name="Sample" positionX="0" positionY="0" width="128" height="300"/>
        </elements>
    </model>
    """

@Suite("Model description: types, defaults, constraints and model-level elements")
struct SchemaTests {
    let model: ObjectModel
    let sample: EntityDescription

    init() throws {
        model = try ObjectModel(xml: everythingXML, fileName: "Everything.xml")
        sample = try #require(model.entity(named: "Sample"))
    }

    @Test("every Xcode attribute type is read, and a missing attributeType is Undefined")
    func attributeTypes() {
        let types = sample.attributes.map(\.attributeType)
        #expect(
            types == [
                .integer16, .integer32, .integer64, .decimal, .double, .float, .string, .boolean, .date,
                .binaryData, .transformable, .uuid, .uri, .objectID, .composite, .undefined, .integer64,
            ]
        )
        #expect(Set(types) == Set(AttributeType.allCases))
    }

    @Test("defaults are converted to the attribute's type")
    func typedDefaults() throws {
        let attributes = sample.attributesByName
        #expect(attributes["int16"]?.defaultValue as? Int16 == -7)
        #expect(attributes["int32"]?.defaultValue as? Int32 == 70000)
        #expect(attributes["int64"]?.defaultValue as? Int64 == 9_000_000_000)
        // Exact: 0.1 as a Decimal, not the nearest Double.
        #expect(attributes["decimal"]?.defaultValue as? Decimal == Decimal(sign: .plus, exponent: -1, significand: 1))
        #expect(attributes["double"]?.defaultValue as? Double == 2.5)
        #expect(attributes["float"]?.defaultValue as? Float == 0.25)
        #expect(attributes["string"]?.defaultValue as? String == "hello")
        #expect(attributes["boolean"]?.defaultValue as? Bool == true)
        #expect(attributes["date"]?.defaultValue as? Date == Date(timeIntervalSinceReferenceDate: 0))
        #expect(attributes["uuid"]?.defaultValue as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(attributes["uri"]?.defaultValue as? URL == URL(string: "https://example.com/a"))
        #expect(attributes["binary"]?.defaultValue == nil)
        #expect(attributes["int16"]?.defaultValueString == "-7")
    }

    @Test("min/max: typed bounds for numbers and dates, lengths for strings; regex kept")
    func constraints() {
        let attributes = sample.attributesByName
        #expect(attributes["int16"]?.minValue as? Int16 == -10)
        #expect(attributes["int16"]?.maxValue as? Int16 == 10)
        #expect(attributes["string"]?.minLength == 2)
        #expect(attributes["string"]?.maxLength == 40)
        #expect(attributes["string"]?.minValue == nil)
        #expect(attributes["string"]?.regularExpressionString == "[a-z]+")
        #expect(attributes["date"]?.minValue as? Date == Date(timeIntervalSinceReferenceDate: -86400))
        #expect(attributes["date"]?.maxValue as? Date == Date(timeIntervalSinceReferenceDate: 86400))
    }

    @Test("flags: optional, transient, derived, scalar, external storage")
    func flags() {
        let attributes = sample.attributesByName
        #expect(attributes["int16"]?.isOptional == true)
        #expect(attributes["int64"]?.isOptional == false)
        #expect(attributes["undefined"]?.isTransient == true)
        #expect(attributes["derivedCount"]?.isDerived == true)
        #expect(attributes["derivedCount"]?.derivationExpression == "children.@count")
        #expect(attributes["int16"]?.usesScalarValueType == true)
        #expect(attributes["binary"]?.allowsExternalBinaryDataStorage == true)
    }

    @Test("transformable attributes keep transformer and custom class; composites resolve")
    func transformableAndComposite() throws {
        let transformable = try #require(sample.attributesByName["transformable"])
        #expect(transformable.valueTransformerName == "StringArray")
        #expect(transformable.customClassName == "[String]")
        let composite = try #require(sample.attributesByName["composite"]?.composite)
        #expect(composite.name == "Address")
        #expect(composite.elements.map(\.name) == ["street", "zip"])
        #expect(composite.elements.map(\.attributeType) == [.string, .integer32])
    }

    @Test("entity metadata and userInfo are read")
    func entityMetadata() {
        #expect(sample.representedClassName == "SampleObject")
        #expect(sample.codeGenerationType == "class")
        #expect(sample.userInfo == ["owner": "tests"])
        #expect(sample.isAbstract == false)
        #expect(sample.superentity == nil)
        #expect(sample.location == SourceLocation(file: "Everything.xml", line: 3, column: 5))
    }

    @Test("unknown XML elements and attributes are kept, never fatal")
    func unknownsAreKept() {
        #expect(model.modelAttributes["futureModelAttribute"] == "kept")
        #expect(sample.xmlAttributes["futureEntityAttribute"] == "x")
        #expect(model.warnings.isEmpty)
    }

    @Test("fetched properties, configurations and fetch request templates")
    func modelLevelElements() {
        #expect(sample.fetchedProperties.map(\.name) == ["recent"])
        #expect(sample.fetchedProperties.first?.entityName == "Sample")
        #expect(sample.fetchedProperties.first?.predicateString == "date > $FETCH_SOURCE.date")
        #expect(sample.propertiesByName["recent"] == nil)
        #expect(model.configurations.map(\.name) == ["Cloud"])
        #expect(model.configurations.first?.usedWithCloudKit == true)
        #expect(model.entities(forConfigurationName: "Cloud")?.map(\.name) == ["Sample"])
        #expect(model.entities(forConfigurationName: "Local") == nil)
        let template = model.fetchRequestTemplatesByName["allSamples"]
        #expect(template?.entityName == "Sample")
        #expect(template?.predicateString == "int16 > 0")
        #expect(template?.xmlAttributes["fetchLimit"] == "10")
    }

    @Test("descriptions by name iterate in declaration order")
    func namedDescriptions() {
        let byName = sample.attributesByName
        #expect(byName.count == 17)
        #expect(byName.keys.first == "int16")
        #expect(byName.map(\.key) == sample.attributes.map(\.name))
        #expect(byName.values == sample.attributes)
        #expect(byName["nope"] == nil)
        #expect(model.entitiesByName["Sample"] == sample)
    }

    @Test("the Authors model: ids, transformers, flattened key paths and one-to-one")
    func authorsModel() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let author = try #require(model.entitiesByName["Author"])
        let book = try #require(model.entitiesByName["Book"])
        let pricing = try #require(model.entitiesByName["Pricing"])
        #expect(author.attributesByName["authorID"]?.jsonKeyPath.components == ["author_id"])
        #expect(author.identityAttributes.map(\.name) == ["authorID"])
        #expect(author.attributesByName["dateOfBirth"]?.jsonKeyPath.components == ["born"])
        #expect(author.attributesByName["dateOfBirth"]?.valueTransformerName == "Date")
        #expect(book.attributesByName["tags"]?.valueTransformerName == "StringArray")
        #expect(book.attributesByName["retailPrice"]?.jsonKeyPath.components == ["pricing", "retail_price"])
        #expect(book.attributesByName["favorite"]?.defaultValue as? Bool == false)
        let bookPricing = try #require(book.relationshipsByName["pricing"])
        #expect(bookPricing.isToMany == false)
        #expect(bookPricing.destinationEntity == pricing)
        #expect(bookPricing.inverseRelationship?.name == "book")
        #expect(bookPricing.inverseRelationship?.inverseRelationship == bookPricing)
        #expect(pricing.attributesByName["currency"]?.defaultValue as? String == "USD")
    }
}
