import Foundation

/// simdjson's floor for the standard documents (`Benchmarks/SimdjsonFloor/floor.cpp`): its DOM
/// parse with every value visited, and `simdjson::minify` of the parsed tree, timed in a process
/// of its own right after ModelMapper's rounds. Built here with `c++ -O3` against Debian's
/// `libsimdjson-dev` when it is missing or older than its source; without a compiler or the
/// library, `--documents` says so and reports the other figures.
enum SimdjsonFloor {
    /// The medians of one document, in milliseconds.
    struct Medians {
        let parseAndWalk: Double
        let minify: Double
    }

    static let benchmarksFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let source = benchmarksFolder.appendingPathComponent("SimdjsonFloor/floor.cpp")
    static let binary = benchmarksFolder.appendingPathComponent(".build/simdjson-floor")

    /// Each file's medians over `rounds`, by path; nil (having said why) when the floor cannot
    /// be built or run.
    static func medians(rounds: Int, files: [URL]) -> [String: Medians]? {
        guard build() else { return nil }
        guard let output = run(binary.path, [String(rounds)] + files.map(\.path)) else {
            print("simdjson floor: \(binary.path) failed")
            return nil
        }
        var medians: [String: Medians] = [:]
        for line in output.split(separator: "\n") {
            // FILE parse+walk MS minify MS
            let fields = line.split(separator: " ")
            guard fields.count == 5, let parse = Double(fields[2]), let minify = Double(fields[4]) else { continue }
            medians[String(fields[0])] = Medians(parseAndWalk: parse, minify: minify)
        }
        return medians
    }

    /// Builds the floor when it is missing or older than its source.
    private static func build() -> Bool {
        let manager = FileManager.default
        let built = (try? manager.attributesOfItem(atPath: binary.path)[.modificationDate]) as? Date
        let written = (try? manager.attributesOfItem(atPath: source.path)[.modificationDate]) as? Date
        if let built, let written, built >= written { return true }
        try? manager.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        let arguments = ["c++", "-O3", "-std=c++17", source.path, "-lsimdjson", "-o", binary.path]
        guard run("/usr/bin/env", arguments) != nil else {
            print(
                "simdjson floor: skipped, it did not build (\(arguments.joined(separator: " "))); "
                    + "install a C++ compiler and Debian's libsimdjson-dev"
            )
            return false
        }
        return true
    }

    /// The standard output of a command that exits 0; nil otherwise.
    private static func run(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
