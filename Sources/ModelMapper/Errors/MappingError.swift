/// An error while mapping JSON to objects or objects to JSON, saying where and what.
///
/// The description reads like a compiler's message:
///
/// ```text
/// $.authors[3].books[1].year: Book.year: expected Integer 16 (-32768...32767), found 70000
/// ```
///
/// Match a kind of error by its ``code``, or with a pattern in a `catch` clause:
///
/// ```swift
/// do {
///     try author.add(modelObject: book, forKey: "novels")
/// } catch MappingError.unknownRelationship("novels") {
///     print("Author has no relationship 'novels'")
/// }
/// ```
public struct MappingError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Hashable {
        /// The data is not valid JSON.
        case invalidJSON
        /// The JSON value has the wrong type for the property (a string for an integer, …).
        case typeMismatch
        /// A number does not fit the attribute's type (70000 for an `Integer 16`).
        case valueOutOfRange
        /// A string could not be read as the attribute's type (a date, UUID, URL, base64, …).
        case invalidValue
        /// A non-optional attribute has no value in the JSON and no default.
        case missingValue
        /// A non-optional attribute is `null` in the JSON.
        case nullValue
        /// The entity has no property of this name.
        case unknownKey(String)
        /// The entity has no relationship of this name.
        case unknownRelationship(String)
        /// The model has no entity of this name (or none for a class).
        case unknownEntity(String)
        /// An attribute names a value transformer that is not registered.
        case unregisteredTransformer(String)
        /// A value transformer failed or refused the value.
        case transformerFailed(String)
        /// An object of an abstract entity was to be created.
        case abstractEntity(String)
        /// An object of the wrong entity was given to a relationship or a class.
        case wrongEntity
        /// A value cannot be written as JSON (not finite, not a JSON type, …).
        case notRepresentable
    }

    /// What went wrong; match it to handle a kind of error.
    public var code: Code
    /// Where in the JSON document; `$` for the document itself.
    public var path: JSONPath
    /// The entity being mapped, if any.
    public var entityName: String?
    /// The property being mapped, if any.
    public var propertyName: String?
    /// What was expected (`Integer 16`, `an object`, …).
    public var expected: String?
    /// What was found, briefly (`"abc"`, `an array`, …).
    public var found: String?
    /// More detail, if any.
    public var detail: String?
    /// The error that caused this one (a transformer's, a JSON parser's), if any.
    public var underlyingError: (any Error)?

    /// An error with its context; callers mostly leave what they do not know nil.
    public init(
        _ code: Code, path: JSONPath = .root, entityName: String? = nil, propertyName: String? = nil,
        expected: String? = nil, found: String? = nil, detail: String? = nil, underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.path = path
        self.entityName = entityName
        self.propertyName = propertyName
        self.expected = expected
        self.found = found
        self.detail = detail
        self.underlyingError = underlyingError
    }

    /// An error for a relationship name the entity does not have.
    public static func unknownRelationship(_ name: String) -> MappingError { MappingError(.unknownRelationship(name)) }
    /// An error for a property name the entity does not have.
    public static func unknownKey(_ name: String) -> MappingError { MappingError(.unknownKey(name)) }
    /// An error for a transformer name that is not registered.
    public static func unregisteredTransformer(_ name: String) -> MappingError { MappingError(.unregisteredTransformer(name)) }

    /// Lets `catch MappingError.unknownRelationship("x")` match any error with that code.
    public static func ~= (pattern: MappingError, error: any Error) -> Bool {
        (error as? MappingError)?.code == pattern.code
    }

    public var description: String {
        var text = path.description + ": "
        if let entityName {
            text += (propertyName.map { "\(entityName).\($0)" } ?? entityName) + ": "
        }
        text += summary
        if let detail { text += ": " + detail }
        if let underlyingError { text += " (\(underlyingError))" }
        return text
    }

    private var summary: String {
        switch code {
        case .invalidJSON: return "the data is not valid JSON"
        case .typeMismatch, .valueOutOfRange, .invalidValue:
            return "expected \(expectation), found \(found ?? "something else")"
        case .missingValue: return "a value\(expected.map { " (\($0))" } ?? "") is required, but the JSON has none and the model gives no default"
        case .nullValue: return "a value\(expected.map { " (\($0))" } ?? "") is required, found null"
        case .unknownKey(let name): return "no property named '\(name)'"
        case .unknownRelationship(let name): return "no relationship named '\(name)'"
        case .unknownEntity(let name): return "no entity named '\(name)' in the model"
        case .unregisteredTransformer(let name): return "no value transformer is registered under the name '\(name)'"
        case .transformerFailed(let name): return "value transformer '\(name)' could not convert \(found ?? "the value")"
        case .abstractEntity(let name): return "entity '\(name)' is abstract and has no instances; the JSON must say which subentity it is"
        case .wrongEntity: return "expected \(expected ?? "another entity"), found \(found ?? "another entity")"
        case .notRepresentable: return "\(found ?? "the value") cannot be written as JSON" + (expected.map { " (expected \($0))" } ?? "")
        }
    }

    private var expectation: String {
        guard let expected else { return "another value" }
        return expected
    }
}

/// Every error of a document, thrown when ``ModelDecoder/Options/collectsAllErrors`` is on.
///
/// ```swift
/// do {
///     _ = try decoder.decode([Author].self, from: data)
/// } catch let errors as MappingErrors {
///     errors.errors.forEach { print($0) }
/// }
/// ```
public struct MappingErrors: Error, CustomStringConvertible {
    /// Every error, in document order.
    public var errors: [MappingError]

    /// The errors of one document.
    public init(_ errors: [MappingError]) {
        self.errors = errors
    }

    public var description: String {
        "\(errors.count) mapping error\(errors.count == 1 ? "" : "s"):\n" + errors.map { "  " + $0.description }.joined(separator: "\n")
    }
}
