import ArgumentParser
import Foundation
import ModelMapper
import ModelgenCore

struct DiffCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Report what a model change breaks: reading, writing, the generated API, migration.",
        discussion: """
            Compares an old and a new version of a model: two model files; one .xcdatamodeld \
            (its current version against the version before it, in the natural order of their \
            names); or a model at a git revision against the working tree (--old-revision). Each \
            difference is judged in each direction: read (the new model decoding documents valid \
            for the old one), write (readers of the old model reading what the new one writes), \
            source (the generated Swift API) and migration (whether Core Data's lightweight \
            migration infers it, information only). Read and write changes are errors, source \
            ones warnings, migration ones info. Each is printed as file:line:column: level: \
            [direction] rule: subject: why, with the old file's place. The exit status is 1 when \
            a change at --fail-on's level or above is found and not accepted. --accept FILE \
            lists changes accepted on purpose, each with a reason (see the article The model as \
            a contract).
            """
    )

    @Argument(
        help:
            "The old model (or the model, alone): a .xcdatamodeld bundle, a .xcdatamodel folder or a 'contents' file.",
        completion: .file()
    )
    var old: String

    @Argument(
        help: "The new model (default: the old argument's current version, or the working tree's).",
        completion: .file()
    )
    var new: String?

    @Option(help: "Read the old model at this git revision (the new one: the working tree, or --new-revision).")
    var oldRevision: String?

    @Option(help: "Read the new model at this git revision.")
    var newRevision: String?

    @Option(help: "The version of the old .xcdatamodeld bundle (default: its current one, or the one before).")
    var oldVersion: String?

    @Option(help: "The version of the new .xcdatamodeld bundle (default: its current one).")
    var newVersion: String?

    @Option(help: "The lowest level that fails the command: error or warning.")
    var failOn: FailLevel = .error

    @Option(
        name: .customLong("direction"),
        help: "Report only these directions: read, write, source, migration (repeatable)."
    )
    var directions: [ModelChange.Direction] = []

    @Option(help: "An accept file: changes accepted on purpose, each with a reason.", completion: .file())
    var accept: String?

    @Option(help: "text (file:line:column: level: message) or json.")
    var format: OutputFormat = .text

    enum FailLevel: String, ExpressibleByArgument, CaseIterable {
        case error, warning
    }

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func execute() throws {
        let pair = try ModelPair.load(self)
        let accepted = try accept.map { path in
            do {
                return try AcceptFile(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch let error as AcceptFileError {
                throw CommandFailure(path: path, message: error.description)
            } catch {
                throw CommandFailure(path: path, error)
            }
        }
        let all = try pair.new.changes(since: pair.old)
            .filter { directions.isEmpty || directions.contains($0.direction) }
        let report = DiffReport(changes: all, accepted: accepted, failsOnWarnings: failOn == .warning)
        switch format {
        case .text: print(report.text(old: pair.oldName, new: pair.newName), terminator: "")
        case .json: print(report.json(old: pair.oldName, new: pair.newName), terminator: "")
        }
        if report.fails { throw ExitCode.failure }
    }
}

extension ModelChange.Direction: ExpressibleByArgument {}
