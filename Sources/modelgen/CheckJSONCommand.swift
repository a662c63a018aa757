import ArgumentParser
import Foundation
import ModelMapper
import ModelMapperTestingCore

struct CheckJSONCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-json",
        abstract: "Decode JSON files through a model and report every error, at its line and column.",
        discussion: """
            Each file is decoded with every error collected (not only the first), and each is \
            printed as file:line:column: error: message, the line and column being the value's \
            in the JSON file. The exit status is 1 when a file has an error. --format json prints \
            the problems as a JSON array for tools.
            """
    )

    @OptionGroup var options: JSONFileOptions

    func execute() throws {
        let roundTrip = try options.roundTrip()
        var problems: [JSONFileProblem] = []
        for file in options.files {
            do {
                problems += try roundTrip.decodingErrors(in: options.read(file))
                    .map {
                        JSONFileProblem(file: file, error: $0)
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            }
        }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "checked")
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
