import ArgumentParser
import Foundation
import ModelgenCore

struct TemplatesCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Write the built-in templates to a folder, to start custom ones.",
        discussion: """
            Writes machine, human, model, single, class and modelType .mustache files. Edit the ones \
            you want to change, delete the others, and pass the folder to `modelgen generate --templates`. \
            The variables the templates see are listed in the README.
            """
    )

    @Option(name: .shortAndLong, help: "The folder to write the templates to.", completion: .directory)
    var output: String

    func execute() throws {
        let folder = URL(fileURLWithPath: output)
        try FileSystem.createDirectory(folder)
        for (name, text) in BuiltInTemplates.all.sorted(by: { $0.key < $1.key }) {
            try FileSystem.write(text, to: folder.appendingPathComponent("\(name).mustache"))
        }
        print("\(BuiltInTemplates.all.count) templates written to \(output)")
    }
}
