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
    /// The attributes of the `<fetchedProperty>` element, as written (the writer gives back
    /// those ModelMapper does not read too).
    var xmlAttributes: XMLAttributes
    /// The attributes of its `<fetchRequest>` element, as written; nil when it has none.
    var requestXMLAttributes: XMLAttributes?
    /// Whether the file had a `<userInfo>` element, even an empty one.
    var hasUserInfoElement: Bool
    /// Where it is declared.
    public var location: SourceLocation { position.location }
    var position: SourcePosition
}
