import Foundation
import ModelgenCore
import ModelMapper
import TestSupport
import Testing

@Suite("modelgen inspect: the model outline")
struct ModelOutlineTests {
    /// Compared with `Golden/<name>.outline.txt` (``GoldenFile``: `MODELMAPPER_RECORD_GOLDEN=1`
    /// re-records it).
    @Test("the outline matches its golden file", arguments: ["Authors", "Media", "Catalog"])
    func golden(name: String) throws {
        let model = try ObjectModel(contentsOf: TestPaths.model(name))
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/\(name).outline.txt")
        try GoldenFile.expect(ModelOutline.render(model, title: "Models/\(name).xcdatamodeld"), matches: golden)
    }

    @Test("the outline shows what matters about each property")
    func contents() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let lines = ModelOutline.render(model, title: "Authors").split(separator: "\n").map(String.init)
        #expect(lines.first == "Authors — version \"Authors 3\", 3 entities")
        #expect(
            lines.contains {
                $0.contains("dateOfBirth") && $0.contains("json: born") && $0.contains("transformer: Date")
            }
        )
        #expect(
            lines.contains {
                $0.contains("retailPrice") && $0.contains("Decimal?") && $0.contains("json: pricing.retail_price")
            }
        )
        #expect(
            lines.contains {
                $0.contains("books") && $0.contains("-> [Book] ordered") && $0.contains("inverse: author")
            }
        )
        #expect(lines.contains { $0.contains("pricing") && $0.contains("-> Pricing?") && $0.contains("inverse: book") })
        #expect(lines.contains("  identity: authorID"))
    }

    @Test("inheritance, abstract entities and inherited properties are shown")
    func inheritance() throws {
        let text = ModelOutline.render(try ObjectModel(contentsOf: TestPaths.model("Media")))
        #expect(text.contains("entity MediaItem  (abstract; subentities: Album, Movie)"))
        #expect(text.contains("entity Movie : MediaItem"))
        #expect(text.contains("  inherited from MediaItem: itemID, rating, releaseDate, title, creator, genres"))
    }

    @Test("the outline is the same every time")
    func stable() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Media"))
        #expect(
            ModelOutline.render(model) == ModelOutline.render(try ObjectModel(contentsOf: TestPaths.model("Media")))
        )
    }
}

@Suite("modelgen validate: the validator")
struct ModelValidatorTests {
    @Test("the package's models validate cleanly, every version of each bundle")
    func packageModels() {
        let report = ModelValidator.validate([TestPaths.model("Authors"), TestPaths.model("Media")])
        #expect(report.modelCount == 4)
        #expect(report.diagnostics.isEmpty)
        #expect(!report.hasErrors)
    }

    @Test("a broken file yields located errors and the others are still checked")
    func brokenAndGood() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let broken = try folder.write(
            "<model>\n  <entity name=\"A\" parentEntity=\"Z\"/>\n</model>\n",
            to: "Broken.xcdatamodel/contents"
        )
        let report = ModelValidator.validate([broken, TestPaths.model("Authors")])
        #expect(report.modelCount == 4)
        #expect(report.errorCount == 1)
        #expect(
            report.diagnostics.map(\.description) == [
                "\(broken.relativePath):2:20: error: entity 'A' names parent entity 'Z', which does not exist"
            ]
        )
    }
}
