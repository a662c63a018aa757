import ArgumentParser
import Foundation
import ModelgenCore
import ModelMapper

struct InspectCommand: ParsableCommand {
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
    var version: String?

    func run() throws {
        let loaded = try loadModel(URL(fileURLWithPath: model), version: version)
        for warning in loaded.warnings { printToStandardError(warning.description) }
        print(ModelOutline.render(loaded, title: model), terminator: "")
    }
}

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Loads a model for a command; a model that does not load prints its located errors and
/// fails the command.
func loadModel(_ url: URL, version: String?) throws -> ObjectModel {
    do {
        return try ObjectModel(contentsOf: url, version: version)
    } catch {
        printToStandardError(error.description)
        throw ExitCode.failure
    }
}
