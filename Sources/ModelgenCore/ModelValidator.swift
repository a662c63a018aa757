import Foundation
import ModelMapper

/// Checks model files, folders and bundles and returns every diagnostic, the way
/// `modelgen validate` reports them. For a `.xcdatamodeld` bundle every XML version is
/// checked, not only the current one; versions in Xcode 3's binary format are reported as
/// skipped (a note), and a `.xccurrentversion` naming one is an error.
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
        /// How many bundle versions were skipped (Xcode 3's binary format).
        public var skippedCount = 0
    }

    /// Validates every model at `urls` (bundles, folders, files); `options` `.strict` makes
    /// every warning an error.
    public static func validate(_ urls: [URL], options: ObjectModel.LoadingOptions = []) -> Report {
        var report = Report()
        for url in urls {
            validate(url, options: options, into: &report)
        }
        return report
    }

    private static func validate(_ url: URL, options: ObjectModel.LoadingOptions, into report: inout Report) {
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
                if bundle.binaryVersionNames.contains(version) {
                    report.skippedCount += 1
                    report.diagnostics.append(
                        ModelDiagnostic(
                            .note,
                            "skipped version '\(version)': it is in Xcode 3's binary format, which only Xcode reads",
                            code: "MM117",
                            at: SourceLocation(file: url.appendingPathComponent(version + ".xcdatamodel").relativePath)
                        )
                    )
                } else {
                    load(url, version: version, options: options, into: &report)
                }
            }
            // The current version must be one that loads, and be marked.
            do {
                _ = try bundle.url(forVersion: nil)
            } catch {
                report.diagnostics += error.diagnostics
            }
            if let diagnostic = bundle.fallbackDiagnostic(severity: options.contains(.strict) ? .error : .warning) {
                report.diagnostics.append(diagnostic)
            }
        } else {
            load(url, version: nil, options: options, into: &report)
        }
    }

    private static func load(
        _ url: URL,
        version: String?,
        options: ObjectModel.LoadingOptions,
        into report: inout Report
    ) {
        report.modelCount += 1
        do {
            let model = try ObjectModel(contentsOf: url, version: version, options: options)
            report.diagnostics += model.warnings
            let severity: ModelDiagnostic.Severity = options.contains(.strict) ? .error : .warning
            for entity in model.entities {
                let className = SwiftNaming.sanitized(ShadowedTypeNames.className(of: entity))
                if let shadows = ShadowedTypeNames.diagnostic(for: entity, className: className, severity: severity) {
                    report.diagnostics.append(shadows)
                }
            }
        } catch {
            report.diagnostics += error.diagnostics
        }
    }
}
