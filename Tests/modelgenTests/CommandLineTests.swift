import Foundation
import TestSupport
import Testing

/// The command line where new users trip: versions, file-system problems, usage, orphans,
/// diffs `git apply` takes, and where output goes. Each test runs the built executables.
@Suite("The command line, where new users trip")
struct CommandLineTests {
    static let notAModel = "expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file"

    @Test(
        "--version is modelgen's version, after every subcommand too",
        arguments: [
            [], ["generate"], ["validate"], ["inspect"], ["diagram"], ["check-json"], ["roundtrip"], ["decode"],
            ["format"], ["templates"],
        ]
    )
    func version(subcommand: [String]) throws {
        let result = try Modelgen.run(subcommand + ["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == (try Self.latestRelease()) + "\n")
        #expect(result.standardError.isEmpty)
    }

    /// The version of the newest release CHANGELOG.md lists (`## [0.9.0] - 2026-11-26`): what
    /// `--version` must say, so that the two cannot drift apart.
    static func latestRelease() throws -> String {
        let changelog = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md"),
            encoding: .utf8
        )
        let heading = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        )
        return String(heading.dropFirst(4).prefix { $0 != "]" })
    }

    @Test("file-system problems print path: error: reason, never a Foundation dump")
    func fileSystemProblems() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write("x", to: "file.txt")
        let json = try folder.write(#"{"authors": []}"#, to: "authors.json")
        let plain = try folder.makeFolder("Sources")
        let cases: [([String], String)] = [
            (["validate", "Missing.xcdatamodeld"], "Missing.xcdatamodeld: error: no such file or folder\n"),
            (
                ["generate", "Models/Authors.xcdatamodeld", "--output", file.path],
                "\(file.path): error: this is a file, not a folder\n"
            ),
            (
                ["generate", "Models/Authors.xcdatamodeld", "--output", file.path + "/out"],
                "\(file.path): error: this is a file, not a folder, so '\(file.path)/out' cannot be created\n"
            ),
            (
                [
                    "generate", "Models/Authors.xcdatamodeld", "--output", folder.url.path + "/out", "--templates",
                    folder.url.path + "/none",
                ],
                "\(folder.url.path)/none: error: no such folder\n"
            ),
            (
                [
                    "generate", "Models/Authors.xcdatamodeld", "--output", folder.url.path + "/out", "--templates",
                    file.path,
                ],
                "\(file.path): error: this is a file, not a folder\n"
            ),
            (["inspect", json.path], "\(json.path):1:1: error: this file is JSON, not a model: \(Self.notAModel)\n"),
            (["validate", plain.path], "\(plain.path): error: this folder is not a model: \(Self.notAModel)\n"),
        ]
        for (arguments, expected) in cases {
            let result = try Modelgen.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
            #expect(!result.standardError.contains("NSCocoaErrorDomain"))
        }
    }

    @Test("an error found while a subcommand runs shows that subcommand's usage; a typo gets 'Did you mean'")
    func usage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = try folder.makeFolder("templates")
        let empty = try Modelgen.run([
            "generate", "Models/Authors.xcdatamodeld", "--output", folder.url.path + "/out", "--templates",
            templates.path,
        ])
        #expect(empty.status == 64)
        #expect(
            empty.standardError == """
                Error: \(templates.path) holds no .mustache template
                Usage: modelgen generate [<options>] <model>
                  See 'modelgen generate --help' for more information.

                """
        )
        let typo = try Modelgen.run(["generate", "Models/Authors.xcdatamodeld", "--outptu", "out"])
        #expect(typo.status == 64)
        #expect(
            typo.standardError.hasPrefix(
                "Error: Unknown option '--outptu'. Did you mean '--output'?\nUsage: modelgen generate"
            )
        )
        let missing = try Modelgen.run(["generate", "Models/Authors.xcdatamodeld"])
        #expect(
            missing.standardError.hasPrefix(
                "Error: Give --output (or \"output\" in modelgen.json), or both --machine-dir and --human-dir.\nUsage: "
                    + "modelgen generate"
            )
        )
    }

    /// A model of entities `Note` and `Tag` in `Notes.xcdatamodel`; the tests then take `Tag` out.
    private func modelsWithAndWithoutTag(in folder: TemporaryFolder) throws {
        _ = try folder.write(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity><entity name="Tag"><attribute name="label" optional="YES" attributeType="String"/></entity></model>"#,
            to: "Notes.xcdatamodel/contents"
        )
    }

    @Test("--check fails on orphaned machine files and --prune deletes them; nothing else is touched")
    func orphans() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try modelsWithAndWithoutTag(in: folder)
        #expect(try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out"], in: folder.url).status == 0)
        // Files that only look generated, or were generated from another model, are not orphans.
        _ = try folder.write("// _Helper.swift: mine, not generated\n", to: "out/_Helper.swift")
        _ = try folder.write(
            "// Generated by modelgen from Other.xcdatamodeld — do not edit.\n",
            to: "out/_Other.swift"
        )
        _ = try folder.write(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/></entity></model>"#,
            to: "Notes.xcdatamodel/contents"
        )

        let check = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--check"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("--- a/out/_Tag.swift\n+++ /dev/null\n@@ -1,"))
        #expect(!check.standardOutput.contains("_Helper") && !check.standardOutput.contains("_Other"))
        #expect(check.standardError.contains("1 orphaned file(s) to prune"))

        let warned = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out"], in: folder.url)
        #expect(warned.status == 0)
        #expect(
            warned.standardError.contains(
                "out/_Tag.swift: warning: generated from Notes.xcdatamodel for an entity it no longer has; delete it "
                    + "with --prune"
            )
        )
        #expect(FileManager.default.fileExists(atPath: folder.url.path + "/out/_Tag.swift"))

        let pruned = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--prune"], in: folder.url)
        #expect(pruned.status == 0)
        #expect(pruned.standardOutput.hasSuffix(", 1 orphaned file(s) deleted\n"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path + "/out").sorted()
        // The human file Tag.swift stays: --prune never deletes human files.
        #expect(
            left == ["Note.swift", "Tag.swift", "_Helper.swift", "_Note.swift", "_NotesModel.swift", "_Other.swift"]
        )
        #expect(
            try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--check"], in: folder.url).status
                == 0
        )
    }

    @Test("the --check diff is one git apply takes, from where generate ran")
    func gitApply() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try modelsWithAndWithoutTag(in: folder)
        #expect(try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out"], in: folder.url).status == 0)
        // A new attribute, an entity removed and a machine file edited by hand.
        _ = try folder.write(
            #"<model><entity name="Note"><attribute name="title" optional="YES" attributeType="String"/><attribute name="body" optional="YES" attributeType="String"/></entity></model>"#,
            to: "Notes.xcdatamodel/contents"
        )
        let notePath = folder.url.path + "/out/_Note.swift"
        try (try String(contentsOfFile: notePath, encoding: .utf8) + "// edited\n")
            .write(toFile: notePath, atomically: true, encoding: .utf8)
        let check = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--check"], in: folder.url)
        #expect(check.status == 1)
        let patch = try folder.write(check.standardOutput, to: "fix.patch")

        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "apply", "--verbose", patch.path]
        git.currentDirectoryURL = folder.url
        let errors = Pipe()
        git.standardError = errors
        try git.run()
        let gitErrors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        git.waitUntilExit()
        #expect(git.terminationStatus == 0, "\(gitErrors)\n\(check.standardOutput)")
        let after = try Modelgen.run(["generate", "Notes.xcdatamodel", "--output", "out", "--check"], in: folder.url)
        #expect(after.status == 0, "\(after.standardOutput)")
    }

    @Test("validate --strict makes warnings errors; binary versions are reported as skipped")
    func strictAndSkipped() throws {
        let tolerant = "Tests/Fixtures/Shapes/xcode3-attributes.xml"
        let plain = try Modelgen.run(["validate", tolerant])
        #expect(plain.status == 0)
        #expect(
            plain.standardError.contains(
                "warning: default value of attribute 'Event.count' (Integer 16) is 'NO', read as 0"
            )
        )
        #expect(plain.standardOutput == "1 model checked: 0 error(s), 2 warning(s)\n")
        let strict = try Modelgen.run(["validate", "--strict", tolerant])
        #expect(strict.status == 1)
        #expect(
            strict.standardError.contains(
                "error: default value of attribute 'Event.count' (Integer 16) is 'NO', read as 0"
            )
        )
        #expect(strict.standardOutput == "1 model checked: 2 error(s), 0 warning(s)\n")

        let mixed = try Modelgen.run(["validate", "--strict", "Tests/Fixtures/Shapes/Mixed.xcdatamodeld"])
        #expect(mixed.status == 0)
        #expect(
            mixed.standardError
                == "Tests/Fixtures/Shapes/Mixed.xcdatamodeld/Mixed.xcdatamodel: note: skipped version 'Mixed': it is in Xcode 3's binary format, which only Xcode reads\n"
        )
        #expect(mixed.standardOutput == "2 models checked: 0 error(s), 0 warning(s), 1 binary version(s) skipped\n")
    }

    @Test("validate warns of a missing attribute type and of near-miss names, and --strict fails on them")
    func nearMisses() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let model = try folder.write(
            """
            <model>
            <entity name="Note">
            <attribute name="title" optonal="YES" attributeType="String"><userInfo><entry key="jsonKeyPth" value="t"/></userInfo></attribute>
            <attribute name="body"/>
            <attribute name="kind" attributeType="Strng"/>
            </entity>
            </model>
            """,
            to: "Notes.xml"
        )
        let plain = try Modelgen.run(["validate", model.path])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput == "1 model checked: 0 error(s), 4 warning(s)\n")
        for expected in [
            "Notes.xml:3:25: warning: 'optonal' is not an attribute of the model format and is ignored on <attribute>; "
                + "did you mean 'optional'?",
            "Notes.xml:3:79: warning: userInfo key 'jsonKeyPth' is not one ModelMapper reads",
            "Notes.xml:4:1: warning: attribute 'Note.body' has no attributeType",
            "warning: attribute 'Note.kind' has unknown attribute type 'Strng', read as Undefined",
            "Undefined); did you mean 'String'?",
        ] {
            #expect(plain.standardError.contains(expected), "\(plain.standardError)")
        }
        let strict = try Modelgen.run(["validate", "--strict", model.path])
        #expect(strict.status == 1)
        #expect(strict.standardOutput == "1 model checked: 4 error(s), 0 warning(s)\n")
        #expect(strict.standardError.contains("error: attribute 'Note.kind' has unknown attribute type 'Strng'"))
        #expect(strict.standardError.contains("; did you mean 'String'?"), "\(strict.standardError)")
    }

    @Test("format rewrites a model in Xcode's form, --check lists what it would change, and a formatted model stays")
    func format() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let model = try folder.write(
            """
            <model><entity name="Note"><attribute attributeType="String" name="title">
            <userInfo><entry key="z" value="1"/><entry key="a" value="&amp;"/></userInfo></attribute></entity></model>
            """,
            to: "Notes.xcdatamodel/contents"
        )
        let check = try Modelgen.run(["format", "--check", model.deletingLastPathComponent().path])
        #expect(check.status == 1)
        #expect(check.standardOutput == "1 file: 1 to format, 0 unchanged\n")
        #expect(check.standardError.contains("Notes.xcdatamodel/contents: not in Xcode's form"))
        let formatted = try Modelgen.run(["format", model.deletingLastPathComponent().path])
        #expect(formatted.status == 0, "\(formatted.standardError)")
        #expect(formatted.standardOutput == "1 file: 1 formatted, 0 unchanged\n")
        #expect(
            try String(contentsOf: model, encoding: .utf8) == """
                <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                <model>
                    <entity name="Note">
                        <attribute name="title" attributeType="String">
                            <userInfo>
                                <entry key="a" value="&amp;"/>
                                <entry key="z" value="1"/>
                            </userInfo>
                        </attribute>
                    </entity>
                </model>
                """
        )
        let again = try Modelgen.run(["format", "--check", model.path])
        #expect(again.status == 0)
        #expect(again.standardOutput == "1 file: 0 to format, 1 unchanged\n")
        let broken = try folder.write("<model><entity/></model>", to: "Broken.xml")
        let refused = try Modelgen.run(["format", broken.path])
        #expect(refused.status == 1)
        #expect(try String(contentsOf: broken, encoding: .utf8) == "<model><entity/></model>")
    }

    @Test("generate embeds a UTF-8 copy of a UTF-16 model, its declaration rewritten")
    func utf16Model() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try Modelgen.run([
            "generate", "Tests/Fixtures/Shapes/utf16le-bom.xml", "--layout", "single-file", "--machine-dir",
            folder.url.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        let text = try String(contentsOfFile: folder.url.path + "/" + (files.first ?? ""), encoding: .utf8)
        #expect(text.contains(#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#))
        #expect(!text.contains("UTF-16"))
        #expect(text.contains(#"<entity name="Café""#))
    }

    @Test("decode says which --at to try for an object holding the array, and prints each error once")
    func keyPathHint() throws {
        let wrapped = try Modelgen.run(["decode", "Models/Authors.xcdatamodeld", "Examples/Authors/Authors.json"])
        #expect(wrapped.status == 1)
        #expect(
            wrapped.standardError
                == "Examples/Authors/Authors.json: error: the document's top level is an object holding an array of "
                + "objects at 'authors', not an Author; give that key path (--at authors)\n"
        )
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bad = try folder.write(#"[{"author_id": "x"}]"#, to: "bad.json")
        let result = try Modelgen.run(["decode", "Models/Authors.xcdatamodeld", bad.path])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "\(bad.path):1:3: error: $[0].author_id: Author.authorID: expected a number, found \"x\"\n"
        )
        let missing = try Modelgen.run(["decode", "Models/Nothing.xcdatamodeld", bad.path])
        #expect(missing.standardError == "Models/Nothing.xcdatamodeld: error: no such file or folder\n")
    }
}
