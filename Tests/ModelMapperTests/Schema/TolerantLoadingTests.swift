import Foundation
import ModelMapper
import Testing

/// Loads one attribute with `attributeXML` and returns it with the model's warnings.
private func load(_ attributeXML: String, options: ObjectModel.LoadingOptions = []) throws -> (
    AttributeDescription, [String]
) {
    let model = try ObjectModel(
        xml: "<model><entity name=\"E\"><attribute name=\"x\" optional=\"YES\" \(attributeXML)/></entity></model>",
        options: options
    )
    let attribute = try #require(model.entity(named: "E")?.attributesByName["x"])
    return (attribute, model.warnings.map(\.message))
}

/// What Xcode writes and Core Data accepts loads: defaults written for another type are read
/// the way Foundation reads them, with a warning; the strict option makes those errors.
@Suite("Loading what Core Data loads: tolerated defaults, and strict loading")
struct TolerantLoadingTests {
    @Test(
        "defaults Core Data reads are used, with a warning saying how they were read",
        arguments: [
            ("Integer 32", "0.0", "0", Int64(0)),
            ("Integer 64", "0.0", "0", 0),
            ("Integer 16", "NO", "0", 0),
            ("Integer 16", "YES", "1", 1),
            ("Integer 32", "1e3", "1000", 1_000),
            ("Integer 64", "-12.000", "-12", -12),
        ]
    )
    func toleratedIntegers(type: String, text: String, reading: String, value: Int64) throws {
        let (attribute, warnings) = try load(#"attributeType="\#(type)" defaultValueString="\#(text)""#)
        #expect(warnings == ["default value of attribute 'E.x' (\(type)) is '\(text)', read as \(reading)"])
        let loaded = (attribute.defaultValue as? any BinaryInteger).map { Int64($0) }
        #expect(loaded == value)
    }

    @Test(
        "Booleans read the way Foundation's boolValue does",
        arguments: [
            ("0.0", false, "NO"), ("00", false, "NO"), ("1.5", true, "YES"), ("Y", true, "YES"), ("t", true, "YES"),
        ]
    )
    func toleratedBooleans(text: String, value: Bool, reading: String) throws {
        let (attribute, warnings) = try load(#"attributeType="Boolean" defaultValueString="\#(text)""#)
        #expect(attribute.defaultValue as? Bool == value)
        #expect(warnings == ["default value of attribute 'E.x' (Boolean) is '\(text)', read as \(reading)"])
    }

    @Test(
        "canonical literals load without a warning",
        arguments: [
            (#"attributeType="Integer 16" defaultValueString="-32768""#),
            (#"attributeType="Integer 64" defaultValueString="-9223372036854775808""#),
            (#"attributeType="Boolean" defaultValueString="YES""#),
            (#"attributeType="Boolean" defaultValueString="false""#),
            (#"attributeType="Decimal" defaultValueString="12345678901234567890123456789012345678""#),
            (#"attributeType="Decimal" defaultValueString="1e130""#),
            (#"attributeType="Double" defaultValueString="0.1""#),
            (#"attributeType="String" defaultValueString="""#),
            (#"attributeType="Transformable" defaultValueString="whatever""#),
        ]
    )
    func canonical(attributeXML: String) throws {
        let (attribute, warnings) = try load(attributeXML)
        #expect(warnings.isEmpty)
        #expect(attribute.defaultValue != nil || attribute.attributeType == .transformable)
    }

    @Test(
        "values that do not fit, have a fraction, are not finite or are empty give no default, with a warning",
        arguments: [
            ("Integer 16", "1.5", "it has a fraction"),
            ("Integer 16", "70000", "it is out of range for Integer 16 (-32768...32767)"),
            ("Integer 32", "1e-9223372036854775808", "it has a fraction"),
            (
                "Integer 64", "9223372036854775808",
                "it is out of range for Integer 64 (-9223372036854775808...9223372036854775807)"
            ),
            (
                "Integer 64", "1e9223372036854775807",
                "it is out of range for Integer 64 (-9223372036854775808...9223372036854775807)"
            ),
            ("Integer 32", "nan", "it is not a finite number"),
            ("Integer 32", "-inf", "it is not a finite number"),
            ("Double", "nan", "it is not a finite number"),
            ("Double", "infinity", "it is not a finite number"),
            ("Double", "1e999", "it is out of range for Double"),
            ("Float", "1e39", "it is out of range for Float"),
            (
                "Decimal", "1e-9223372036854775808",
                "a Decimal cannot hold it exactly (at most 38 significant digits, powers of ten from -128 to 127)"
            ),
            (
                "Decimal", "123456789012345678901234567890123456789012345678901234567890",
                "a Decimal cannot hold it exactly (at most 38 significant digits, powers of ten from -128 to 127)"
            ),
            ("Decimal", "NaN", "it is not a finite number"),
            ("URI", "", "it is empty"),
            ("UUID", "", "it is empty"),
            ("Date", "", "it is empty"),
            ("Binary", "", "it is empty"),
            ("Boolean", "perhaps", "it is not a Boolean (YES or NO)"),
        ]
    )
    func unusable(type: String, text: String, reason: String) throws {
        let (attribute, warnings) = try load(#"attributeType="\#(type)" defaultValueString="\#(text)""#)
        #expect(attribute.defaultValue == nil)
        #expect(
            warnings == ["default value of attribute 'E.x' (\(type)) is '\(text)': \(reason); no default value is used"]
        )
    }

    @Test("bounds are read like defaults; a regular expression that does not compile is dropped")
    func boundsAndPatterns() throws {
        let (attribute, warnings) = try load(
            #"attributeType="Integer 16" minValueString="0.0" maxValueString="1e9" regularExpressionString="[a-""#
        )
        #expect(attribute.minValue as? Int16 == 0)
        #expect(attribute.maxValue == nil)
        #expect(attribute.regularExpressionString == nil)
        #expect(
            warnings == [
                "minimum of attribute 'E.x' (Integer 16) is '0.0', read as 0",
                "maximum of attribute 'E.x' (Integer 16) is '1e9': it is out of range for Integer 16 (-32768...32767); "
                    + "no maximum is used",
                "regular expression of attribute 'E.x' is '[a-', which does not compile; no pattern is used",
            ]
        )
    }

    @Test("a typo'd attribute type reads as Undefined, and the warning says which type was meant")
    func typoedType() throws {
        let (attribute, warnings) = try load(#"attributeType="Strng""#)
        #expect(attribute.attributeType == .undefined)
        #expect(warnings.first?.hasSuffix("; did you mean 'String'?") == true, "\(warnings)")
        let (_, farOff) = try load(#"attributeType="Currency""#)
        #expect(farOff.first?.contains("did you mean") == false, "nothing near: no guess")
    }

    @Test("an unknown attribute type reads as Undefined")
    func unknownType() throws {
        let (attribute, warnings) = try load(#"attributeType="Integer 128""#)
        #expect(attribute.attributeType == .undefined)
        #expect(
            warnings.first?.hasPrefix("attribute 'E.x' has unknown attribute type 'Integer 128', read as Undefined")
                == true
        )
    }

    @Test(
        "inverses Xcode wrote loosely load: an inverse entity that is the destination's superentity, an inverse leading to a subentity"
    )
    func looseInverses() throws {
        let model = try ObjectModel(
            xml: """
                <model>
                    <entity name="Shelf">
                        <relationship name="items" toMany="YES" destinationEntity="Book" inverseName="shelf" inverseEntity="Item"/>
                        <relationship name="featured" maxCount="1" destinationEntity="Item" inverseName="featuredOn" inverseEntity="Item"/>
                    </entity>
                    <entity name="Special" parentEntity="Shelf"/>
                    <entity name="Item">
                        <relationship name="shelf" maxCount="1" destinationEntity="Shelf" inverseName="items" inverseEntity="Shelf"/>
                        <relationship name="featuredOn" maxCount="1" destinationEntity="Special" inverseName="featured" inverseEntity="Special"/>
                    </entity>
                    <entity name="Book" parentEntity="Item"/>
                </model>
                """
        )
        let shelf = try #require(model.entity(named: "Shelf"))
        #expect(shelf.relationshipsByName["items"]?.inverseRelationship?.name == "shelf")
        #expect(
            model.warnings.map(\.message) == [
                "the inverse of relationship 'Shelf.featured' leads to 'Special', a subentity of 'Shelf'; this inverse "
                    + "is not maintained automatically",
                "the inverse of relationship 'Item.shelf' leads to 'Book', a subentity of 'Item'; this inverse is not "
                    + "maintained automatically",
            ]
        )
    }

    @Test("an empty key path in userInfo maps the property to its own name, with a warning")
    func emptyKeyPath() throws {
        let model = try ObjectModel(
            xml:
                #"<model><entity name="E"><attribute name="x" optional="YES" attributeType="String"><userInfo><entry key="mappedKeyName" value=""/></userInfo></attribute></entity></model>"#
        )
        #expect(model.entity(named: "E")?.attributesByName["x"]?.jsonKeyPath.components == ["x"])
        #expect(
            model.warnings.map(\.message) == [
                "property 'E.x': userInfo 'mappedKeyName' is empty; the property maps to its own name"
            ]
        )
    }

    @Test("strict loading turns every warning into an error, each still located")
    func strict() throws {
        let xml = """
            <model>
                <entity name="E">
                    <attribute name="x" optional="YES" attributeType="Integer 32" defaultValueString="0.0"/>
                    <relationship name="r" maxCount="1" deletionRule="Explode" destinationEntity="E"/>
                </entity>
            </model>
            """
        #expect(try ObjectModel(xml: xml).warnings.count == 2)
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(xml: xml, fileName: "M.xml", options: .strict)
        }
        #expect(
            error?.description == """
                M.xml:3:71: error: default value of attribute 'E.x' (Integer 32) is '0.0', read as 0
                M.xml:4:45: error: relationship 'E.r' has unknown deletion rule 'Explode', read as Nullify (known rules: Nullify, Cascade, Deny, No Action)
                """
        )
        // A clean model loads strictly too.
        #expect(try ObjectModel(xml: "<model><entity name=\"E\"/></model>", options: .strict).entities.count == 1)
    }
}
