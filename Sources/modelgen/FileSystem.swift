import ArgumentParser
import Foundation
import ModelMapper

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
