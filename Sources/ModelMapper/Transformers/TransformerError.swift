import Foundation

/// An error thrown by a built-in transformer, with what it expected and found.
public struct TransformerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
