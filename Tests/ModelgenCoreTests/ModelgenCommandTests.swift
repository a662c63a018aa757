import Foundation
import TestSupport
import Testing

/// Runs the built `modelgen` executable, as a user would.
struct Modelgen {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The executable sits beside the test bundle in the build folder.
    static let executable: URL? = {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("modelgen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String { "the modelgen executable was not built beside the tests" }
    }

    static func run(_ arguments: [String]) throws -> Result {
        guard let executable = Self.executable else {
            throw MissingExecutable()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting, so a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}

@Suite("The modelgen command line")
struct ModelgenCommandTests {
    @Test("inspect prints the outline of the current version")
    func inspect() throws {
        let result = try Modelgen.run(["inspect", "Models/Authors.xcdatamodeld"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Models/Authors.xcdatamodeld — version \"Authors 3\", 3 entities\n"))
        #expect(result.standardError.isEmpty)
    }

    @Test("inspect --version picks a version")
    func inspectVersion() throws {
        let result = try Modelgen.run(["inspect", "Models/Authors.xcdatamodeld", "--version", "Authors 2"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("version \"Authors 2\", 2 entities"))
    }

    @Test("validate exits 0 on good models and prints no diagnostics")
    func validateGood() throws {
        let result = try Modelgen.run(["validate", "Models/Authors.xcdatamodeld", "Models/Media.xcdatamodeld"])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "4 models checked: 0 error(s), 0 warning(s)\n")
    }

    @Test("validate exits 1 with compiler-style lines, and libxml2 prints nothing itself")
    func validateBroken() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let malformed = try folder.write("<model>\n  <entity name=\"A\">\n</model>\n", to: "Malformed.xml")
        let dangling = try folder.write("<model>\n  <entity name=\"A\">\n    <relationship name=\"b\" maxCount=\"1\" destinationEntity=\"B\"/>\n  </entity>\n</model>\n", to: "Dangling.xml")
        let result = try Modelgen.run(["validate", malformed.path, dangling.path])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.range(of: #"^/.+:\d+:\d+: (error|warning): .+$"#, options: .regularExpression) != nil }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(malformed.path):3:") && $0.contains("error: malformed XML") })
        #expect(lines.contains("\(dangling.path):3:41: error: relationship 'A.b' names destination entity 'B', which does not exist"))
        // Only our summary reaches stderr: libxml2's own printing is switched off.
        #expect(result.standardError.hasPrefix("2 models checked: "))
        #expect(result.standardError.split(separator: "\n").count == 1)
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

    @Test("validate accepts every model of the corpus", .enabled(if: TestPaths.corpusIsPresent, Comment(rawValue: TestPaths.corpusMissingMessage)))
    func corpus() throws {
        let files = TestPaths.corpusContentsFiles()
        try #require(!files.isEmpty)
        let result = try Modelgen.run(["validate", "--quiet"] + files.map(\.path))
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardError == "\(files.count) models checked: 0 error(s), 1 warning(s)\n")
    }
}
