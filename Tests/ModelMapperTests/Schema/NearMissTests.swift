import Foundation
import ModelMapper
import TestSupport
import Testing

/// Names a model file misspells: an element, an XML attribute or a userInfo key one edit from
/// a known one gets a warning with the name it probably meant; other unknown names stay silent,
/// as newer Xcode versions add them. An attribute without `attributeType` gets a warning too.
@Suite("Model files: near-miss names and a missing attribute type are warned of")
struct NearMissTests {
    /// A model whose one entity holds `body`.
    static func model(_ body: String) -> String {
        "<model>\n<entity name=\"A\">\n\(body)\n</entity>\n</model>\n"
    }

    @Test(
        "a near miss is warned of where it is, with the name it probably meant",
        arguments: [
            (
                #"<attribute name="x" optonal="YES" attributeType="String"/>"#,
                "MM127" as ModelDiagnostic.Code,
                "'optonal' is not an attribute of the model format and is ignored on <attribute>; did you mean "
                    + "'optional'?",
                21
            ),
            (
                #"<relationship name="r" destinationEntty="A" toMany="YES"/>"#,
                "MM127", "did you mean 'destinationEntity'?", 24
            ),
            (#"<atribute name="x" attributeType="String"/>"#, "MM126", "did you mean '<attribute>'?", 1),
            (
                #"<attribute name="x" attributeType="String"><userInfo><entry key="jsonKeyPth" value="a.b"/>"#
                    + "</userInfo></attribute>",
                "MM527",
                "userInfo key 'jsonKeyPth' is not one ModelMapper reads, so the entry does nothing; did you mean "
                    + "'jsonKeyPath'?",
                61
            ),
            (
                #"<attribute name="x" attributeType="String"><userInfo><entry key="jsonkeypath" value="a"/>"#
                    + "</userInfo></attribute>",
                "MM527", "did you mean 'jsonKeyPath'?", 61
            ),
            (
                #"<attribute name="x"/>"#, "MM310",
                "attribute 'A.x' has no attributeType, read as Undefined", 1
            ),
        ]
    )
    func nearMiss(body: String, code: ModelDiagnostic.Code, text: String, column: Int) throws {
        // A misspelled destination also leaves the relationship without one, an error that
        // comes with the warning that says why.
        let diagnostics: [ModelDiagnostic]
        do {
            diagnostics = try ObjectModel(xml: Self.model(body), fileName: "Model.xml").warnings
        } catch {
            diagnostics = error.diagnostics
        }
        let warnings = diagnostics.filter { $0.code == code }
        try #require(warnings.count == 1, "\(diagnostics)")
        #expect(warnings[0].severity == .warning)
        #expect(warnings[0].message.contains(text), "\(warnings[0])")
        #expect(warnings[0].location.line == 3, "\(warnings[0])")
        #expect(warnings[0].location.column == column, "\(warnings[0])")
    }

    @Test("under .strict, a near miss is an error and the model does not load")
    func strictMakesThemErrors() throws {
        let xml = Self.model(#"<attribute name="x" optonal="YES" attributeType="String"/>"#)
        let error = try #require(throws: ModelLoadingError.self) {
            try ObjectModel(xml: xml, fileName: "Model.xml", options: .strict)
        }
        #expect(error.diagnostics.contains { $0.code == "MM127" && $0.severity == .error })
    }

    @Test("names a newer Xcode may add, and the user's own userInfo keys, stay silent")
    func unknownNamesStaySilent() throws {
        let xml = Self.model(
            #"<attribute name="x" attributeType="String" spotlightIndexingEnabled="YES" futureFlag="2">"#
                + #"<userInfo><entry key="notes" value="n"/><entry key="sync.remoteKey" value="X"/></userInfo>"#
                + #"</attribute><futureElement kind="new"/><x:note xmlns:x="urn:x"/>"#
        )
        let model = try ObjectModel(xml: xml, fileName: "Model.xml")
        #expect(model.warnings.isEmpty, "\(model.warnings)")
    }

    @Test("10,000 distinct unknown attribute names on one element: loaded, and only the near misses warned of")
    func manyUnknownNames() throws {
        let names = (0..<10_000).map { #"zz\#($0)q="x""# }.joined(separator: " ")
        let xml = Self.model(#"<attribute name="x" attributeType="String" optonal="YES" "# + names + "/>")
        let model = try ObjectModel(xml: xml, fileName: "Model.xml")
        #expect(model.warnings.map(\.code) == ["MM127"], "\(model.warnings.prefix(3))")
        #expect(model.entities.first?.attributes.first?.xmlAttributes.count == 10_003)
    }

    @Test("a misspelled name is warned of at each place it is written")
    func everyPlace() throws {
        let xml = Self.model(
            #"<attribute name="x" optonal="YES" attributeType="String"/>"# + "\n"
                + #"<attribute name="y" optonal="YES" attributeType="String"/>"#
        )
        let model = try ObjectModel(xml: xml, fileName: "Model.xml")
        let lines = model.warnings.filter { $0.code == "MM127" }.map(\.location.line)
        #expect(lines == [3, 4], "\(model.warnings)")
    }

    @Test(
        "no model file of the corpus, as Xcode wrote it, has a near miss or lacks an attribute type",
        .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
    )
    func corpusHasNone() throws {
        let files = TestPaths.corpusContentsFiles()
        try #require(files.count >= 50)
        let codes: Set<ModelDiagnostic.Code> = [
            "MM126", "MM127", "MM527", "MM310",
        ]
        for file in files {
            guard let model = try? ObjectModel(contentsOf: file) else { continue }
            let found = model.warnings.filter { codes.contains($0.code) }
            #expect(found.isEmpty, "\(file.path): \(found)")
        }
    }
}
