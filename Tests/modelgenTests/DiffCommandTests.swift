import Foundation
import ModelMapper
import TestSupport
import Testing

/// `modelgen diff`: what its exit status says, how it names the two models, its filters, its
/// accept file and its JSON.
@Suite("modelgen diff")
struct DiffCommandTests {
    static let old = #"""
        <model>
          <entity name="Author">
            <attribute name="authorID" attributeType="Integer 64"/>
            <attribute name="name" optional="YES" attributeType="String"/>
            <userInfo><entry key="identityAttributes" value="authorID"/></userInfo>
          </entity>
        </model>
        """#

    /// The old model with `name` at another key: reading and writing break.
    static let moved = old.replacingOccurrences(
        of: #"<attribute name="name" optional="YES" attributeType="String"/>"#,
        with:
            #"<attribute name="name" optional="YES" attributeType="String"><userInfo><entry key="jsonKeyPath" value="full_name"/></userInfo></attribute>"#
    )

    /// The old model with an optional key added: nothing breaks.
    static let added = old.replacingOccurrences(
        of: "<userInfo>",
        with: #"<attribute name="bio" optional="YES" attributeType="String"/><userInfo>"#
    )

    /// The old model with another class name: the generated API breaks (a warning).
    static let renamedClass = old.replacingOccurrences(
        of: #"<entity name="Author">"#,
        with: #"<entity name="Author" representedClassName="Writer">"#
    )

    static func diff(_ old: String, _ new: String, _ options: [String] = []) throws -> Modelgen.Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(old, to: "old.xml")
        _ = try folder.write(new, to: "new.xml")
        return try Modelgen.run(["diff", "old.xml", "new.xml"] + options, in: folder.url)
    }

    @Test("a breaking change fails, located in both files; a compatible one and the model itself pass")
    func exitStatus() throws {
        let broken = try Self.diff(Self.old, Self.moved)
        #expect(broken.status == 1)
        #expect(
            broken.standardOutput.contains(
                "new.xml:4:5: error: [read] key-moved: Author.name: its key moved from 'name' to 'full_name': documents "
                    + "valid for the old model are read without it (was at old.xml:4:5)"
            )
        )
        #expect(broken.standardOutput.contains("modelgen diff: 2 errors, 0 warnings, 0 info (old.xml -> new.xml)"))
        let compatible = try Self.diff(Self.old, Self.added)
        #expect(compatible.status == 0)
        #expect(compatible.standardOutput.contains("info: [read] property-added: Author.bio"))
        let same = try Self.diff(Self.old, Self.old)
        #expect(same.status == 0)
        #expect(same.standardOutput == "modelgen diff: 0 errors, 0 warnings, 0 info (old.xml -> new.xml)\n")
    }

    @Test("--fail-on warning fails on a change to the generated API; --direction filters")
    func levelsAndDirections() throws {
        #expect(try Self.diff(Self.old, Self.renamedClass).status == 0)
        #expect(try Self.diff(Self.old, Self.renamedClass, ["--fail-on", "warning"]).status == 1)
        let writes = try Self.diff(Self.old, Self.moved, ["--direction", "write"])
        #expect(writes.status == 1)
        #expect(writes.standardOutput.contains("[write] key-moved") && !writes.standardOutput.contains("[read]"))
        let sources = try Self.diff(Self.old, Self.moved, ["--direction", "source", "--direction", "migration"])
        #expect(sources.status == 0)
        #expect(try Self.diff(Self.old, Self.moved, ["--direction", "sideways"]).status != 0)
    }

    @Test("an accept file leaves out what it lists and says how many; a bad one is a located error")
    func accept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(Self.old, to: "old.xml")
        _ = try folder.write(Self.moved, to: "new.xml")
        _ = try folder.write(
            #"{"formatVersion": 1, "accepted": [{"rule": "key-moved", "subject": "Author.name", "reason": "renamed in v2"}]}"#,
            to: "accept.json"
        )
        let accepted = try Modelgen.run(["diff", "old.xml", "new.xml", "--accept", "accept.json"], in: folder.url)
        #expect(accepted.status == 0)
        #expect(accepted.standardOutput.contains("0 errors, 0 warnings, 0 info; 2 accepted"))
        _ = try folder.write(#"{"formatVersion": 1, "accepted": [{"rule": "key-moved"}]}"#, to: "bad.json")
        let bad = try Modelgen.run(["diff", "old.xml", "new.xml", "--accept", "bad.json"], in: folder.url)
        #expect(bad.status == 1)
        #expect(bad.standardError.contains("bad.json: error: accepted[0] needs \"rule\", \"subject\" and \"reason\""))
    }

    @Test("--format json: a format version, each change with its rule, code, direction, level and both places")
    func json() throws {
        let result = try Self.diff(Self.old, Self.moved, ["--format", "json"])
        #expect(result.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        )
        #expect(document["formatVersion"] as? Int == 1)
        let changes = try #require(document["changes"] as? [[String: Any]])
        let read = try #require(changes.first { $0["direction"] as? String == "read" })
        #expect(read["rule"] as? String == "key-moved")
        #expect(read["code"] as? String == "MM812")
        #expect(read["level"] as? String == "error")
        #expect(read["subject"] as? String == "Author.name")
        #expect(
            read["message"] as? String
                == "its key moved from 'name' to 'full_name': documents valid for the old model are read without it"
        )
        #expect((read["new"] as? [String: Any])?["line"] as? Int == 4)
        #expect((read["old"] as? [String: Any])?["file"] as? String == "old.xml")
        #expect((document["summary"] as? [String: Any])?["error"] as? Int == 2)
    }

    @Test("a model that does not load (an inheritance cycle) is a located error, not a diff")
    func brokenModel() throws {
        let cycle = #"<model>\#n<entity name="A" parentEntity="B"/>\#n<entity name="B" parentEntity="A"/>\#n</model>"#
        let result = try Self.diff(Self.old, cycle)
        #expect(result.status == 1)
        #expect(result.standardError.contains("new.xml:2:"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a bundle: its current version against the one before, or the versions named")
    func bundle() throws {
        let bundle = TestPaths.model("Authors").path
        let current = try Modelgen.run(["diff", bundle], in: TestPaths.packageRoot)
        #expect(current.status == 0)
        #expect(current.standardOutput.contains("(Authors 2) -> \(bundle) (Authors 3)"))
        let first = try Modelgen.run(["diff", bundle, "--new-version", "Authors 2", "--old-version", "Authors"])
        #expect(first.status == 1)
        #expect(first.standardOutput.contains("[read] required-added: Author.authorID"))
        let none = try Modelgen.run(["diff", bundle, "--new-version", "Authors"])
        #expect(none.status == 1)
        #expect(none.standardError.contains("'Authors' is the first version of the bundle"))
    }

    @Test("a bundle that marks no version current: the last two versions in natural order, with a warning")
    func bundleWithoutCurrentVersion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(Self.old, to: "Shop.xcdatamodeld/Shop.xcdatamodel/contents")
        _ = try folder.write(Self.old, to: "Shop.xcdatamodeld/Shop 2.xcdatamodel/contents")
        _ = try folder.write(Self.moved, to: "Shop.xcdatamodeld/Shop 10.xcdatamodel/contents")
        let result = try Modelgen.run(["diff", "Shop.xcdatamodeld"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("warning: no version is marked current"))
        #expect(result.standardOutput.contains("(Shop.xcdatamodeld (Shop 2) -> Shop.xcdatamodeld (Shop 10))"))
    }

    @Test("--old-revision: the model at a git revision against the working tree; a revision git lacks is an error")
    func revision() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try folder.write(Self.old, to: "Models/Shop.xcdatamodel/contents")
        for arguments in [
            ["init", "-q"], ["add", "."],
            ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "v1"],
        ] {
            #expect(try Self.git(arguments, in: folder.url) == 0)
        }
        _ = try folder.write(Self.moved, to: "Models/Shop.xcdatamodel/contents")
        let result = try Modelgen.run(["diff", "Models/Shop.xcdatamodel", "--old-revision", "HEAD"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("[read] key-moved: Author.name"))
        #expect(result.standardOutput.contains("(Models/Shop.xcdatamodel@HEAD -> Models/Shop.xcdatamodel)"))
        let missing = try Modelgen.run(["diff", "Models/Shop.xcdatamodel", "--old-revision", "v9"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("error: git has no revision 'v9'"))
    }

    static func git(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
