/// A fetch request stored in the model (`<fetchRequest>`); `ObjectModel.fetchRequest(named:substitutionVariables:)`
/// makes it a request to run against objects in memory.
///
/// ```swift
/// let template = model.fetchRequestTemplatesByName["byHumanName"]
/// template?.predicateString   // "humanName == $humanName"
/// ```
public struct FetchRequestTemplate: Sendable, Hashable {
    /// The request's name.
    public var name: String
    /// The entity the request fetches.
    public var entityName: String
    /// The predicate in `NSPredicate` format syntax, if any.
    public var predicateString: String?
    /// The predicate, parsed; nil when there is none or it does not parse (the model's load
    /// checked it and warned where). Parsed on each read rather than kept: a syntax tree held
    /// as long as the model would, under LeakSanitizer, be reported as leaked at exit (Swift
    /// keeps enum case tags in the spare bits of the pointers, which the sanitizer's scan then
    /// does not recognise).
    public var predicate: ModelPredicate? {
        guard let predicateString, !predicateString.isEmpty else { return nil }
        return try? ModelPredicate(format: predicateString)
    }
    /// Every XML attribute of the element (`fetchLimit`, `resultType`, …) as written.
    public var xmlAttributes: [String: String]
    /// Where the request is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}

/// A fetched property (`<fetchedProperty>`): a stored query, not mapped to JSON.
public struct FetchedPropertyDescription: Sendable, Hashable {
    /// The property's name.
    public var name: String
    /// Whether it is optional (`optional="YES"`).
    public var isOptional: Bool
    /// The entity the fetch request of the property reads.
    public var entityName: String?
    /// The predicate of its fetch request, as written.
    public var predicateString: String?
    /// The predicate, parsed; nil when there is none or it does not parse (the model's load
    /// checked it and warned where). Parsed on each read rather than kept: a syntax tree held
    /// as long as the model would, under LeakSanitizer, be reported as leaked at exit (Swift
    /// keeps enum case tags in the spare bits of the pointers, which the sanitizer's scan then
    /// does not recognise).
    public var predicate: ModelPredicate? {
        guard let predicateString, !predicateString.isEmpty else { return nil }
        return try? ModelPredicate(format: predicateString)
    }
    /// Its user info, as written.
    public var userInfo: [String: String]
    /// Where it is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}

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

/// A composite type (`<composite>`, Xcode 15+): the fields a `Composite` attribute holds.
public struct CompositeDescription: Sendable, Hashable {
    /// One field of a composite.
    public struct Element: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's type.
        public var attributeType: AttributeType
        /// Whether the field may have no value.
        public var isOptional: Bool
        /// The field's default, as written.
        public var defaultValueString: String?
        /// For a field that is itself a composite, the name of its composite.
        public var compositeName: String?
    }

    /// The composite's name, as attributes name it in `composite`.
    public var name: String
    /// Its fields, in file order.
    public var elements: [Element]
    /// Where the composite is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}
