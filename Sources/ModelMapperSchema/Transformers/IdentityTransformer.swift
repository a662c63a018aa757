import Foundation

/// Passes values through unchanged: registered under Core Data's archiving transformer names
/// (`NSSecureUnarchiveFromData`, …), which say how a store archives a value and mean nothing for
/// JSON, so models that name them map the JSON value as it is.
public final class IdentityTransformer: ValueTransformer, @unchecked Sendable {
    /// From the model to JSON, wherever the model names it.
    override public class var direction: Direction? { .modelToJSON }

    override public init() {}
}
