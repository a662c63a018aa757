import Foundation
import Testing
import TestSupport

@testable import ModelMapper

/// Model diagnostics carry stable codes from one catalogue (the `ModelDiagnostic+…Messages.swift` files).
@Suite("Model diagnostics: a catalogue with stable codes")
struct DiagnosticCodeTests {
    /// The diagnostics of loading `xml`, whether it loads or not.
    static func diagnostics(of xml: String, conventions: ModelConventions = ModelConventions()) -> [ModelDiagnostic] {
        do {
            return try ObjectModel(xml: xml, conventions: conventions).warnings
        } catch {
            return error.diagnostics
        }
    }

    @Test(
        "each kind of problem has its code, and the message its text",
        arguments: [
            (
                #"<model><entity name="A"/><entity name="A"/></model>"#,
                "MM202" as ModelDiagnostic.Code, "entity 'A' is declared twice (first at line 1)"
            ),
            (
                #"<model><entity name="A" parentEntity="Nope"/></model>"#,
                "MM203", "entity 'A' names parent entity 'Nope', which does not exist"
            ),
            (
                #"<model><entity name="A"><relationship name="b" destinationEntity="B" inverseName="a" "#
                    + #"inverseEntity="B"/></entity><entity name="B"/></model>"#,
                "MM404", "relationship 'A.b' names inverse 'a', but entity 'B' has no property of that name"
            ),
            (
                #"<model><entity name="A"><attribute name="x" attributeType="Integer 99"/></entity></model>"#,
                "MM304", "attribute 'A.x' has unknown attribute type 'Integer 99'"
            ),
            (
                #"<model><entity name="A"><attribute name="x" attributeType="String"><userInfo>"#
                    + #"<entry key="jsonKeyPath" value=""/></userInfo></attribute></entity></model>"#,
                "MM502", "property 'A.x': userInfo 'jsonKeyPath' is empty"
            ),
            (
                #"<model><configuration name="C"><memberEntity name="Nope"/></configuration></model>"#,
                "MM602", "configuration 'C' names entity 'Nope', which does not exist"
            ),
            (#"<notAModel/>"#, "MM108", "the root element is <notAModel>, not <model>"),
            (#"<model><entity"#, "MM107", "malformed XML"),
        ]
    )
    func codes(xml: String, code: ModelDiagnostic.Code, text: String) throws {
        let found = Self.diagnostics(of: xml)
        let diagnostic = try #require(found.first { $0.code == code }, "\(found)")
        #expect(diagnostic.message.contains(text), "\(diagnostic)")
        #expect(!found.contains { $0.code == .unclassified }, "\(found)")
    }

    @Test("a file that is not there, and a class naming no entity of the model, have their codes")
    func fileAndClassCodes() throws {
        let missing = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: URL(fileURLWithPath: "/nonexistent/Nope.xcdatamodeld"))
        }
        #expect(missing?.diagnostics.map(\.code) == ["MM101"])
        final class Stray: ModelObject {
            override class var entityName: String { "Stray" }
        }
        let unbound = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(xml: #"<model><entity name="A"/></model>"#).binding([Stray.self])
        }
        #expect(unbound?.diagnostics.map(\.code) == ["MM701"])
    }

    @Test("codes are MM and three digits, and a diagnostic made outside the catalogue is unclassified")
    func codeShape() {
        for code in ["MM101" as ModelDiagnostic.Code, "MM201", "MM404", "MM523"] {
            #expect(code.rawValue.count == 5 && code.rawValue.hasPrefix("MM") && Int(code.rawValue.dropFirst(2)) != nil)
        }
        let made = ModelDiagnostic(.warning, "a tool's own note", at: SourceLocation(file: "x"))
        #expect(made.code == .unclassified && made.code.description == "MM000")
    }

    @Test("Errors and validation lists every code of the catalogue, once, as users compare codes by their spelling")
    func codesDocumented() throws {
        let article = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent(
                "Sources/ModelMapper/ModelMapper.docc/ErrorsAndValidation.md"
            ),
            encoding: .utf8
        )
        let listed = article.split(separator: "\n").filter { $0.hasPrefix("| MM") && !$0.hasPrefix("| MM8") }
            .map { String($0.dropFirst(2).prefix(5)) }
        // The catalogue: each family's file of messages, each declaring its code in place.
        let folder = TestPaths.packageRoot.appendingPathComponent("Sources/ModelMapperSchema/Schema")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("ModelDiagnostic+") && $0.hasSuffix("Messages.swift") }
        #expect(files.count >= 5)
        var declared: Set<String> = ["MM000"]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            declared.formUnion(
                text.split(separator: "\"").filter { $0.count == 5 && $0.hasPrefix("MM") }.map(String.init)
            )
        }
        #expect(declared.count > 80)
        #expect(
            listed == declared.sorted(),
            "listed but not declared: \(Set(listed).subtracting(declared).sorted()); declared but not listed: \(declared.subtracting(listed).sorted())"
        )
    }
}
