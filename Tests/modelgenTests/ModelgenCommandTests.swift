import Foundation
import TestSupport
import Testing

@Suite("The modelgen command line")
struct ModelgenCommandTests {
    @Test("inspect prints the outline of the current version")
    func inspect() throws {
        let result = try Modelgen.run(["inspect", "Models/Authors.xcdatamodeld"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Models/Authors.xcdatamodeld — version \"Authors 3\", 3 entities\n"))
        #expect(result.standardError.isEmpty)
    }

    @Test("inspect --model-version picks a version")
    func inspectVersion() throws {
        let result = try Modelgen.run(["inspect", "Models/Authors.xcdatamodeld", "--model-version", "Authors 2"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("version \"Authors 2\", 2 entities"))
    }

    @Test("validate exits 0 on good models and prints no diagnostics")
    func validateGood() throws {
        let result = try Modelgen.run(["validate", "Models/Authors.xcdatamodeld", "Models/Media.xcdatamodeld"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput == "4 models checked: 0 error(s), 0 warning(s)\n")
    }

    @Test("validate exits 1 with compiler-style lines, and libxml2 prints nothing itself")
    func validateBroken() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let malformed = try folder.write("<model>\n  <entity name=\"A\">\n</model>\n", to: "Malformed.xml")
        let dangling = try folder.write(
            "<model>\n  <entity name=\"A\">\n    <relationship name=\"b\" maxCount=\"1\" destinationEntity=\"B\"/>\n  "
                + "</entity>\n</model>\n",
            to: "Dangling.xml"
        )
        let result = try Modelgen.run(["validate", malformed.path, dangling.path])
        #expect(result.status == 1)
        // Diagnostics go to standard error, as swiftc and clang print them.
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2)
        #expect(
            lines.allSatisfy {
                $0.range(of: #"^/.+:\d+:\d+: (error|warning): .+$"#, options: .regularExpression) != nil
            },
            "\(lines)"
        )
        #expect(lines.contains { $0.hasPrefix("\(malformed.path):3:") && $0.contains("error: malformed XML") })
        #expect(
            lines.contains(
                "\(dangling.path):3:41: error: relationship 'A.b' names destination entity 'B', which does not exist"
            )
        )
        // Only our lines are printed: libxml2's own printing is switched off.
        #expect(lines.count == 3)
        #expect(result.standardOutput == "2 models checked: 3 error(s), 0 warning(s)\n")
    }

    @Test("a model that cannot be loaded makes inspect fail with the error on stderr")
    func inspectMissing() throws {
        let result = try Modelgen.run(["inspect", "Models/Nothing.xcdatamodeld"])
        #expect(result.status == 1)
        #expect(result.standardError == "Models/Nothing.xcdatamodeld: error: no such file or folder\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("help describes every command")
    func help() throws {
        let result = try Modelgen.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("inspect"))
        #expect(result.standardOutput.contains("validate"))
        let validateHelp = try Modelgen.run(["validate", "--help"])
        #expect(validateHelp.standardOutput.contains("file:line:column:"))
    }

    @Test(
        "validate accepts every model of the corpus",
        .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage))
    )
    func corpus() throws {
        let files = TestPaths.corpusContentsFiles()
        try #require(!files.isEmpty)
        let result = try Modelgen.run(["validate", "--quiet"] + files.map(\.path))
        #expect(result.status == 0, "\(result.standardError)")
        // An inverse that disagrees, and three class names that hide Swift's types (Collection,
        // Character, KeyPath: MM818).
        #expect(result.standardOutput == "\(files.count) models checked: 0 error(s), 4 warning(s)\n")
    }
}

@Suite("modelgen generate")
struct GenerateCommandTests {
    @Test("generating twice changes nothing; human files are never overwritten")
    func idempotent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out").path
        let first = try Modelgen.run(["generate", "Models/Authors.xcdatamodeld", "--output", output])
        #expect(first.status == 0)
        #expect(first.standardOutput == "7 file(s) written, 0 unchanged\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(
            files == [
                "Author.swift", "Book.swift", "Pricing.swift", "_Author.swift", "_AuthorsModel.swift", "_Book.swift",
                "_Pricing.swift",
            ]
        )

        let humanFile = URL(fileURLWithPath: output).appendingPathComponent("Author.swift")
        try Data("// mine\n".utf8).write(to: humanFile)
        let second = try Modelgen.run(["generate", "Models/Authors.xcdatamodeld", "--output", output])
        #expect(second.standardOutput == "0 file(s) written, 7 unchanged\n")
        #expect(try String(contentsOf: humanFile, encoding: .utf8) == "// mine\n")
    }

    @Test("--check passes when up to date and fails with a diff after the model changes")
    func check() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let model = folder.url.appendingPathComponent("Notes.xcdatamodel")
        try folder.write(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity></model>"#,
            to: "Notes.xcdatamodel/contents"
        )
        let output = folder.url.appendingPathComponent("out").path
        #expect(try Modelgen.run(["generate", model.path, "--output", output]).status == 0)
        let upToDate = try Modelgen.run(["generate", model.path, "--output", output, "--check"])
        #expect(upToDate.status == 0)
        #expect(upToDate.standardOutput == "3 generated file(s) up to date\n")

        try folder.write(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/><attribute name="body" optional="YES" attributeType="String"/></entity></model>"#,
            to: "Notes.xcdatamodel/contents"
        )
        // Run from the folder: the diff names files relative to where it runs.
        let stale = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--check"], in: folder.url)
        #expect(stale.status == 1)
        #expect(stale.standardOutput.hasPrefix("--- a/out/_Note.swift\n+++ b/out/_Note.swift\n@@ -"))
        #expect(stale.standardOutput.contains("+    public var body: String? {"))
        #expect(stale.standardError.contains("generated file(s) out of date"))
        // --check wrote nothing.
        #expect(
            try String(contentsOf: URL(fileURLWithPath: output).appendingPathComponent("_Note.swift"), encoding: .utf8)
                .contains("body") == false
        )
    }

    @Test("machine and human folders, internal access, one entity")
    func options() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let machine = folder.url.appendingPathComponent("machine").path
        let human = folder.url.appendingPathComponent("human").path
        let result = try Modelgen.run([
            "generate", "Models/Media.xcdatamodeld", "--machine-dir", machine, "--human-dir", human, "--access",
            "internal", "--entity", "Movie",
        ])
        #expect(result.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: machine).sorted() == [
                "_MediaItem.swift", "_MediaModel.swift", "_Movie.swift",
            ]
        )
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: human).sorted() == ["MediaItem.swift", "Movie.swift"]
        )
        #expect(result.standardError.contains("warning: entity 'MediaItem' is generated too: 'Movie' inherits from it"))
        let movie = try String(contentsOfFile: machine + "/_Movie.swift", encoding: .utf8)
        #expect(movie.contains("\nclass _Movie: MediaItem {"))
    }

    @Test("custom templates from a folder; `templates` writes the built-in ones")
    func templates() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.url.appendingPathComponent("templates").path
        let written = try Modelgen.run(["templates", "--output", templates])
        #expect(written.status == 0)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: templates).sorted() == [
                "class.mustache", "human.mustache", "machine.mustache", "model.mustache", "modelType.mustache",
                "single.mustache",
            ]
        )
        try Data("// {{#entity}}{{className}} ({{entityName}}){{/entity}}\n".utf8)
            .write(to: URL(fileURLWithPath: templates + "/human.mustache"))
        let output = folder.url.appendingPathComponent("out").path
        #expect(
            try Modelgen.run(["generate", "Models/Authors.xcdatamodeld", "--output", output, "--templates", templates])
                .status == 0
        )
        #expect(try String(contentsOfFile: output + "/Book.swift", encoding: .utf8) == "// Book (Book)\n")
    }

    @Test("a model that does not load fails with located errors; help explains every option")
    func errorsAndHelp() throws {
        let broken = try Modelgen.run(["generate", "Models/Nothing.xcdatamodeld", "--output", "/tmp/unused"])
        #expect(broken.status == 1)
        #expect(broken.standardError == "Models/Nothing.xcdatamodeld: error: no such file or folder\n")
        let help = try Modelgen.run(["generate", "--help"])
        for option in [
            "--output", "--machine-dir", "--human-dir", "--model-version", "--access", "--entity", "--layout",
            "--templates", "--check", "--prune",
        ] {
            #expect(help.standardOutput.contains(option), "\(option) is not in the help")
        }
        // --version is the tool's, listed once.
        #expect(help.standardOutput.components(separatedBy: "  --version ").count == 2)
    }
}
