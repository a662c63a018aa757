import ArgumentParser
import Foundation
import ModelgenCore

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check model files and report every problem as file:line:column: error: message.",
        discussion: """
            Every version of a .xcdatamodeld bundle is checked. Diagnostics go to stdout, one per \
            line, in the format compilers use; a summary goes to stderr. The exit status is 1 when \
            any model has an error (warnings alone exit 0).
            """
    )

    @Argument(help: "The models: .xcdatamodeld bundles, .xcdatamodel folders or 'contents' files.", completion: .file())
    var models: [String]

    @Flag(help: "Do not print warnings.")
    var quiet = false

    func validate() throws {
        guard !models.isEmpty else { throw ValidationError("Give at least one model to validate.") }
    }

    func run() throws {
        let report = ModelValidator.validate(models.map { URL(fileURLWithPath: $0) })
        for diagnostic in report.diagnostics where !(quiet && diagnostic.severity == .warning) {
            print(diagnostic)
        }
        let models = report.modelCount == 1 ? "1 model" : "\(report.modelCount) models"
        printToStandardError("\(models) checked: \(report.errorCount) error(s), \(report.warningCount) warning(s)")
        if report.hasErrors { throw ExitCode.failure }
    }
}
