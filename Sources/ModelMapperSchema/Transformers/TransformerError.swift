import Foundation

/// An error thrown by a built-in transformer, with what it expected and found.
public struct TransformerError: Error, LocalizedError, CustomStringConvertible {
    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// What went wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
