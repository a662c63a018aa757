import Foundation

/// The error thrown when a model file, folder or bundle cannot be loaded.
///
/// All problems of one file are collected before it is thrown, so a single run shows
/// everything that needs fixing, each with its file, line and column:
///
/// ```swift
/// do {
///     let model = try ObjectModel(contentsOf: URL(fileURLWithPath: "Models/Authors.xcdatamodeld"))
///     print(model.entities.map(\.name))
/// } catch let error as ModelLoadingError {
///     print(error)   // one compiler-style line per problem
/// }
/// ```
public struct ModelLoadingError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// Every problem found, errors and warnings, in file order.
    public var diagnostics: [ModelDiagnostic]

    /// An error made of these diagnostics (at least one an error).
    public init(diagnostics: [ModelDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// An error of one diagnostic of the catalogue (the `ModelDiagnostic+…Messages.swift` files).
    init(_ message: ModelDiagnostic.Message, at location: SourceLocation) {
        self.diagnostics = [ModelDiagnostic(message, at: location)]
    }

    /// What the loader takes, said wherever it is given something else.
    static let whatAModelIs = "expected a .xcdatamodeld bundle, a .xcdatamodel folder or a contents file"

    /// A file-system error in plain words, located at the file: `path: error: no such file or
    /// folder`, rather than Foundation's error dump. Tools that write files use it too.
    ///
    /// ```swift
    /// do { try data.write(to: url) } catch {
    ///     print(ModelLoadingError(fileSystemError: error, at: url.path))   // out/x: error: not a directory
    /// }
    /// ```
    public init(fileSystemError error: any Error, at path: String) {
        self.init(.fileSystemError(FileReading.reason(for: error)), at: SourceLocation(file: path))
    }

    /// Only the diagnostics of severity `.error`.
    public var errors: [ModelDiagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `ModelLoadingError` as text, as `print` and string interpolation show it.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
