import ArgumentParser
import Foundation
import ModelgenCore

struct ValidateCommand: ModelgenCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check model files and report every problem as file:line:column: error: message.",
        discussion: """
            Every version of a .xcdatamodeld bundle is checked (versions in Xcode 3's binary format \
            are reported as skipped). Diagnostics go to standard error, one per line, in the format \
            compilers use; a summary goes to standard output. The exit status is 1 when any model \
            has an error; warnings alone exit 0, unless --strict makes them errors.

            What Core Data accepts loads, with a warning where the file says something it does not \
            mean (a default of "0.0" on an integer, an unknown attribute type, …).
            """
    )

    @Argument(help: "The models: .xcdatamodeld bundles, .xcdatamodel folders or 'contents' files.", completion: .file())
    var models: [String]

    @Flag(help: "Do not print warnings and notes.")
    var quiet = false

    @Flag(help: "Treat warnings as errors, for teams that keep their model files clean.")
    var strict = false

    func validate() throws {
        guard !models.isEmpty else { throw ValidationError("Give at least one model to validate.") }
    }

    func execute() throws {
        let report = ModelValidator.validate(models.map { URL(fileURLWithPath: $0) }, options: strict ? .strict : [])
        for diagnostic in report.diagnostics where !(quiet && diagnostic.severity != .error) {
            printToStandardError(diagnostic.description)
        }
        let models = report.modelCount == 1 ? "1 model" : "\(report.modelCount) models"
        let skipped = report.skippedCount == 0 ? "" : ", \(report.skippedCount) binary version(s) skipped"
        print("\(models) checked: \(report.errorCount) error(s), \(report.warningCount) warning(s)\(skipped)")
        if report.hasErrors { throw ExitCode.failure }
    }
}
