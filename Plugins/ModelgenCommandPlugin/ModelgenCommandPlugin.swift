import Foundation
import PackagePlugin

/// Writes the classes of every Core Data model in a package's targets into the package, in
/// the split layout (`_Author.swift`, regenerated, and `Author.swift`, written once, yours to
/// edit), for teams who check generated files in and review them:
///
/// ```sh
/// swift package --allow-writing-to-package-directory generate-model-classes [--target MyModels] [--check] [--prune]
/// ```
///
/// Each model's files go to the `output` folder of the `modelgen.json` beside it, else to
/// `Generated/<model name>` in its target. The settings of that file (access level, layout,
/// templates, type name, entities) apply as they do for `modelgen generate`, which this runs
/// once per model; `--check` writes nothing and fails when a file is out of date (for CI),
/// `--prune` deletes machine files of entities a model no longer has. A target whose classes
/// are written this way must not also use `ModelgenPlugin`, which would declare them again.
@main
struct ModelgenCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        let prune = extractor.extractFlag(named: "prune") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw CommandError(
                "unknown arguments: \(extractor.remainingArguments.joined(separator: " ")) (takes --target NAME, "
                    + "--check, --prune)"
            )
        }
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let modelgen = try context.tool(named: "modelgen").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            for model in ModelFiles.models(in: target) {
                let defaultOutput = target.directoryURL.appendingPathComponent("Generated")
                    .appendingPathComponent(ModelFiles.name(of: model))
                var arguments = ["generate", model.path, "--default-output", defaultOutput.path]
                if check { arguments.append("--check") }
                if prune { arguments.append("--prune") }
                print("\(target.name): \(model.lastPathComponent)")
                try run(modelgen, arguments)
                generated += 1
            }
        }
        if generated == 0 {
            Diagnostics.warning(
                "no .xcdatamodeld or .xcdatamodel found in "
                    + "\(targetNames.isEmpty ? "the package's targets" : targetNames.joined(separator: ", "))"
            )
        }
    }

    /// Runs `modelgen`, its output and errors going where the plugin's go.
    private func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw CommandError(
                "modelgen \(arguments.joined(separator: " ")) failed (status \(process.terminationStatus))"
            )
        }
    }
}

/// A failure of the command, as one line.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
