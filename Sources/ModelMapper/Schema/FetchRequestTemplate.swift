/// A fetch request stored in the model (`<fetchRequest>`), kept for tools; ModelMapper
/// has no store to run it against.
///
/// ```swift
/// let template = model.fetchRequestTemplatesByName["byHumanName"]
/// template?.predicateString   // "humanName == $humanName"
/// ```
public struct FetchRequestTemplate: Sendable, Hashable {
    public var name: String
    /// The entity the request fetches.
    public var entityName: String
    /// The predicate in `NSPredicate` format syntax, if any.
    public var predicateString: String?
    /// Every XML attribute of the element (`fetchLimit`, `resultType`, …) as written.
    public var xmlAttributes: [String: String]
    public var location: SourceLocation
}

/// A fetched property (`<fetchedProperty>`): a stored query, not mapped to JSON.
public struct FetchedPropertyDescription: Sendable, Hashable {
    public var name: String
    public var isOptional: Bool
    /// The entity the fetch request of the property reads.
    public var entityName: String?
    public var predicateString: String?
    public var userInfo: [String: String]
    public var location: SourceLocation
}

/// A named configuration (`<configuration>`): a subset of the model's entities.
///
/// ```swift
/// model.configurations.first?.entityNames   // ["Author", "Book"]
/// ```
public struct ModelConfiguration: Sendable, Hashable {
    public var name: String
    /// The member entities, in file order.
    public var entityNames: [String]
    /// Whether Xcode marked the configuration as used with CloudKit.
    public var usedWithCloudKit: Bool
    public var location: SourceLocation
}

/// A composite type (`<composite>`, Xcode 15+): the fields a `Composite` attribute holds.
public struct CompositeDescription: Sendable, Hashable {
    /// One field of a composite.
    public struct Element: Sendable, Hashable {
        public var name: String
        public var attributeType: AttributeType
        public var isOptional: Bool
        public var defaultValueString: String?
        /// For a field that is itself a composite, the name of its composite.
        public var compositeName: String?
    }

    public var name: String
    public var elements: [Element]
    public var location: SourceLocation
}
