import Foundation

/// Every error of a document, thrown when ``ModelDecoder/Options/collectsAllErrors`` is on.
///
/// ```swift
/// do {
///     _ = try decoder.decode([Author].self, from: data)
/// } catch let errors as MappingErrors {
///     errors.errors.forEach { print($0) }
/// }
/// ```
public struct MappingErrors: Error, LocalizedError, CustomStringConvertible {
    /// Every error, in document order.
    public var errors: [MappingError]

    /// The errors of one document.
    public init(_ errors: [MappingError]) {
        self.errors = errors
    }

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `MappingErrors` as text, as `print` and string interpolation show it.
    public var description: String {
        "\(errors.count) mapping error\(errors.count == 1 ? "" : "s"):\n"
            + errors.map { "  " + $0.description }.joined(separator: "\n")
    }
}
