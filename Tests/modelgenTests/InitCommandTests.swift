import Foundation
@_spi(ModelgenTools) import ModelgenCore
import TestSupport
import Testing

@Suite("modelgen init")
struct InitCommandTests {
    @Test("init writes a model that validates and a modelgen.json that reads; it replaces nothing without --force")
    func scaffold() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let made = try Modelgen.run(["init", "Shop", "--folder", folder.url.path])
        #expect(made.status == 0, "\(made.standardError)")
        let model = folder.url.appendingPathComponent("Shop.xcdatamodeld").path
        let validated = try Modelgen.run(["validate", model])
        #expect(validated.standardOutput == "1 model checked: 0 error(s), 0 warning(s)\n")
        let settings = try Data(contentsOf: folder.url.appendingPathComponent("modelgen.json"))
        #expect(try GeneratorConfiguration.parse(settings).settings.typeName == "ShopModel")
        let again = try Modelgen.run(["init", "Shop", "--folder", folder.url.path])
        #expect(again.status != 0)
        #expect(again.standardError.contains("exists already; give --force to replace it"))

        let sample = try folder.write(InferCommandTests.sample, to: "shelf.json")
        let inferred = try Modelgen.run([
            "init", "Shelf", "--folder", folder.url.path, "--from", sample.path, "--force",
        ])
        #expect(inferred.status == 0, "\(inferred.standardError)")
        let shelf = folder.url.appendingPathComponent("Shelf.xcdatamodeld").path
        #expect(
            try Modelgen.run(["roundtrip", shelf, sample.path]).standardOutput == "1 file round-tripped: 0 problems\n"
        )
        // The starter model over it: the inferred model's snake_case conventions go with it.
        let conventions = folder.url.appendingPathComponent("Shelf.conventions.json")
        #expect(FileManager.default.fileExists(atPath: conventions.path))
        #expect(try Modelgen.run(["init", "Shelf", "--folder", folder.url.path, "--force"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: conventions.path))
    }

    @Test("init into a target folder with no Swift file says that SwiftPM needs one; with one, it does not")
    func targetWithoutSwiftFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.url.appendingPathComponent("Sources/Shop")
        let made = try Modelgen.run(["init", "Shop", "--folder", target.path])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("note: target folder Shop has no Swift file of its own"))
        #expect(made.standardOutput.contains("Sources/Shop/Exports.swift, even empty"))
        try Data().write(to: target.appendingPathComponent("Exports.swift"))
        let again = try Modelgen.run(["init", "Shop", "--folder", target.path, "--force"])
        #expect(again.status == 0 && !again.standardOutput.contains("note:"), "\(again.standardOutput)")
        // Not a target folder: no note.
        let plain = try Modelgen.run(["init", "Shop", "--folder", folder.url.path])
        #expect(!plain.standardOutput.contains("note:"), "\(plain.standardOutput)")
    }
}
