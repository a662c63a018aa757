import Foundation
import ModelMapper

/// Checks model files, folders and bundles and returns every diagnostic, the way
/// `modelgen validate` reports them. For a `.xcdatamodeld` bundle every version is
/// checked, not only the current one.
///
/// ```swift
/// let report = ModelValidator.validate([URL(fileURLWithPath: "Models/Authors.xcdatamodeld")])
/// report.hasErrors          // false
/// report.diagnostics.forEach { print($0) }   // file:line:column: warning: …
/// ```
public enum ModelValidator {
    /// The outcome of validating some models.
    public struct Report: Sendable {
        /// Errors and warnings, grouped by file in the order the inputs were given.
        public var diagnostics: [ModelDiagnostic] = []
        /// How many model files (bundle versions count one each) were read.
        public var modelCount = 0

        /// Whether any model has an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        /// The number of errors.
        public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
        /// The number of warnings.
        public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
    }

    /// Validates every model at `urls` (bundles, folders, files).
    public static func validate(_ urls: [URL]) -> Report {
        var report = Report()
        for url in urls {
            validate(url, into: &report)
        }
        return report
    }

    private static func validate(_ url: URL, into report: inout Report) {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue, url.pathExtension == "xcdatamodeld" {
            let bundle: ModelBundle
            do {
                bundle = try ModelBundle(contentsOf: url)
            } catch {
                report.diagnostics += error.diagnostics
                return
            }
            for version in bundle.versionNames {
                load(url, version: version, into: &report)
            }
        } else {
            load(url, version: nil, into: &report)
        }
    }

    private static func load(_ url: URL, version: String?, into report: inout Report) {
        report.modelCount += 1
        do {
            let model = try ObjectModel(contentsOf: url, version: version)
            report.diagnostics += model.warnings
        } catch {
            report.diagnostics += error.diagnostics
        }
    }
}
