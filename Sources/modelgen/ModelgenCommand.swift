import ArgumentParser
import Foundation
import ModelMapper

/// What every subcommand shares: errors shown the way users expect. A usage error found while
/// a subcommand runs shows that subcommand's usage; a file-system or model problem prints
/// `path: error: reason` on standard error and exits with status 1, never a Foundation dump.
protocol ModelgenCommand: ParsableCommand {
    /// The command's work; `run()` reports what it throws.
    func execute() throws
}

extension ModelgenCommand {
    func run() throws {
        do {
            try execute()
        } catch let error as ValidationError {
            // ArgumentParser would show the root command's usage for an error thrown here.
            printToStandardError("Error: \(error.message)")
            printToStandardError("Usage: modelgen \(Self.usageString())")
            printToStandardError(
                "  See 'modelgen \(Self.configuration.commandName ?? "") --help' for more information."
            )
            throw ExitCode.validationFailure
        } catch let failure as CommandFailure {
            for line in failure.lines { printToStandardError(line) }
            throw ExitCode.failure
        }
    }
}

func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Loads a model for a command; a model that does not load fails the command with its
/// located errors.
func loadModel(_ url: URL, version: String?) throws -> ObjectModel {
    do {
        return try ObjectModel(contentsOf: url, version: version)
    } catch {
        throw CommandFailure(error.diagnostics.map(\.description))
    }
}
