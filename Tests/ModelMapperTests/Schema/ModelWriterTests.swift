import Foundation
import ModelMapper
import TestSupport
import Testing

/// `ObjectModel.xmlContents()`: the model written as Xcode writes it. Every model of `Models/`
/// and of the corpus loads, writes and loads again equal, and writing is a fixed point; files a
/// recent Xcode saved come back byte for byte.
@Suite("The model writer: Xcode's file, back from the model")
struct ModelWriterTests {
    /// What a model says, property by property, as text: two models that load from equivalent
    /// files give the same.
    static func summary(of model: ObjectModel) -> [String] {
        var lines = model.modelAttributes.sorted { $0.key < $1.key }.map { "model \($0.key)=\($0.value)" }
        for entity in model.entities {
            lines.append(
                "entity \(entity.name) \(entity.xmlAttributes.sorted { $0.key < $1.key }) \(entity.userInfo.sorted { $0.key < $1.key })"
            )
            lines.append("  elements \(entity.xmlElements)")
            for property in entity.properties {
                lines.append("  \(property.name) at \(property.jsonKeyPath)")
            }
            for attribute in entity.attributes {
                lines.append(
                    "  attribute \(attribute.name) \(attribute.xmlAttributes.sorted { $0.key < $1.key }) \(attribute.userInfo.sorted { $0.key < $1.key })"
                )
            }
            for relationship in entity.relationships {
                lines.append(
                    "  relationship \(relationship.name) \(relationship.xmlAttributes.sorted { $0.key < $1.key }) \(relationship.userInfo.sorted { $0.key < $1.key }) -> \(relationship.destinationEntity.name) inverse \(relationship.inverseRelationship?.name ?? "-")"
                )
            }
            for fetched in entity.fetchedProperties {
                lines.append(
                    "  fetched \(fetched.name) \(fetched.isOptional) \(fetched.entityName ?? "-") \(fetched.predicateString ?? "-") \(fetched.userInfo.sorted { $0.key < $1.key })"
                )
            }
        }
        for template in model.fetchRequestTemplates {
            lines.append("fetchRequest \(template.name) \(template.xmlAttributes.sorted { $0.key < $1.key })")
        }
        for configuration in model.configurations {
            lines.append(
                "configuration \(configuration.name) \(configuration.entityNames) \(configuration.usedWithCloudKit)"
            )
        }
        for composite in model.composites {
            lines.append(
                "composite \(composite.name) \(composite.elements.map { $0.xmlAttributes.sorted { $0.key < $1.key } })"
            )
        }
        lines.append("elements \(model.xmlElements)")
        return lines
    }

    static func modelFiles() -> [URL] {
        let models =
            FileManager.default.enumerator(
                at: TestPaths.packageRoot.appendingPathComponent("Models"),
                includingPropertiesForKeys: nil
            )?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "contents" } ?? []
        return models.sorted { $0.path < $1.path } + (TestPaths.corpusIsPresent ? TestPaths.corpusContentsFiles() : [])
    }

    @Test("every model of Models/ and the corpus loads, writes, and loads again equal; writing again changes nothing")
    func roundTrips() throws {
        let files = Self.modelFiles()
        try #require(files.count >= 7)
        for file in files {
            let model = try ObjectModel(contentsOf: file)
            let written = model.xmlContents()
            let again = try ObjectModel(xml: written, fileName: file.path)
            #expect(again.warnings.map(\.message) == model.warnings.map(\.message), "\(file.path)")
            #expect(Self.summary(of: again) == Self.summary(of: model), "\(file.path)")
            #expect(again.xmlContents() == written, "\(file.path)")
        }
    }

    @Test(
        "a file saved by Xcode 9 or later is written back byte for byte",
        .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
    )
    func byteForByte() throws {
        var compared = 0
        for file in TestPaths.corpusContentsFiles() {
            let original = try String(contentsOf: file, encoding: .utf8)
            guard let version = Self.toolsVersion(of: original), version >= 11_000 else { continue }
            compared += 1
            let written = try ObjectModel(contentsOf: file).xmlContents()
            guard written != original else { continue }
            let expected = original.components(separatedBy: "\n")
            let found = written.components(separatedBy: "\n")
            let first = expected.indices.first { $0 >= found.count || expected[$0] != found[$0] } ?? expected.count
            let wanted = first < expected.count ? expected[first] : "the end"
            let got = first < found.count ? found[first] : "the end"
            Issue.record("\(file.path):\(first + 1): expected \(wanted), written \(got)")
        }
        #expect(compared >= 30)
    }

    @Test("attribute values that XML would read differently are escaped, and read back the same")
    func escaping() throws {
        let xml = """
            <model><entity name="A"><attribute name="x" attributeType="String" defaultValueString="a &lt; b &amp; &quot;c&quot;&#10;d&#9;e"/>\
            <userInfo><entry key="note" value="&gt; 'q'"/></userInfo></entity></model>
            """
        let model = try ObjectModel(xml: xml)
        // Read as the file means them: libxml2 hands `&` over as `&#38;`, which the loader undoes.
        #expect(model.entities.first?.attributes.first?.xmlAttributes["defaultValueString"] == "a < b & \"c\"\nd\te")
        let written = model.xmlContents()
        #expect(written.contains(#"defaultValueString="a &lt; b &amp; &quot;c&quot;&#10;d&#9;e""#), "\(written)")
        #expect(written.contains(#"<entry key="note" value="&gt; 'q'"/>"#), "\(written)")
        let again = try ObjectModel(xml: written)
        #expect(again.entities.first?.attributes.first?.xmlAttributes["defaultValueString"] == "a < b & \"c\"\nd\te")
        #expect(again.entities.first?.userInfo["note"] == "> 'q'")
    }

    @Test("elements and attributes with a namespace prefix are written back with its declaration, and load again")
    func namespaces() throws {
        let xml = """
            <model xmlns:app="urn:app"><entity name="A" xmlns:x="urn:x"><attribute name="a" attributeType="String" \
            x:hint="h" app:flag="1"/><x:note>t</x:note></entity></model>
            """
        let written = try ObjectModel(xml: xml).xmlContents()
        #expect(written.contains(#"<model xmlns:app="urn:app">"#), "\(written)")
        #expect(written.contains(#"<entity name="A" xmlns:x="urn:x">"#), "\(written)")
        let again = try ObjectModel(xml: written)
        #expect(again.entities.first?.attributes.first?.xmlAttributes["x:hint"] == "h")
        #expect(again.entities.first?.xmlElements.map(\.name) == ["x:note"])
        #expect(again.xmlContents() == written)
    }

    @Test("a fetched property is written with every attribute it and its fetch request had, and its empty userInfo")
    func fetchedPropertyAttributes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="A" representedClassName="A" syncable="YES">
                    <attribute name="x" optional="YES" attributeType="String"/>
                    <fetchedProperty name="recent" optional="YES" transient="YES" syncable="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="A" predicateString="x != nil" \
            fetchLimit="5" fetchBatchSize="10" returnObjectsAsFaults="NO"/>
                        <userInfo/>
                    </fetchedProperty>
                    <fetchedProperty name="none"/>
                </entity>
            </model>
            """
        let model = try ObjectModel(xml: xml)
        #expect(model.xmlContents() == xml)
        #expect(model.entities.first?.fetchedProperties.map(\.predicateString) == ["x != nil", nil])
    }

    @Test(
        "the model's entities, fetch requests, configurations and composites are written in the file's order",
        arguments: [
            ["entity", "configuration", "composite", "fetchRequest"],
            ["composite", "entity", "fetchRequest", "configuration"],
        ]
    )
    func modelChildrenOrder(order: [String]) throws {
        let children: [String: String] = [
            "entity":
                #"    <entity name="A" syncable="YES">\#n        <attribute name="place" optional="YES" attributeType="Composite" composite="Place"/>\#n    </entity>"#,
            "fetchRequest": #"    <fetchRequest name="all" entity="A"/>"#,
            "configuration":
                #"    <configuration name="Main">\#n        <memberEntity name="A"/>\#n    </configuration>"#,
            "composite":
                #"    <composite name="Place">\#n        <attribute name="city" optional="YES" attributeType="String"/>\#n    </composite>"#,
        ]
        let xml =
            #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "\n<model>\n"
            + order.compactMap { children[$0] }.joined(separator: "\n") + "\n</model>"
        #expect(try ObjectModel(xml: xml).xmlContents() == xml)
    }

    /// The `lastSavedToolsVersion` of a model file's text.
    static func toolsVersion(of text: String) -> Int? {
        guard let range = text.range(of: #"lastSavedToolsVersion=""#) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
