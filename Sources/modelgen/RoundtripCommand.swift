import ArgumentParser
import Foundation
import ModelMapper
import ModelMapperTestingCore

/// `modelgen roundtrip`: decodes JSON files through a model, encodes them back and reports
/// what the round trip changes, by path.
struct RoundtripCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "Decode JSON files through a model, encode them back, and report what did not survive.",
        discussion: """
            Reports the decoding errors as check-json does, then, for each file that decodes, \
            every place where the JSON written back differs from the file, decoded and encoded as \
            an app does by default (the model's conventions, the coders' default options): a value \
            or its spelling changed, a key dropped or added, a member absent turned into null or \
            back: file: error: round trip: $.path: expected …, found …. Key order, whitespace and \
            string escapes are not differences. --keep-source-spellings decodes keeping unknown \
            keys and the source's spellings, as an app that sets unknownKeys = .keep does. \
            --normalize relaxes the comparison: numbers (by value), absent-null, or all. The exit \
            status is 1 when a file has a problem.
            """
    )

    @OptionGroup var options: JSONFileOptions

    @Option(help: "Comparison rules to relax, comma-separated: numbers, absent-null, all.")
    var normalize: String?

    @Flag(help: "Decode keeping unknown keys and the source's spellings (unknownKeys = .keep), as such an app does.")
    var keepSourceSpellings = false

    func execute() throws {
        var normalizations: JSONComparison.Normalizations = []
        for name in (normalize ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            switch name {
            case "numbers": normalizations.insert(.numbersByValue)
            case "absent-null": normalizations.insert(.absentEqualsNull)
            case "all": normalizations.formUnion(.all)
            default:
                throw ValidationError("Unknown normalization '\(name)': use numbers, absent-null or all.")
            }
        }
        var roundTrip = try options.roundTrip(normalizations: normalizations)
        roundTrip.keepsSourceSpellings = keepSourceSpellings
        var problems: [JSONFileProblem] = []
        for file in options.files {
            let data = try options.read(file)
            do {
                let errors = try roundTrip.decodingErrors(in: data)
                guard errors.isEmpty else {
                    problems += errors.map { JSONFileProblem(file: file, error: $0) }
                    continue
                }
                problems += try roundTrip.differences(decoding: data)
                    .map {
                        var problem = JSONFileProblem(file: file, difference: $0)
                        (problem.line, problem.column) = JSONReader.position(of: $0.path, in: data) ?? (nil, nil)
                        return problem
                    }
            } catch let error as RoundTripError {
                problems.append(JSONFileProblem(file: file, message: error.description))
            } catch let error as MappingError {
                problems.append(JSONFileProblem(file: file, error: error))
            }
        }
        JSONFileProblem.report(problems, files: options.files.count, format: options.format, checked: "round-tripped")
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
