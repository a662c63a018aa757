import ArgumentParser
import Foundation
import ModelMapper
import ModelgenCore

/// What `modelgen infer` and `modelgen init` share: a model inferred from sample files, and a
/// model written as a bundle with its conventions file beside it.
enum ModelFiles {
    /// The model inferred from the JSON files at `paths`, with the objects at `at` (a key path).
    ///
    /// - Throws: `ValidationError` for an `--at` that is not a key path; ``CommandFailure`` for
    ///   a file that cannot be read or a sample nothing can be inferred from.
    static func infer(
        from paths: [String],
        at: String?,
        entities: [String: String] = [:],
        options: ModelInference.Options
    ) throws -> ModelInference.Result {
        var options = options
        if let at {
            do {
                options.keyPath = try JSONKeyPath(parsing: at)
            } catch {
                throw ValidationError("--at: \(error)")
            }
        }
        var samples: [ModelInference.Sample] = []
        for path in paths {
            do {
                let url = URL(fileURLWithPath: path)
                samples.append(
                    ModelInference.Sample(
                        name: path,
                        data: try Data(contentsOf: url),
                        rootEntity: entities[path] ?? entities[url.lastPathComponent]
                    )
                )
            } catch {
                throw CommandFailure(path: path, error)
            }
        }
        do {
            return try ModelInference.infer(from: samples, options: options)
        } catch {
            throw CommandFailure(["error: \(error)"])
        }
    }

    /// The conventions file of the bundle at `bundle`.
    static func conventionsFile(of bundle: URL) -> URL {
        ModelConventions.fileURL(forModelAt: bundle)
    }

    /// Fails on the first of `urls` that exists, unless `force`.
    static func refuseToReplace(_ urls: [URL], force: Bool) throws {
        guard !force else { return }
        for url in urls where FileManager.default.fileExists(atPath: url.path) {
            throw CommandFailure(path: url.relativePath, message: "exists already; give --force to replace it")
        }
    }

    /// Writes `contents` as the one version of the bundle at `bundle` (replacing the bundle),
    /// and `conventions` beside it; with none, a conventions file there is removed, so that the
    /// new model is not read by the old one's conventions.
    static func write(_ contents: String, conventions: ModelConventions, toBundle bundle: URL) throws {
        let name = bundle.deletingPathExtension().lastPathComponent
        let file = bundle.appendingPathComponent(name + ".xcdatamodel").appendingPathComponent("contents")
        let conventionsFile = conventionsFile(of: bundle)
        let manager = FileManager.default
        if manager.fileExists(atPath: bundle.path) { try FileSystem.remove(bundle) }
        try FileSystem.createDirectory(file.deletingLastPathComponent())
        try FileSystem.write(contents, to: file)
        if conventions.isEmpty {
            if manager.fileExists(atPath: conventionsFile.path) { try FileSystem.remove(conventionsFile) }
        } else {
            try FileSystem.write(conventions.jsonText + "\n", to: conventionsFile)
        }
    }
}
