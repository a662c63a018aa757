import Foundation
import ModelMapper

/// What generation produced: files and diagnostics (never a crash).
public struct GenerationResult: Sendable {
    /// The files, sorted by path.
    public var files: [GeneratedFile]
    /// Warnings (renamed members, types it could not use) and errors.
    public var diagnostics: [ModelDiagnostic]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
