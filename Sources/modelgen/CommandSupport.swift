import ArgumentParser
import Foundation
import ModelMapper

/// What every subcommand shares: errors shown the way users expect. A usage error found while
/// a subcommand runs shows that subcommand's usage; a file-system or model problem prints
/// `path: error: reason` on standard error and exits with status 1, never a Foundation dump.
protocol ModelgenCommand: ParsableCommand {
    /// The command's work; `run()` reports what it throws.
    func execute() throws
}

extension ModelgenCommand {
    func run() throws {
        do {
            try execute()
        } catch let error as ValidationError {
            // ArgumentParser would show the root command's usage for an error thrown here.
            printToStandardError("Error: \(error.message)")
            printToStandardError("Usage: modelgen \(Self.usageString())")
            printToStandardError(
                "  See 'modelgen \(Self.configuration.commandName ?? "") --help' for more information."
            )
            throw ExitCode.validationFailure
        } catch let failure as CommandFailure {
            for line in failure.lines { printToStandardError(line) }
            throw ExitCode.failure
        }
    }
}

/// A failure already put into words, one compiler-style line each (`path: error: reason`).
struct CommandFailure: Error {
    var lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    /// `path: error: reason` for a file-system error.
    init(path: String, _ error: any Error) {
        self.lines = [ModelLoadingError(fileSystemError: error, at: path).description]
    }

    /// `path: error: message`.
    init(path: String, message: String) {
        self.lines = ["\(path): error: \(message)"]
    }
}

/// File operations that fail with `path: error: reason`.
enum FileSystem {
    static func createDirectory(_ url: URL) throws {
        // The nearest part of the path that exists must be a folder.
        var existing = url
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isDirectory),
            existing.pathComponents.count > 1
        {
            existing.deleteLastPathComponent()
        }
        if !isDirectory.boolValue {
            throw CommandFailure(
                path: existing.relativePath,
                message: "this is a file, not a folder, so '\(url.relativePath)' cannot be created"
            )
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(path: url.relativePath, error)
        }
    }

    static func write(_ text: String, to url: URL) throws {
        try createDirectory(url.deletingLastPathComponent())
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandFailure(path: url.relativePath, error)
        }
    }

    static func read(_ url: URL) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw CommandFailure(path: url.relativePath, error)
        }
    }

    /// The names in a folder; an empty list when the folder does not exist yet.
    static func contents(of folder: URL, required: Bool = false) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            if required { throw CommandFailure(path: folder.relativePath, message: "no such folder") }
            return []
        }
        guard isDirectory.boolValue else {
            throw CommandFailure(path: folder.relativePath, message: "this is a file, not a folder")
        }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw CommandFailure(path: folder.relativePath, error)
        }
    }

    static func remove(_ url: URL) throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw CommandFailure(path: url.relativePath, error)
        }
    }

    /// `url`'s path relative to the current directory (`../x` when it is outside), as diffs name files.
    static func pathRelativeToCurrentDirectory(_ url: URL) -> String {
        let target = url.standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.pathComponents
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }
}

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Loads a model for a command; a model that does not load fails the command with its
/// located errors.
func loadModel(_ url: URL, version: String?) throws -> ObjectModel {
    do {
        return try ObjectModel(contentsOf: url, version: version)
    } catch {
        throw CommandFailure(error.diagnostics.map(\.description))
    }
}
