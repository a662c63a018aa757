import Foundation
import Testing
import TestSupport

/// The layer check (`.ci/layers`): no reference in the library's sources goes up the order
/// `Sources/LAYERS.md` declares, as the compiler's index resolves them. It builds the library
/// with indexing on in a build folder of its own (`.build/layers`), so it does not wait on the
/// one `swift test` holds.
@Suite("Layers", .serialized)
struct LayerCheckTests {
    static let script = TestPaths.packageRoot.appendingPathComponent(".ci/layers")
    static let scratch = TestPaths.packageRoot.appendingPathComponent(".build/layers").path

    /// Runs the check with `arguments`: its exit status and what it printed.
    static func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--scratch-path", scratch] + arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test("No reference goes up the declared order, and CONTRIBUTING.md shows the order")
    func declaredOrderHolds() throws {
        let (status, output) = try Self.check([])
        #expect(status == 0, "\(output)")
        #expect(output.contains("none up the declared order"), "\(output)")
    }

    @Test("An order with Mapping declared before Objects is refused, at the references that go up")
    func swappedOrderIsRefused() throws {
        let declared = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/LAYERS.md"),
            encoding: .utf8
        )
        var lines = declared.components(separatedBy: "\n")
        let objects = try #require(lines.firstIndex { $0.hasPrefix("- **Objects**") })
        let mapping = try #require(lines.firstIndex { $0.hasPrefix("- **Mapping**") })
        lines.swapAt(objects, mapping)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let swapped = try folder.write(lines.joined(separator: "\n"), to: "LAYERS.md")
        let (status, output) = try Self.check(["--layers", swapped.path])
        #expect(status == 1, "\(output)")
        #expect(output.contains("Sources/ModelMapper/Mapping/EntityMapping.swift:"), "\(output)")
        #expect(output.contains("`EntityLayout` is declared in Sources/ModelMapper/Objects"), "\(output)")
    }
}
