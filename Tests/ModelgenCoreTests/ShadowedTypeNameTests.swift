import Foundation
import ModelMapper
import ModelgenCore
import Testing

/// Class names that would hide a common type from the rest of their module (issue 52):
/// inference names around them with a role suffix; a name a model gives is kept, with MM818
/// from `validate` (an error under `--strict`) and from the generator.
@Suite("Class names that hide Swift's, Foundation's or ModelMapper's types")
struct ShadowedTypeNameTests {
    @Test(
        "inference names such objects after their role: _links.collection is CollectionLink, results.json ResultRecord"
    )
    func inferenceAddsTheRole() throws {
        let json = #"""
            [{"id": 1, "_links": {"collection": [{"href": "https://example.com/orders"}], "self": [{"href": "https://example.com/orders/1"}]}}]
            """#
        let result = try ModelInference.infer(
            from: [ModelInference.Sample(name: "results.json", data: Data(json.utf8))]
        )
        let names = Set(result.model.entities.map(\.name))
        #expect(result.rootEntity == "ResultRecord")
        #expect(names.contains("CollectionLink"))
        #expect(!names.contains("Collection") && !names.contains("Result"))
        #expect(
            result.guesses.contains { $0.subject == "CollectionLink" && $0.evidence.contains("not Collection") }
        )
        // Nothing of the inferred model is reported.
        let strict = try Self.validate(result.contents, options: .strict)
        #expect(strict.diagnostics.isEmpty)
    }

    /// What `modelgen validate` reports for a model file of `text`.
    static func validate(_ text: String, options: ObjectModel.LoadingOptions = []) throws -> ModelValidator.Report {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shadowed-\(UUID().uuidString).xml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return ModelValidator.validate([file], options: options)
    }

    /// Entities whose class names hide `Collection` (by its name) and `Result` (by its class).
    static let xml = """
        <model>
          <entity name="Collection"><attribute name="title" optional="YES" attributeType="String"/></entity>
          <entity name="Outcome" representedClassName="Result"><attribute name="code" optional="YES" attributeType="Integer 64"/></entity>
          <entity name="Shelf" representedClassName="Shelf"><attribute name="size" optional="YES" attributeType="Integer 64"/></entity>
        </model>
        """

    @Test("validate warns about a class name a model gives, at the entity; --strict makes it an error")
    func validateWarns() throws {
        let report = try Self.validate(Self.xml)
        let shadows = report.diagnostics.filter { $0.code.rawValue == "MM818" }
        #expect(shadows.map(\.severity) == [.warning, .warning])
        #expect(shadows.map(\.location.line) == [2, 3])
        #expect(shadows.first?.message.contains("class name 'Collection' hides the type 'Collection'") == true)
        #expect(shadows.last?.message.contains("entity 'Outcome': class name 'Result'") == true)
        let strict = try Self.validate(Self.xml, options: .strict)
        #expect(strict.diagnostics.filter { $0.code.rawValue == "MM818" }.map(\.severity) == [.error, .error])
    }

    @Test("the generator keeps the name it was given, and says what it hides")
    func generatorKeepsAndWarns() throws {
        let model = try ObjectModel(xml: Self.xml, fileName: "Snippet.xml")
        let result = ModelGenerator.generate(
            model,
            modelXML: Self.xml,
            options: GeneratorOptions(modelName: "Snippet", sourceName: "Snippet.xcdatamodel")
        )
        let code = result.files.map(\.contents).joined()
        #expect(code.contains("class Collection: _Collection"))
        #expect(code.contains("class Result: _Result"))
        #expect(result.diagnostics.map(\.code.rawValue) == ["MM818", "MM818"])
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    }
    @Test("a class prefix names every class and its files, and hides nothing; infer --prefix writes it in the model")
    func classPrefix() throws {
        let model = try ObjectModel(xml: Self.xml, fileName: "Snippet.xml")
        var options = GeneratorOptions(modelName: "Snippet", sourceName: "Snippet.xcdatamodel")
        options.classPrefix = "Woo"
        let result = ModelGenerator.generate(model, modelXML: Self.xml, options: options)
        let code = result.files.map(\.contents).joined()
        #expect(code.contains("class WooCollection: _WooCollection"))
        #expect(result.files.map(\.path).contains("_WooCollection.swift"))
        #expect(result.diagnostics.isEmpty)
        var inference = ModelInference.Options()
        inference.classPrefix = "WC"
        let inferred = try ModelInference.infer(
            from: [ModelInference.Sample(name: "orders.json", data: Data(#"[{"id": 1, "meta": {"key": "a"}}]"#.utf8))],
            options: inference
        )
        #expect(inferred.model.entitiesByName["Order"]?.representedClassName == "WCOrder")
        #expect(inferred.model.entitiesByName["Meta"]?.representedClassName == "WCMeta")
    }
}
