import ArgumentParser
import Foundation
import ModelMapper

/// `modelgen format`: rewrites model files in the form Xcode writes them
/// (``ObjectModel/xmlContents()``), as a formatter does for code.
struct FormatCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Rewrite model files in the form Xcode writes them.",
        discussion: """
            Each model is loaded and written back: elements and attributes in Xcode's order \
            (the model's entities, fetch requests, configurations and composites in the file's), \
            userInfo entries sorted by key, values as they were, and what ModelMapper does not \
            read kept. Every XML version of a .xcdatamodeld bundle is rewritten. A file a recent \
            Xcode saved is left as it is. A model with errors is not rewritten; --check only \
            lists the files that would change, and exits 1 when one would.
            """
    )

    @Argument(help: "The models: .xcdatamodeld bundles, .xcdatamodel folders or 'contents' files.", completion: .file())
    var models: [String]

    @Flag(help: "Change nothing: list the files that are not in Xcode's form, and exit 1 if there is one.")
    var check = false

    func validate() throws {
        guard !models.isEmpty else { throw ValidationError("Give at least one model to format.") }
    }

    func execute() throws {
        var files: [URL] = []
        for model in models { files += try Self.contentsFiles(of: URL(fileURLWithPath: model)) }
        var changed = 0
        for file in files {
            let text = try loadModel(file, version: nil).xmlContents()
            let original: Data
            do {
                original = try Data(contentsOf: file)
            } catch {
                throw CommandFailure(path: file.relativePath, error)
            }
            guard original != Data(text.utf8) else { continue }
            changed += 1
            if check {
                printToStandardError("\(file.relativePath): not in Xcode's form")
                continue
            }
            do {
                try text.write(to: file, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure(path: file.relativePath, error)
            }
        }
        let count = files.count == 1 ? "1 file" : "\(files.count) files"
        print("\(count): \(changed) \(check ? "to format" : "formatted"), \(files.count - changed) unchanged")
        if check, changed > 0 { throw ExitCode.failure }
    }

    /// The `contents` files of a model: each XML version of a bundle, a folder's, or the file.
    static func contentsFiles(of url: URL) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CommandFailure(path: url.relativePath, message: "no such file or folder")
        }
        guard isDirectory.boolValue else { return [url] }
        if url.pathExtension == "xcdatamodeld" {
            let bundle: ModelBundle
            do {
                bundle = try ModelBundle(contentsOf: url)
            } catch {
                throw CommandFailure(error.diagnostics.map(\.description))
            }
            return bundle.xmlVersionNames.map {
                url.appendingPathComponent($0 + ".xcdatamodel").appendingPathComponent("contents")
            }
        }
        return [url.appendingPathComponent("contents")]
    }
}
