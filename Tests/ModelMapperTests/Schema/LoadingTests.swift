import Foundation
import ModelMapper
import TestSupport
import Testing

@Suite("Loading models from bundles, folders, files and memory")
struct LoadingTests {
    @Test("a .xcdatamodeld bundle loads its current version")
    func bundleLoadsCurrentVersion() throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        #expect(model.versionName == "Authors 3")
        #expect(model.entities.map(\.name) == ["Author", "Book", "Pricing"])
        #expect(model.sourceURL?.lastPathComponent == "contents")
        #expect(model.modelAttributes["userDefinedModelVersionIdentifier"] == "3")
        #expect(model.warnings.isEmpty)
    }

    @Test("an empty model file fails with the reason in plain words, at the file")
    func emptyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("contents")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        // Read without Foundation's `Data(contentsOf:)`, which leaks the block it reads an empty
        // file into: the address sanitizer's leak check runs this too.
        let error = #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: empty) }
        #expect(error?.diagnostics.first?.message == "the file is empty")
        #expect(error?.diagnostics.first?.location.file.hasSuffix("contents") == true)
    }

    @Test("a bundle lists its versions in natural order and names the current one")
    func bundleVersions() throws {
        let bundle = try ModelBundle(contentsOf: TestPaths.model("Authors"))
        #expect(bundle.versionNames == ["Authors", "Authors 2", "Authors 3"])
        #expect(bundle.currentVersionName == "Authors 3")
        #expect(try bundle.url(forVersion: "Authors 2").lastPathComponent == "Authors 2.xcdatamodel")
        #expect(try bundle.loadModel().versionName == "Authors 3")
    }

    @Test("a named version is loaded, with or without its extension")
    func namedVersion() throws {
        let v1 = try ObjectModel(contentsOf: TestPaths.model("Authors"), version: "Authors")
        #expect(v1.versionName == "Authors")
        #expect(v1.entities.map(\.name) == ["Author", "Book"])
        #expect(v1.entity(named: "Author")?.attributesByName["authorID"] == nil)

        let v2 = try ObjectModel(contentsOf: TestPaths.model("Authors"), version: "Authors 2.xcdatamodel")
        #expect(v2.entity(named: "Author")?.attributesByName["authorID"] != nil)
        #expect(v2.entity(named: "Pricing") == nil)
    }

    @Test("an unknown version fails with an error that lists the versions")
    func unknownVersion() {
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: TestPaths.model("Authors"), version: "Authors 9")
        }
        #expect(error?.description.contains("no version 'Authors 9'") == true)
        #expect(error?.description.contains("'Authors', 'Authors 2', 'Authors 3'") == true)
    }

    @Test("a .xcdatamodel folder and its contents file load directly")
    func folderAndContentsFile() throws {
        let folder = TestPaths.model("Authors").appendingPathComponent("Authors 2.xcdatamodel")
        let fromFolder = try ObjectModel(contentsOf: folder)
        #expect(fromFolder.versionName == "Authors 2")
        let fromFile = try ObjectModel(contentsOf: folder.appendingPathComponent("contents"))
        #expect(fromFile.entities.map(\.name) == fromFolder.entities.map(\.name))
        #expect(fromFile.versionName == nil)
    }

    @Test("a version can only be chosen in a bundle")
    func versionOutsideBundle() {
        let folder = TestPaths.model("Authors").appendingPathComponent("Authors 2.xcdatamodel")
        #expect(throws: ModelLoadingError.self) { try ObjectModel(contentsOf: folder, version: "Authors") }
    }

    @Test("a model is read from a string or from data")
    func fromMemory() throws {
        let xml = modelXML(entities: ["Tag", "Note"])
        let fromString = try ObjectModel(xml: xml)
        let fromData = try ObjectModel(xml: Data(xml.utf8), fileName: "Notes.xml")
        #expect(fromString.entities.map(\.name) == ["Tag", "Note"])
        #expect(fromData.entities.map(\.name) == ["Tag", "Note"])
        #expect(fromString.sourceURL == nil)
    }

    @Test("a bundle without .xccurrentversion uses its only version")
    func onlyVersionIsCurrent() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(modelXML(entities: ["Solo"]), to: "Solo.xcdatamodeld/Solo 1.xcdatamodel/contents")
        let bundleURL = folder.url.appendingPathComponent("Solo.xcdatamodeld")
        #expect(try ModelBundle(contentsOf: bundleURL).currentVersionName == "Solo 1")
        #expect(try ObjectModel(contentsOf: bundleURL).entities.map(\.name) == ["Solo"])
    }

    @Test("a bundle whose .xccurrentversion names no version uses its only version")
    func emptyCurrentVersionWithOneVersion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(modelXML(entities: ["Solo"]), to: "Solo.xcdatamodeld/Solo.xcdatamodel/contents")
        try folder.write(currentVersionPlist(nil), to: "Solo.xcdatamodeld/.xccurrentversion")
        #expect(
            try ObjectModel(contentsOf: folder.url.appendingPathComponent("Solo.xcdatamodeld")).versionName == "Solo"
        )
    }

    @Test("several versions and no current one: the one named like the bundle loads, with a warning")
    func noCurrentVersionAmongSeveral() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for version in ["Shop", "Shop 2", "Shop 10"] {
            try folder.write(modelXML(entities: ["Item"]), to: "Shop.xcdatamodeld/\(version).xcdatamodel/contents")
        }
        try folder.write(currentVersionPlist(nil), to: "Shop.xcdatamodeld/.xccurrentversion")
        let bundleURL = folder.url.appendingPathComponent("Shop.xcdatamodeld")
        let bundle = try ModelBundle(contentsOf: bundleURL)
        #expect(bundle.versionNames == ["Shop", "Shop 2", "Shop 10"])
        #expect(bundle.currentVersionName == nil)
        // The version named like the bundle loads, with a warning listing the others.
        #expect(bundle.fallbackVersionName == "Shop")
        let model = try ObjectModel(contentsOf: bundleURL)
        #expect(model.versionName == "Shop")
        #expect(
            model.warnings.map(\.message) == [
                ".xccurrentversion names no current version; 'Shop' is used (versions: 'Shop', 'Shop 2', 'Shop 10')"
            ]
        )
        let strict = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: bundleURL, options: .strict)
        }
        #expect(strict?.description.contains("error: .xccurrentversion names no current version") == true)
        // Without one named like the bundle, the last in natural order.
        try FileManager.default.removeItem(at: bundleURL.appendingPathComponent("Shop.xcdatamodel"))
        #expect(try ObjectModel(contentsOf: bundleURL).versionName == "Shop 10")
        // A version can still be chosen.
        #expect(try ObjectModel(contentsOf: bundleURL, version: "Shop 10").versionName == "Shop 10")
    }

    @Test(".xccurrentversion naming a missing version is an error")
    func currentVersionMissing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(modelXML(entities: ["Item"]), to: "Shop.xcdatamodeld/Shop.xcdatamodel/contents")
        try folder.write(currentVersionPlist("Shop 7"), to: "Shop.xcdatamodeld/.xccurrentversion")
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: folder.url.appendingPathComponent("Shop.xcdatamodeld"))
        }
        #expect(error?.description.contains("'Shop 7.xcdatamodel', which is not in the bundle") == true)
        #expect(error?.diagnostics.first?.location.file.hasSuffix(".xccurrentversion") == true)
    }

    @Test("a malformed .xccurrentversion is reported with its location")
    func malformedCurrentVersion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(modelXML(entities: ["Item"]), to: "Shop.xcdatamodeld/Shop.xcdatamodel/contents")
        try folder.write(
            "<plist>\n<dict>\n<key>_XCCurrentVersionName</key>\n</plist>\n",
            to: "Shop.xcdatamodeld/.xccurrentversion"
        )
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: folder.url.appendingPathComponent("Shop.xcdatamodeld"))
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.message.contains("malformed XML"))
        #expect(diagnostic.location.line == 4)
    }

    @Test("a bundle with no version folder is an error")
    func bundleWithoutVersions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(currentVersionPlist(nil), to: "Empty.xcdatamodeld/.xccurrentversion")
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: folder.url.appendingPathComponent("Empty.xcdatamodeld"))
        }
        #expect(error?.description.contains("contains no model version") == true)
    }

    @Test("Xcode 3's binary format is recognised and explained")
    func binaryXcode3Format() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bplist00\u{1}", to: "Old.xcdatamodeld/Old.xcdatamodel/elements")
        try folder.write("bplist00\u{1}", to: "Old.xcdatamodeld/Old.xcdatamodel/layout")
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: folder.url.appendingPathComponent("Old.xcdatamodeld"))
        }
        #expect(error?.description.contains("Xcode 3's binary format") == true)
        #expect(error?.description.contains("no XML 'contents' file") == true)
    }

    @Test("a path that does not exist is an error naming it")
    func missingPath() {
        let error = #expect(throws: ModelLoadingError.self) {
            try ObjectModel(contentsOf: URL(fileURLWithPath: "/nonexistent/Nothing.xcdatamodeld"))
        }
        #expect(error?.description == "/nonexistent/Nothing.xcdatamodeld: error: no such file or folder")
    }

    @Test("one model is loaded on many threads at once")
    func concurrentLoading() async throws {
        let url = TestPaths.model("Media")
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask { try ObjectModel(contentsOf: url).entities.count }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 6, count: 16))
    }

    @Test("one loaded model is read from many tasks at once")
    func sharedModelAcrossTasks() async throws {
        let model = try ObjectModel(contentsOf: TestPaths.model("Authors"))
        let names = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { model.entities.flatMap { $0.properties.map(\.name) } }
            }
            return await group.reduce(into: Set<[String]>()) { $0.insert($1) }
        }
        #expect(names.count == 1)
    }
}
