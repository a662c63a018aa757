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

            A key no property of the model reads is a warning at its line and column, with the \
            key of that object the model reads that it most likely meant; --unmapped error makes \
            such keys errors, --unmapped ignore leaves them out.
            """
    )

    @OptionGroup var options: JSONFileOptions

    @Option(help: "What a key the model never reads is: error, warn or ignore.")
    var unmapped: Unmapped = .warn

    enum Unmapped: String, ExpressibleByArgument, CaseIterable {
        case error, warn, ignore
    }

    func execute() throws {
        var roundTrip = try options.roundTrip()
        if unmapped != .ignore { roundTrip.decoderOptions.unknownKeys = .reject }
        var problems: [JSONFileProblem] = []
        for file in options.files {
            do {
                problems += try roundTrip.decodingErrors(in: options.read(file))
                    .map { error in
                        var problem = JSONFileProblem(file: file, error: error)
                        if case .unknownKey = error, unmapped == .warn { problem.severity = "warning" }
                        return problem
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            }
        }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "checked")
        if problems.contains(where: { $0.severity == "error" }) { throw ExitCode.failure }
    }
}
