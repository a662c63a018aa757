import Foundation

/// Paths the tests read: the package's own models and the shared corpus beside the clone.
public enum TestPaths {
    /// The package root (the folder with Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Models/` of the package.
    public static let models = packageRoot.appendingPathComponent("Models")

    /// A model bundle of `Models/`, such as `model("Authors")`.
    public static func model(_ name: String) -> URL {
        models.appendingPathComponent("\(name).xcdatamodeld")
    }

    /// `Tests/Fixtures/`: JSON documents for the package's models.
    public static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// A fixture's data, such as `fixture("Authors/authors-v3.json")`.
    public static func fixture(_ relativePath: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(relativePath))
    }

    /// `../shared/corpus`: real model files from public projects. Present in CI and on the
    /// developers' machines, absent from a user's fresh clone.
    public static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// `../shared/JSONTestSuite/test_parsing`: the JSON parser conformance cases.
    public static let jsonTestSuite = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/JSONTestSuite/test_parsing")

    /// Whether the JSON test suite is beside this clone.
    public static var jsonTestSuiteIsPresent: Bool {
        FileManager.default.fileExists(atPath: jsonTestSuite.path)
    }

    /// The message a test shows when it is skipped for want of the JSON test suite.
    public static let jsonTestSuiteMissingMessage =
        "../shared/JSONTestSuite is not beside this clone: the JSON conformance tests are skipped (they run in CI)"

    /// Whether the corpus of model files is beside this clone.
    public static var corpusIsPresent: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("INDEX.tsv").path)
    }

    /// The message a test shows when it is skipped for want of the corpus.
    public static let corpusMissingMessage =
        "../shared/corpus is not beside this clone: the corpus conformance tests are skipped (they run in CI)"

    /// Every model `contents` file of the corpus, sorted.
    public static func corpusContentsFiles() -> [URL] {
        files(under: corpus) { $0.lastPathComponent == "contents" }
    }

    /// Every `.xcdatamodeld` bundle of the corpus, sorted.
    public static func corpusBundles() -> [URL] {
        files(under: corpus, includingFolders: true) { $0.pathExtension == "xcdatamodeld" }
    }

    /// Every bare `.xcdatamodel` folder of the corpus (not inside a bundle), sorted.
    public static func corpusBareVersionFolders() -> [URL] {
        files(under: corpus, includingFolders: true) {
            $0.pathExtension == "xcdatamodel" && $0.deletingLastPathComponent().pathExtension != "xcdatamodeld"
        }
    }

    private static func files(under root: URL, includingFolders: Bool = false, where matches: (URL) -> Bool) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        var result: [URL] = []
        for case let url as URL in enumerator where matches(url) {
            let isDirectory = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            if isDirectory == includingFolders { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
public struct TemporaryFolder {
    /// The folder.
    public let url: URL

    /// Creates the folder.
    ///
    /// - Throws: The error `FileManager` throws creating it.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("modelmapper-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` at a path relative to the folder, creating intermediate folders.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Creates a folder at a path relative to this one.
    @discardableResult
    public func makeFolder(_ relativePath: String) throws -> URL {
        let folder = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The XML of a `.xccurrentversion` file naming `version` (without `.xcdatamodel`).
public func currentVersionPlist(_ version: String?) -> String {
    let entry = version.map { "\t<key>_XCCurrentVersionName</key>\n\t<string>\($0).xcdatamodel</string>\n" } ?? ""
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(entry)</dict>
        </plist>
        """
}

/// A minimal model document with one entity per name.
public func modelXML(entities names: [String]) -> String {
    let entities = names.map {
        "    <entity name=\"\($0)\"><attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/></entity>"
    }
    return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model>\n" + entities.joined(separator: "\n")
        + "\n</model>\n"
}
