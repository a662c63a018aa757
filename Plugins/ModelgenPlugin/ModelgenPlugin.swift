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
/// XML embedded in the generated file. SwiftPM needs the target to hold one Swift file of its
/// own besides the model (generated files do not count), and refuses the target before this
/// plugin runs otherwise: keep one, even empty.
///
/// A `modelgen.json` beside the model (see `GeneratorConfiguration`) sets the access level,
/// the model type's name, templates and entities, as it does for `modelgen generate`; its
/// `layout` and `output` are for the command line and the command plugin: at build time the
/// output is always one file in the plugin's work folder.
@main
struct ModelgenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let modelgen = try context.tool(named: "modelgen").url
        return ModelFiles.models(in: target)
            .filter { model in
                // Classes already written into the target would be declared twice, in hundreds
                // of "ambiguous" errors: one error that says which files to remove instead.
                let written = ModelFiles.generatedFiles(of: model, in: target)
                guard !written.isEmpty else { return true }
                let names = written.map(\.lastPathComponent).joined(separator: ", ")
                Diagnostics.error(
                    "target '\(target.name)': the classes of \(model.lastPathComponent) are already in the target, "
                        + "written by the command plugin or modelgen generate (\(names), and the class files beside "
                        + "them), and ModelgenPlugin generates them again at build time; remove those files to "
                        + "generate at build time, or remove ModelgenPlugin from the target to keep them"
                )
                return false
            }
            .map { model in
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
                    inputFiles: ModelFiles.files(in: model) + Self.configurationFiles(besideModel: model, named: name)
                        + Self.conventionsFile(besideModel: model, named: name),
                    outputFiles: [output.appendingPathComponent(fileName)]
                )
            }
    }

    /// The `modelgen.json` beside a model, if any, and the templates it names (for the file's
    /// settings or the model's own), so that editing either reruns the generator. Read only to
    /// find those files: `modelgen` reads and checks the settings, and reports their errors.
    private static func configurationFiles(besideModel model: URL, named name: String) -> [URL] {
        let configuration = model.deletingLastPathComponent().appendingPathComponent("modelgen.json")
        guard FileManager.default.fileExists(atPath: configuration.path) else { return [] }
        var files = [configuration]
        guard let data = try? Data(contentsOf: configuration),
            let settings = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return files }
        let modelSettings = (settings["models"] as? [String: Any])?[name] as? [String: Any]
        if let templates = modelSettings?["templates"] as? String ?? settings["templates"] as? String {
            let folder = configuration.deletingLastPathComponent().appendingPathComponent(templates)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
                files += ModelFiles.files(in: folder)
            }
        }
        return files
    }

    /// The model's conventions file (`Shop.conventions.json` beside `Shop.xcdatamodeld`, see
    /// `ModelConventions`), if any: the generated code embeds it.
    private static func conventionsFile(besideModel model: URL, named name: String) -> [URL] {
        let file = model.deletingLastPathComponent().appendingPathComponent(name + ".conventions.json")
        return FileManager.default.fileExists(atPath: file.path) ? [file] : []
    }

    /// The model name as the generator writes it in type and file names.
    private static func identifier(_ name: String) -> String {
        let scalars = name.unicodeScalars.map {
            $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_"
        }
        return String(scalars)
    }
}
