import ArgumentParser
import Foundation
@_spi(ModelgenTools) import ModelgenCore
import ModelMapper

struct GenerateCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift classes for the entities of a model.",
        discussion: """
            By default (mogenerator's split) each entity gets a machine file _Author.swift, regenerated \
            every time, and a human file Author.swift with `class Author: _Author`, written once and \
            never overwritten: put your code there. _<Model>Model.swift binds the classes to their \
            entities and loads the model from XML embedded in the source. Only files whose content \
            changes are written.

            --layout single-file puts everything in one file (what the build plugin does); extend \
            the classes with extensions.

            --check writes nothing: it prints a unified diff of every file that is out of date \
            (paths relative to the current folder, so that `git apply` takes it as it is) and exits \
            with status 1, for CI. Machine files left by entities that are no longer in the model \
            (orphans, recognised by their generated header, never by their name) count as out of \
            date; --prune deletes them. Human files are never deleted.

            Settings can also come from a modelgen.json file in the folder holding the model \
            (access, layout, templates, typeName, output, entities, trustCustomClassNames, classPrefix, and \
            "models" for one model's own); options given here win over it. --config names another \
            file.

            Diagnostics go to standard error, the summary and diffs to standard output.
            """
    )

    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Option(name: .shortAndLong, help: "The folder for all generated files.", completion: .directory)
    var output: String?

    @Option(help: "The folder for machine files (default: --output).", completion: .directory)
    var machineDir: String?

    @Option(help: "The folder for human files (default: --output).", completion: .directory)
    var humanDir: String?

    @Option(help: "The version of a .xcdatamodeld bundle to generate from (default: its current version).")
    var modelVersion: String?

    @Option(help: "The access level of the generated code: public (the default) or internal.")
    var access: GeneratorOptions.AccessLevel?

    @Option(name: .customLong("entity"), help: "Generate only this entity (and its superentities); repeat for several.")
    var entities: [String] = []

    @Option(help: "split (machine and human files, the default) or single-file.")
    var layout: GeneratorOptions.Layout?

    @Option(help: "The name of the generated model type (default: <model name>Model).")
    var modelTypeName: String?

    @Option(help: "The file name of the single-file layout (default: <model name>+ModelMapper.swift).")
    var outputFileName: String?

    @Option(
        help: "A folder of .mustache templates replacing built-in ones (see `modelgen templates`).",
        completion: .directory
    )
    var templates: String?

    @Flag(help: "Use every customClassName as written, even types that are not from Swift or Foundation.")
    var trustCustomClassNames = false

    @Option(help: "Put before every class name and its files (WC: WCOrder), so that two models share a module.")
    var classPrefix: String?

    @Option(
        help: "A modelgen.json to read settings from (default: the one beside the model, if any).",
        completion: .file()
    )
    var config: String?

    @Option(
        help: ArgumentHelp(
            "The folder for all generated files when neither --output nor the settings name one.",
            discussion: "For tools that run modelgen on models they find (the command plugin).",
            visibility: .hidden
        ),
        completion: .directory
    )
    var defaultOutput: String?

    @Flag(help: "Write nothing; print a diff of what is out of date (orphans included) and exit 1 if anything is.")
    var check = false

    @Flag(help: "Delete machine files generated from this model for entities it no longer has.")
    var prune = false

    func execute() throws {
        let url = URL(fileURLWithPath: model)
        let modelName = Self.modelName(of: url)
        let (settings, settingsFolder) = try Self.configuredSettings(explicit: config, model: url, modelName: modelName)
        func resolved(_ folder: String?) -> String? {
            folder.map { settingsFolder?.appendingPathComponent($0).path ?? $0 }
        }
        let layout = self.layout ?? settings.layout ?? .split
        let output = self.output ?? resolved(settings.output) ?? defaultOutput
        // Checked here rather than in validate(), so that a mistyped option is reported as
        // such ("Did you mean …?") before a missing one.
        guard output != nil || (machineDir != nil && humanDir != nil) || (layout == .singleFile && machineDir != nil)
        else {
            throw ValidationError(
                "Give --output (or \"output\" in modelgen.json), or both --machine-dir and --human-dir."
            )
        }
        if let classPrefix, !classPrefix.isEmpty, !GeneratorConfiguration.isClassPrefix(classPrefix) {
            throw ValidationError("--class-prefix '\(classPrefix)' cannot start a Swift type name.")
        }
        let loaded = try loadModel(url, version: modelVersion)
        // The model's text as UTF-8 with a declaration that says so, whatever the file's encoding.
        guard let xml = loaded.normalizedXML else {
            throw CommandFailure(path: model, message: "the model's text is not available to embed")
        }
        var options = GeneratorOptions(modelName: modelName, sourceName: Self.sourceName(of: url))
        options.layout = layout
        options.access = access ?? settings.access ?? .public
        options.entityNames = entities.isEmpty ? settings.entities ?? [] : entities
        options.modelTypeName = modelTypeName ?? settings.typeName
        options.singleFileName = outputFileName
        options.trustsCustomClassNames = trustCustomClassNames || settings.trustCustomClassNames == true
        options.classPrefix = classPrefix ?? settings.classPrefix ?? ""
        if let templates = templates ?? resolved(settings.templates) {
            options.templates = try Self.readTemplates(in: templates)
        }

        let result = ModelGenerator.generate(loaded, modelXML: xml, options: options)
        for diagnostic in loaded.warnings + result.diagnostics { printToStandardError(diagnostic.description) }
        if result.hasErrors { throw ExitCode.failure }

        let destinations = Destinations(
            machineFolder: URL(fileURLWithPath: machineDir ?? output ?? "."),
            humanFolder: URL(fileURLWithPath: humanDir ?? output ?? ".")
        )
        let plan = try Self.plan(result.files, in: destinations, sourceName: options.sourceName)
        if check {
            try Self.check(plan, fileCount: result.files.count, in: destinations)
        } else {
            try write(plan, in: destinations, sourceName: options.sourceName)
        }
    }

    /// Where the generated files go: machine files to one folder, human files to another
    /// (the same one, with `--output`).
    struct Destinations {
        let machineFolder: URL
        let humanFolder: URL

        func location(of kind: GeneratedFile.Kind, _ path: String) -> URL {
            (kind == .machine ? machineFolder : humanFolder).appendingPathComponent(path)
        }

        func location(of file: GeneratedFile) -> URL {
            location(of: file.kind, file.path)
        }
    }

    /// What generating `files` would change, from what is on disk: the files themselves and
    /// the other Swift files of the machine folder, among which orphans are found.
    static func plan(_ files: [GeneratedFile], in destinations: Destinations, sourceName: String) throws
        -> OutputPlan
    {
        var existing: [String: String?] = [:]
        for file in files {
            let destination = destinations.location(of: file)
            existing[file.path] =
                FileManager.default.fileExists(atPath: destination.path) ? try FileSystem.read(destination) : nil
        }
        // The other Swift files of the machine folder, to find orphans among (the generated
        // ones were read above).
        let machineFolder = destinations.machineFolder
        let generatedMachineFiles = Set(files.filter { $0.kind == .machine }.map(\.path))
        var machineFiles: [String: String] = [:]
        for name in try FileSystem.contents(of: machineFolder)
        where name.hasSuffix(".swift") && !generatedMachineFiles.contains(name) {
            let file = machineFolder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            machineFiles[name] = try? String(contentsOf: file, encoding: .utf8)
        }
        return OutputPlan(files: files, existing: existing, machineFolder: machineFiles, sourceName: sourceName)
    }

    /// `--check`: prints the diff of what is out of date and fails, or says all is up to date.
    static func check(_ plan: OutputPlan, fileCount: Int, in destinations: Destinations) throws {
        guard plan.isUpToDate else {
            print(
                plan.diffs { FileSystem.pathRelativeToCurrentDirectory(destinations.location(of: $0, $1)) },
                terminator: ""
            )
            let orphans = plan.orphans.isEmpty ? "" : " and \(plan.orphans.count) orphaned file(s) to prune"
            printToStandardError(
                "\(plan.writes.count) generated file(s) out of date\(orphans); run `modelgen "
                    + "generate`\(plan.orphans.isEmpty ? "" : " --prune") without --check"
            )
            throw ExitCode.failure
        }
        print("\(fileCount) generated file(s) up to date")
    }

    /// Writes what is out of date, and deletes orphans with `--prune` (else warns of them).
    func write(_ plan: OutputPlan, in destinations: Destinations, sourceName: String) throws {
        for write in plan.writes {
            try FileSystem.write(write.file.contents, to: destinations.location(of: write.file))
        }
        let machineFolder = destinations.machineFolder
        var summary = "\(plan.writes.count) file(s) written, \(plan.unchanged.count) unchanged"
        if prune {
            for orphan in plan.orphans { try FileSystem.remove(machineFolder.appendingPathComponent(orphan.path)) }
            summary += ", \(plan.orphans.count) orphaned file(s) deleted"
        } else if !plan.orphans.isEmpty {
            for orphan in plan.orphans {
                printToStandardError(
                    "\(FileSystem.pathRelativeToCurrentDirectory(machineFolder.appendingPathComponent(orphan.path))): "
                        + "warning: generated from \(sourceName) for an entity it no longer has; delete it with --prune"
                )
            }
        }
        print(summary)
    }

    /// The settings of the configuration file named by `--config`, else of the one beside the
    /// model, for `modelName`, and the folder their paths are relative to; empty settings when
    /// there is no file.
    static func configuredSettings(explicit: String?, model: URL, modelName: String) throws
        -> (GeneratorConfiguration.Settings, URL?)
    {
        guard let file = explicit.map({ URL(fileURLWithPath: $0) }) ?? GeneratorConfiguration.file(besideModel: model)
        else {
            return (GeneratorConfiguration.Settings(), nil)
        }
        let path = FileSystem.pathRelativeToCurrentDirectory(file)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CommandFailure(path: path, error)
        }
        do {
            let configuration = try GeneratorConfiguration.parse(data)
            return (configuration.settings(forModel: modelName), file.deletingLastPathComponent())
        } catch {
            throw CommandFailure([error.description(file: path)])
        }
    }

    /// `Authors` for `Authors.xcdatamodeld`, its versions, and their `contents`.
    static func modelName(of url: URL) -> String {
        String(sourceName(of: url).split(separator: ".").first ?? "Model")
    }

    /// The bundle or folder the model came from: `Authors.xcdatamodeld`.
    static func sourceName(of url: URL) -> String {
        GeneratorOptions.modelSource(of: url).lastPathComponent
    }

    static func readTemplates(in folder: String) throws -> [String: String] {
        let url = URL(fileURLWithPath: folder)
        var templates: [String: String] = [:]
        for name in try FileSystem.contents(of: url, required: true) where name.hasSuffix(".mustache") {
            templates[String(name.dropLast(".mustache".count))] = try FileSystem.read(url.appendingPathComponent(name))
        }
        if templates.isEmpty {
            throw ValidationError("\(folder) holds no .mustache template")
        }
        return templates
    }
}

extension GeneratorOptions.AccessLevel: ExpressibleByArgument {}
extension GeneratorOptions.Layout: ExpressibleByArgument {}
