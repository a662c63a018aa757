import ArgumentParser
import Foundation
import ModelMapper
import ModelMapperTestingCore

/// `modelgen decode`: reads a JSON file through a model and prints what ModelMapper made of it,
/// encoded again: to try a model against a real API response.
struct DecodeCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a JSON file through a model and print it encoded again: what ModelMapper reads from it.",
        discussion: """
            Keys the model does not map disappear (unless --keep-unknown), values are converted to \
            the attributes' types, and errors say where the document does not fit the model, as \
            file:line:column: error: message (every one with --all-errors). The objects are those \
            at --at, of --entity, as check-json and roundtrip read them.
            """
    )

    @OptionGroup var options: JSONFileOptions

    @Flag(help: "Accept only each attribute's own JSON type (no \"101\" for a number).")
    var strict = false

    @Flag(help: "Keep the keys the model does not map and write them back.")
    var keepUnknown = false

    @Flag(help: "Report every error of the document, not only the first.")
    var allErrors = false

    @Flag(help: "Sort keys in the output.")
    var sorted = false

    func validate() throws {
        guard options.files.count == 1 else { throw ValidationError("Give one JSON file to decode.") }
    }

    func execute() throws {
        var roundTrip = try options.roundTrip()
        roundTrip.decoderOptions.strictness = strict ? .strict : .lenient
        roundTrip.decoderOptions.unknownKeys = keepUnknown ? .keep : .ignore
        roundTrip.decoderOptions.collectsAllErrors = allErrors
        roundTrip.encoderOptions.outputFormatting = sorted ? [.prettyPrinted, .sortedKeys] : [.prettyPrinted]
        let file = options.files[0]
        let problems: [JSONFileProblem]
        do {
            let output = try roundTrip.output(decoding: options.read(file))
            print(output.jsonText(options: roundTrip.encoderOptions.outputFormatting))
            return
        } catch let errors as MappingErrors {
            problems = errors.errors.map { JSONFileProblem(file: file, error: $0) }
        } catch let error as MappingError {
            problems = [JSONFileProblem(file: file, error: error)]
        } catch let error as RoundTripError {
            problems = [JSONFileProblem(file: file, message: error.description)]
        }
        JSONFileProblem.report(problems, files: 1, format: options.format, checked: "decoded")
        throw ExitCode.failure
    }
}
