import Foundation

/// A model file as it was at a git revision, written to a temporary folder.
enum GitRevision {
    /// The model at `path` (with the conventions file beside it, if it had one) as it was at
    /// `revision`.
    static func export(_ path: String, at revision: String) throws -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent()
        let top = try git(["-C", folder.path, "rev-parse", "--show-toplevel"], path: path)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard (try? git(["-C", top, "rev-parse", "--verify", "--quiet", revision + "^{commit}"], path: path)) != nil
        else {
            throw CommandFailure(path: path, message: "git has no revision '\(revision)'")
        }
        let relative = String(url.path.dropFirst(URL(fileURLWithPath: top).standardizedFileURL.path.count + 1))
        guard (try? git(["-C", top, "cat-file", "-e", "\(revision):\(relative)"], path: path)) != nil else {
            throw CommandFailure(path: path, message: "the model is not at '\(relative)' in revision '\(revision)'")
        }
        var paths = [relative]
        let conventions = (relative as NSString).deletingPathExtension + ".conventions.json"
        if (try? git(["-C", top, "cat-file", "-e", "\(revision):\(conventions)"], path: path)) != nil {
            paths.append(conventions)
        }
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("modelgen-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let archive = destination.appendingPathComponent("revision.tar")
        _ = try git(["-C", top, "archive", "--format=tar", "-o", archive.path, revision, "--"] + paths, path: path)
        _ = try run("/usr/bin/env", ["tar", "-xf", archive.path, "-C", destination.path], path: path)
        return destination.appendingPathComponent(relative)
    }

    private static func git(_ arguments: [String], path: String) throws -> String {
        try run("/usr/bin/env", ["git"] + arguments, path: path)
    }

    private static func run(_ executable: String, _ arguments: [String], path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(path: path, message: "cannot run \(arguments.first ?? executable): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(path: path, message: "\(arguments.prefix(3).joined(separator: " ")) failed: \(reason)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
