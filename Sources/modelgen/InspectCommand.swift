import ArgumentParser
import Foundation
import ModelgenCore
import ModelMapper

struct InspectCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a model as a readable outline.",
        discussion: """
            Shows every entity with its superentity and subentities, its attributes (type, \
            '?' when optional, default, JSON key path, value transformer) and its relationships \
            (destination, to-one or to-many, inverse, deletion rule). Warnings go to stderr.
            """
    )

    @Argument(help: "The model: a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.", completion: .file())
    var model: String

    @Option(help: "The version of a .xcdatamodeld bundle to show (default: its current version).")
    var modelVersion: String?

    func execute() throws {
        let loaded = try loadModel(URL(fileURLWithPath: model), version: modelVersion)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        print(ModelOutline.render(loaded, title: model), terminator: "")
    }
}

