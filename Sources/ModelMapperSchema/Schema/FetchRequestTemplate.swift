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
