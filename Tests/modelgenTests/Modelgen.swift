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

    /// Runs `modelgen` (or another executable built beside it) in `directory`, the package by default.
    ///
    /// - Parameters:
    ///   - arguments: the command line, after the executable.
    ///   - directory: the child's working directory.
    ///   - name: the executable, built beside the tests.
    ///   - environment: the child's environment; nil for this process's.
    /// - Returns: the exit status and what the child wrote.
    /// - Throws: ``MissingExecutable`` when the executable was not built; what starting it throws.
    static func run(
        _ arguments: [String],
        in directory: URL = TestPaths.packageRoot,
        executable name: String = "modelgen",
        environment: [String: String]? = nil
    ) throws -> Result {
        guard let executable = Self.executable?.deletingLastPathComponent().appendingPathComponent(name),
            FileManager.default.isExecutableFile(atPath: executable.path)
        else {
            throw MissingExecutable()
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
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
