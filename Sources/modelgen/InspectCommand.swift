import ArgumentParser
import Foundation
import ModelgenCore
import ModelMapper

struct InspectCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a model as a readable outline, or as JSON for other tools.",
        discussion: """
            Shows every entity with its superentity and subentities, its attributes (type, \
            '?' when optional, default, JSON key path, value transformer) and its relationships \
            (destination, to-one or to-many, inverse, deletion rule), after the conventions in \
            effect (key casing, id identities) and where each comes from: the command line, \
            the model's .conventions.json, or the default. Warnings go to stderr. \
            --format json prints the same as a stable document (formatVersion 2: members are \
            added, never renamed or removed, within a version; absent ones are left out).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case outline, json
    }

    @Argument(
        help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var model: String

    @Option(help: "The version of a .xcdatamodeld bundle to show (default: its current version).")
    var modelVersion: String?

    @Option(help: "outline (for people) or json (for tools).")
    var format: Format = .outline

    @OptionGroup var conventions: ConventionOptions

    func execute() throws {
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        switch format {
        case .outline:
            print(ModelOutline.render(loaded, title: model, conventionOverrides: conventions.overrides), terminator: "")
        case .json: print(ModelDocument.render(loaded, conventionOverrides: conventions.overrides), terminator: "")
        }
    }
}
