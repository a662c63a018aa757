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

    @Flag(help: "Also list the model's properties that none of the files holds (as notes, at the property).")
    var reportUnseen = false

    enum Unmapped: String, ExpressibleByArgument, CaseIterable {
        case error, warn, ignore
    }

    func execute() throws {
        // What the files hold is read as the app reads it; the check rejects unknown keys.
        let plain = try options.roundTrip()
        var roundTrip = plain
        if unmapped != .ignore { roundTrip.decoderOptions.unknownKeys = .reject }
        var problems: [JSONFileProblem] = []
        var unseen = UnseenProperties()
        for file in options.files {
            do {
                let data = try options.read(file)
                // A file that does not decode has its errors reported below; it shows nothing here.
                if reportUnseen, let objects = try? plain.objects(decoding: data) { unseen.note(objects) }
                problems += try roundTrip.decodingErrors(in: data)
                    .map { error in
                        var problem = JSONFileProblem(file: file, error: error)
                        if case .unknownKey = error, unmapped == .warn { problem.severity = "warning" }
                        return problem
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            }
        }
        if reportUnseen { problems += unseen.notes(for: roundTrip.model) }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "checked")
        if problems.contains(where: { $0.severity == "error" }) { throw ExitCode.failure }
    }
}
