import ArgumentParser
import ModelMapperSchema

/// `modelgen`: inspects, validates (and, as it grows, generates code from) Core Data model files.
@main
struct Modelgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modelgen",
        abstract: "Generate Swift classes from Core Data model files, inspect and validate them, for ModelMapper.",
        discussion: """
            A model is a .xcdatamodeld bundle (its current version is used unless --model-version \
            says otherwise), a .xcdatamodel folder, or the XML 'contents' file inside one. \
            --version prints modelgen's own version, after any subcommand too.
            """,
        version: ModelMapperVersion.current,
        subcommands: [
            GenerateCommand.self, InspectCommand.self, ValidateCommand.self, DiagramCommand.self, CheckJSONCommand.self,
            RoundtripCommand.self, DecodeCommand.self, InferCommand.self, InitCommand.self, FormatCommand.self,
            TemplatesCommand.self, SchemaCommand.self, DiffCommand.self,
        ]
    )
}
