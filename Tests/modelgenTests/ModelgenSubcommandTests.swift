import Foundation
import ModelMapper
import ModelgenCore
import TestSupport
import Testing

@Suite("modelgen diagram")
struct ModelDiagramCommandTests {
    static let models = ["Authors", "Bands", "Catalog", "Media", "Photos"]

    @Test(
        "Graphviz draws every model of the package (modelgen diagram --format svg)",
        .enabled(
            if: dotIsInstalled,
            "Graphviz's dot is not installed: the SVG drawing is not checked (CI installs it)"
        ),
        arguments: ModelDiagramCommandTests.models
    )
    func svg(name: String) throws {
        let result = try Modelgen.run(["diagram", "Models/\(name).xcdatamodeld", "--format", "svg"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("<svg"))
        for entity in try ObjectModel(contentsOf: TestPaths.model(name)).entities {
            #expect(result.standardOutput.contains(">\(entity.name)</text>"), "\(name): \(entity.name) is not drawn")
        }
    }

    @Test("--format svg without Graphviz says what to install, and what works without it")
    func svgWithoutGraphviz() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try Modelgen.run(
            ["diagram", "Models/Authors.xcdatamodeld", "--format", "svg"],
            environment: ["PATH": folder.url.path]
        )
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("error: Graphviz's 'dot' is not installed (apt-get install graphviz"))
        #expect(result.standardError.contains("--format mermaid needs nothing"))
    }

    @Test("-o writes the diagram to a file")
    func outputFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("diagrams/media.mmd")
        let result = try Modelgen.run(["diagram", "Models/Media.xcdatamodeld", "-o", file.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written == ModelDiagram.render(try ObjectModel(contentsOf: TestPaths.model("Media")), format: .mermaid))
    }

    static var dotIsInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/dot")
            }
    }
}

@Suite("modelgen inspect --format json and modelgen.json on the command line")
struct ModelDocumentCommandTests {
    @Test("modelgen inspect --format json prints the document")
    func command() throws {
        let result = try Modelgen.run(["inspect", "Models/Catalog.xcdatamodeld", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == ModelDocument.render(try ObjectModel(contentsOf: TestPaths.model("Catalog"))))
    }

    @Test("modelgen generate reads modelgen.json beside the model; its own options win")
    func commandLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.copyItem(
            at: TestPaths.model("Authors"),
            to: folder.url.appendingPathComponent("Authors.xcdatamodeld")
        )
        _ = try folder.write(
            #"{"access": "internal", "output": "Classes", "models": {"Authors": {"typeName": "AuthorsSchema", "entities": ["Book"]}}}"#,
            to: "modelgen.json"
        )
        let generated = try Modelgen.run(["generate", "Authors.xcdatamodeld"], in: folder.url)
        #expect(generated.status == 0, "\(generated.standardError)")
        let classes = folder.url.appendingPathComponent("Classes")
        let files = try FileManager.default.contentsOfDirectory(atPath: classes.path).sorted()
        // Book and its relationships' destinations are not asked for: only Book.
        #expect(files == ["Book.swift", "_AuthorsSchema.swift", "_Book.swift"])
        let book = try String(contentsOf: classes.appendingPathComponent("_Book.swift"), encoding: .utf8)
        #expect(book.contains("\nclass _Book: ModelMapper.ModelObject {"))

        // Options on the command line win over the file.
        let elsewhere = folder.url.appendingPathComponent("Public")
        let overridden = try Modelgen.run(
            [
                "generate", "Authors.xcdatamodeld", "--access", "public", "--output", elsewhere.path,
                "--model-type-name", "Schema",
            ],
            in: folder.url
        )
        #expect(overridden.status == 0, "\(overridden.standardError)")
        let publicBook = try String(contentsOf: elsewhere.appendingPathComponent("_Book.swift"), encoding: .utf8)
        #expect(publicBook.contains("\npublic class _Book: ModelMapper.ModelObject {"))
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("_Schema.swift").path))

        // --config names another file; a bad one is reported at its place and nothing is written.
        let other = try folder.write("{\"layout\": \"split\",\n \"typeName\": 7}", to: "other/settings.json")
        let bad = try Modelgen.run(
            ["generate", "Authors.xcdatamodeld", "--config", other.path, "-o", "x"],
            in: folder.url
        )
        #expect(bad.status == 1)
        #expect(bad.standardError == "other/settings.json: error: $.typeName: expected a string, found a number\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x").path))

        // Without an output anywhere, the message says where one can come from.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("modelgen.json"))
        let missing = try Modelgen.run(["generate", "Authors.xcdatamodeld"], in: folder.url)
        #expect(missing.status == 64)
        #expect(
            missing.standardError.hasPrefix(
                #"Error: Give --output (or "output" in modelgen.json), or both --machine-dir and --human-dir."#
            )
        )
    }
}
