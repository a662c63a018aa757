/// A named configuration (`<configuration>`): a subset of the model's entities.
///
/// ```swift
/// model.configurations.first?.entityNames   // ["Author", "Book"]
/// ```
public struct ModelConfiguration: Sendable, Hashable {
    /// The configuration's name.
    public var name: String
    /// The member entities, in file order.
    public var entityNames: [String]
    /// Whether Xcode marked the configuration as used with CloudKit.
    public var usedWithCloudKit: Bool
    /// Where the configuration is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}
