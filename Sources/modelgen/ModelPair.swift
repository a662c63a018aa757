import ArgumentParser
import Foundation
import ModelMapper

/// The two versions `modelgen diff` compares, loaded: two files, two versions of one bundle,
/// or a model at git revisions.
struct ModelPair {
    var old: ObjectModel
    var new: ObjectModel
    /// How the output names them: the path, with the version or revision.
    var oldName: String
    var newName: String

    static func load(_ command: DiffCommand) throws -> ModelPair {
        let newPath = command.new ?? command.old
        if command.oldRevision != nil || command.newRevision != nil {
            let oldURL = try command.oldRevision.map { try GitRevision.export(command.old, at: $0) }
            let newURL = try command.newRevision.map { try GitRevision.export(newPath, at: $0) }
            return ModelPair(
                old: try loadModel(oldURL ?? URL(fileURLWithPath: command.old), version: command.oldVersion),
                new: try loadModel(newURL ?? URL(fileURLWithPath: newPath), version: command.newVersion),
                oldName: command.old + (command.oldRevision.map { "@" + $0 } ?? ""),
                newName: newPath + (command.newRevision.map { "@" + $0 } ?? "")
            )
        }
        if command.new == nil {
            return try versions(of: command.old, old: command.oldVersion, new: command.newVersion)
        }
        return ModelPair(
            old: try loadModel(URL(fileURLWithPath: command.old), version: command.oldVersion),
            new: try loadModel(URL(fileURLWithPath: newPath), version: command.newVersion),
            oldName: command.old,
            newName: newPath
        )
    }

    /// Two versions of one bundle: by default its current version and the one before it, in
    /// the natural order of the versions' names.
    private static func versions(of path: String, old: String?, new: String?) throws -> ModelPair {
        guard path.hasSuffix(".xcdatamodeld") || path.hasSuffix(".xcdatamodeld/") else {
            throw ValidationError(
                "Give two models, or one .xcdatamodeld bundle (its current version against the one before), "
                    + "or --old-revision."
            )
        }
        let bundle: ModelBundle
        do {
            bundle = try ModelBundle(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(error.diagnostics.map(\.description))
        }
        let versions = bundle.xmlVersionNames
        // Without a current version, the last two in natural order (the model loaders would
        // take the fallback version, which may be the first).
        guard let newVersion = new ?? bundle.currentVersionName ?? versions.last else {
            throw CommandFailure(path: path, message: "the bundle has no version that can be loaded")
        }
        if new == nil, bundle.currentVersionName == nil {
            printToStandardError(
                "\(path): warning: no version is marked current (.xccurrentversion): '\(newVersion)', the last "
                    + "in natural order, is compared with the one before it"
            )
        }
        let before = versions.firstIndex(of: newVersion).flatMap { $0 > 0 ? versions[$0 - 1] : nil }
        guard let oldVersion = old ?? before else {
            throw CommandFailure(
                path: path,
                message: "'\(newVersion)' is the first version of the bundle (versions: "
                    + versions.map { "'\($0)'" }.joined(separator: ", ") + "): give --old-version"
            )
        }
        let url = URL(fileURLWithPath: path)
        return ModelPair(
            old: try loadModel(url, version: oldVersion),
            new: try loadModel(url, version: newVersion),
            oldName: "\(path) (\(oldVersion))",
            newName: "\(path) (\(newVersion))"
        )
    }
}
