import ArgumentParser
import Foundation
import ModelMapper
@_spi(ModelgenTools) import ModelgenCore

/// `modelgen init`: a model to start from, and the `modelgen.json` beside it that
/// `modelgen generate` and the plugins read.
struct InitCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a model: a .xcdatamodeld bundle and a modelgen.json beside it.",
        discussion: """
            With sample JSON files (--from), the model is inferred from them as 'modelgen infer' \
            does; without, it holds one entity to rename and extend. The folder is created if \
            needed; nothing that exists is replaced unless --force. Then: modelgen validate, \
            modelgen generate, or add the folder to a target with the ModelgenPlugin.
            """
    )

    @Argument(help: "The model's name: Shop makes Shop.xcdatamodeld.")
    var name: String

    @Option(help: "The folder to write into (default: the current folder).")
    var folder: String = "."

    @Option(parsing: .upToNextOption, help: "Sample JSON files to infer the model from.")
    var from: [String] = []

    @Option(help: "Where the objects are in each sample, as a key path (with --from).")
    var at: String?

    @Flag(help: "Replace files that exist.")
    var force = false

    func validate() throws {
        guard !name.isEmpty, !name.contains("/"), !name.hasSuffix(".xcdatamodeld") else {
            throw ValidationError("Give the model's name without a folder or extension: Shop, not Shop.xcdatamodeld.")
        }
    }

    func execute() throws {
        let directory = URL(fileURLWithPath: folder)
        let bundle = directory.appendingPathComponent(name + ".xcdatamodeld")
        let settings = directory.appendingPathComponent(GeneratorConfiguration.fileName)
        try ModelFiles.refuseToReplace([bundle, settings, ModelFiles.conventionsFile(of: bundle)], force: force)
        let (contents, conventions, summary) = try model()
        try ModelFiles.write(contents, conventions: conventions, toBundle: bundle)
        try FileSystem.write(
            """
            {
                "access": "internal",
                "typeName": \(JSONValue.string(name + "Model").jsonText())
            }

            """,
            to: settings
        )
        print("wrote \(bundle.relativePath) (\(summary)) and \(settings.relativePath)")
        print("next: modelgen validate \(bundle.relativePath); modelgen generate \(bundle.relativePath)")
        if let note = Self.targetNote(for: directory) { print(note) }
    }

    /// A note when `directory` is a SwiftPM target's folder (`Sources/<Target>`) that holds no
    /// Swift file: SwiftPM refuses such a target before ModelgenPlugin runs (the files it
    /// generates do not count), with a message that does not say why.
    static func targetNote(for directory: URL) -> String? {
        let folder = directory.standardizedFileURL
        guard folder.deletingLastPathComponent().lastPathComponent == "Sources" else { return nil }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard !files.contains(where: { $0.hasSuffix(".swift") }) else { return nil }
        let example = folder.appendingPathComponent("Exports.swift").relativePath
        return "note: target folder \(folder.lastPathComponent) has no Swift file of its own; SwiftPM refuses a target "
            + "that holds only a model, even with ModelgenPlugin (generated files do not count): add one, such as "
            + "\(example), even empty"
    }

    /// The model's XML, its conventions, and what it holds in words.
    private func model() throws -> (String, ModelConventions, String) {
        guard !from.isEmpty else {
            let model = try ObjectModel(xml: Self.starter)
            return (model.xmlContents(), ModelConventions(), "one entity, Item, to rename and extend")
        }
        let result = try ModelFiles.infer(from: from, at: at, options: ModelInference.Options())
        let unsure = result.guesses.filter { !$0.isSure }.count
        return (
            result.contents, result.conventions,
            "\(result.model.entities.count) entities inferred, \(unsure) unsure guesses: see modelgen infer"
        )
    }

    /// The model of a new project: one entity with an identity and a name.
    static let starter = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" minimumToolsVersion="Automatic" \
        sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Item" representedClassName="Item" syncable="YES">
                <attribute name="id" attributeType="Integer 64" usesScalarValueType="YES"/>
                <attribute name="name" attributeType="String"/>
                <userInfo>
                    <entry key="identityAttributes" value="id"/>
                </userInfo>
            </entity>
        </model>
        """
}
