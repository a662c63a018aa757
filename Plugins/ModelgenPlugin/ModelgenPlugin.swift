import Foundation
import PackagePlugin

/// Generates ModelMapper classes at build time for every Core Data model (`.xcdatamodeld`
/// bundle or `.xcdatamodel` folder) in a target, one Swift file per model, by running
/// `modelgen generate --layout single-file`.
///
/// ```swift
/// .target(
///     name: "MyModels",
///     dependencies: [.product(name: "ModelMapper", package: "ModelMapper")],
///     exclude: ["Shop.xcdatamodeld"],          // or resources: [.copy("Shop.xcdatamodeld")]
///     plugins: [.plugin(name: "ModelgenPlugin", package: "ModelMapper")]
/// )
/// ```
///
/// Extend the generated classes with extensions; `ShopModel.load()` loads the model from the
/// XML embedded in the generated file.
@main
struct ModelgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let modelgen = try context.tool(named: "modelgen").url
        return try models(in: target).map { model in
            let name = model.deletingPathExtension().lastPathComponent
            let fileName = Self.identifier(name) + "+ModelMapper.swift"
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(name)
            return .buildCommand(
                displayName: "Generating ModelMapper classes for \(model.lastPathComponent)",
                executable: modelgen,
                arguments: [
                    "generate", model.path, "--layout", "single-file", "--machine-dir", output.path,
                    "--output-file-name", fileName,
                ],
                inputFiles: Self.files(in: model),
                outputFiles: [output.appendingPathComponent(fileName)]
            )
        }
    }

    /// Model bundles and bare model folders of the target: declared as resources, excluded, or
    /// simply there (SwiftPM lists excluded files nowhere, so the folder is searched too).
    private func models(in target: SourceModuleTarget) throws -> [URL] {
        var found = Set<String>()
        for file in target.sourceFiles where ["xcdatamodeld", "xcdatamodel"].contains(file.url.pathExtension) {
            found.insert(file.url.standardizedFileURL.path)
        }
        let root = target.directoryURL
        if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator {
                switch url.pathExtension {
                case "xcdatamodeld":
                    found.insert(url.standardizedFileURL.path)
                    enumerator.skipDescendants()
                case "xcdatamodel":
                    found.insert(url.standardizedFileURL.path)
                    enumerator.skipDescendants()
                default:
                    break
                }
            }
        }
        return found.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Every file of a model, so that editing any version reruns the generator.
    private static func files(in model: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: model.resolvingSymlinksInPath(), includingPropertiesForKeys: [.isRegularFileKey]) else { return [model] }
        var files: [URL] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The model name as the generator writes it in type and file names.
    private static func identifier(_ name: String) -> String {
        let scalars = name.unicodeScalars.map { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" }
        return String(scalars)
    }
}
