import Foundation
import ModelMapper
import TestSupport
import Testing

/// Elements the loader does not read into the model are kept as written (nothing read is
/// dropped): Xcode's indexes, the diagram's layout, a newer Xcode's or an app's own elements.
@Suite("Model files: elements ModelMapper does not read are kept")
struct KeptElementsTests {
    static let xml = """
        <model>
            <entity name="Book">
                <attribute name="title" attributeType="String"/>
                <compoundIndexes>
                    <compoundIndex>
                        <index value="title"/>
                    </compoundIndex>
                </compoundIndexes>
                <fetchIndex name="byTitle">
                    <fetchIndexElement property="title" type="Binary" order="ascending"/>
                </fetchIndex>
                <x:note xmlns:x="urn:example">kept &amp; whole</x:note>
            </entity>
            <elements>
                <element name="Book" positionX="-63" positionY="-18" width="128" height="44"/>
            </elements>
        </model>
        """

    @Test("an entity's and the model's other elements, with their attributes, children and text, in order")
    func kept() throws {
        let model = try ObjectModel(xml: Self.xml, fileName: "Books.xml")
        #expect(model.warnings.isEmpty, "\(model.warnings)")
        let book = try #require(model.entitiesByName["Book"])
        #expect(book.xmlElements.map(\.name) == ["compoundIndexes", "fetchIndex", "x:note"])
        #expect(book.xmlElements[0].children.first?.children.first?[attribute: "value"] == "title")
        #expect(
            book.xmlElements[1].children.first?.attributes == [
                .init(name: "property", value: "title"), .init(name: "type", value: "Binary"),
                .init(name: "order", value: "ascending"),
            ]
        )
        #expect(book.xmlElements[2].text == "kept & whole")
        // The prefix's declaration is kept with it, so that writing the element back declares it.
        #expect(book.xmlElements[2][attribute: "xmlns:x"] == "urn:example")
        #expect(model.xmlElements.map(\.name) == ["elements"])
        #expect(model.xmlElements.first?.children.first?[attribute: "positionX"] == "-63")
        // What the loader reads is not kept twice.
        #expect(!book.xmlElements.contains { $0.name == "attribute" })
    }

    @Test("an element nested as deep as libxml2 reads (under 256 levels) is kept whole")
    func deep() throws {
        let depth = 250
        let xml =
            "<model><entity name=\"A\">" + String(repeating: "<deep>", count: depth)
            + String(repeating: "</deep>", count: depth) + "</entity></model>"
        var limits = ObjectModel.LoadingLimits.default
        limits.maximumDepth = depth + 10
        let model = try ObjectModel(xml: xml, fileName: "Deep.xml", options: [], limits: limits)
        var node = try #require(model.entitiesByName["A"]?.xmlElements.first)
        var levels = 1
        while let child = node.children.first {
            node = child
            levels += 1
        }
        #expect(levels == depth)
    }

    @Test(
        "the corpus's indexes and layouts are kept",
        .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
    )
    func corpus() throws {
        var kept = 0
        for file in TestPaths.corpusContentsFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard let model = try? ObjectModel(contentsOf: file) else { continue }
            let names = model.xmlElements.map(\.name) + model.entities.flatMap { $0.xmlElements.map(\.name) }
            for name in ["compoundIndexes", "fetchIndex", "elements"] {
                let written =
                    text.components(separatedBy: "<\(name)>").count - 1
                    + text.components(separatedBy: "<\(name) ").count - 1
                #expect(names.filter { $0 == name }.count == written, "\(file.path): <\(name)>")
                kept += written
            }
        }
        #expect(kept >= 50)
    }
}
