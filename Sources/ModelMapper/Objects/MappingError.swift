import Foundation

/// An error while mapping JSON to objects or objects to JSON, saying where and what.
///
/// Each case carries one ``Context``: where in the JSON (`path`), which entity and property,
/// what was expected and what was found. The description reads like a compiler's message:
///
/// ```text
/// $.authors[3].books[1].year: Book.year: expected Integer 16 (-32768...32767), found 70000
/// ```
///
/// Catch a kind of error by its case, binding its context, or matching the name it is about
/// with a literal, the way code written for Modelmatic does:
///
/// ```swift
/// do {
///     try author.add(modelObject: books, forKey: "novels")
/// } catch MappingError.unknownRelationship(let name) {
///     print("Unknown relationship \(name)")   // Unknown relationship novels
/// } catch MappingError.typeMismatch(let context) {
///     print(context.path, context.expected ?? "")
/// }
///
/// do {
///     try author.add(modelObject: book, forKey: "novels")
/// } catch MappingError.unknownRelationship("novels") {
///     // matched by name
/// }
/// ```
///
/// New kinds of error may be added in later versions without breaking your code: the enum is
/// `@nonexhaustive` (SE-0487), so a `switch` over it needs an `@unknown default` case.
@nonexhaustive
public enum MappingError: Error, LocalizedError, CustomStringConvertible {
    /// The data is not valid JSON.
    case invalidJSON(Context)
    /// The JSON value has the wrong type for the property (a string for an integer, …).
    case typeMismatch(Context)
    /// A number does not fit the attribute's type (70000 for an `Integer 16`).
    case valueOutOfRange(Context)
    /// A string could not be read as the attribute's type (a date, UUID, URL, base64, …).
    case invalidValue(Context)
    /// A value the model requires is missing: a non-optional attribute with no value in the
    /// JSON and no default, or a non-optional to-one relationship the JSON does not give (and
    /// the object is not nested in its inverse).
    case missingValue(Context)
    /// A non-optional attribute or to-one relationship is `null` in the JSON.
    case nullValue(Context)
    /// The entity has no property of this name (the context's ``Context/name``).
    case unknownKey(Context)
    /// The entity has no relationship of this name (the context's ``Context/name``).
    case unknownRelationship(Context)
    /// The model has no entity of this name, or none for a class or a JSON type value.
    case unknownEntity(Context)
    /// An attribute names a value transformer that is not registered (named by the context).
    case unregisteredTransformer(Context)
    /// A value transformer (named by the context) failed or refused the value.
    case transformerFailed(Context)
    /// An object of an abstract entity (named by the context) was to be created.
    case abstractEntity(Context)
    /// An object of the wrong entity was given to a relationship or a class.
    case wrongEntity(Context)
    /// A value cannot be written as JSON (not finite, not a JSON type, …), or a document goes
    /// past a limit of the decoder's, named by the context (`ModelDecoder.Options.maximumElementCount`, …).
    case notRepresentable(Context)
    /// One document gives one object (one identity) two different values for a property:
    /// an error under ``ModelDecoder/Options/ConflictingValues/error``, else a warning in the
    /// results that carry warnings.
    case conflictingValues(Context)

    /// Where and what: the JSON path, entity, property, what was expected and found, and
    /// the name the error is about (a key, relationship, entity or transformer).
    ///
    /// A context prints as its name, and a pattern matches it by name, so
    /// `catch MappingError.unknownRelationship("novels")` matches wherever the error is and
    /// `"\(name)"` reads `novels`. `==` compares everything a context says (two errors at
    /// different paths are different errors). Every field stays reachable:
    ///
    /// ```swift
    /// } catch MappingError.valueOutOfRange(let context) {
    ///     print(context.path, context.propertyName ?? "", context.found ?? "")
    /// }
    /// ```
    public struct Context: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The key, relationship, entity or transformer the error is about; empty when none.
        public var name: String
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
        /// For a syntax error, the 1-based line and column (in Unicode scalars) in the JSON text.
        public var line: Int?
        /// See ``line``.
        public var column: Int?

        /// A context; callers mostly leave what they do not know nil.
        public init(
            name: String = "",
            path: JSONPath = .root,
            entityName: String? = nil,
            propertyName: String? = nil,
            expected: String? = nil,
            found: String? = nil,
            detail: String? = nil,
            underlyingError: (any Error)? = nil
        ) {
            self.name = name
            self.path = path
            self.entityName = entityName
            self.propertyName = propertyName
            self.expected = expected
            self.found = found
            self.detail = detail
            self.underlyingError = underlyingError
        }

        /// A context naming `value`: what `catch MappingError.unknownKey("title")` compares with.
        public init(stringLiteral value: String) {
            self.init(name: value)
        }

        /// Contexts are equal when everything they say is: the name, path, entity, property,
        /// what was expected and found, the detail, line and column, and the underlying
        /// errors (compared by their descriptions, since errors are not `Equatable`).
        ///
        /// To match an error by the name it is about, use a pattern (``~=(_:_:)``) or the
        /// error's ``MappingError/code``.
        public static func == (lhs: Context, rhs: Context) -> Bool {
            lhs.name == rhs.name && lhs.path == rhs.path && lhs.entityName == rhs.entityName
                && lhs.propertyName == rhs.propertyName && lhs.expected == rhs.expected && lhs.found == rhs.found
                && lhs.detail == rhs.detail && lhs.line == rhs.line && lhs.column == rhs.column
                && lhs.underlyingError.map { String(reflecting: $0) }
                    == rhs.underlyingError.map { String(reflecting: $0) }
        }

        /// Whether `value` is about what `pattern` names: how
        /// `catch MappingError.unknownKey("title")` matches an error by its name alone,
        /// wherever it is.
        ///
        /// For example:
        ///
        /// ```swift
        /// do {
        ///     _ = try ModelDecoder(model: model, options: options).decodeObject(of: book, from: data)
        /// } catch MappingError.unknownKey("totl") {
        ///     print("the document has a key 'totl' the model does not read")
        /// }
        /// ```
        public static func ~= (pattern: Context, value: Context) -> Bool {
            pattern.name == value.name
        }

        /// The name the error is about.
        public var description: String { name }
    }

    /// The kind of an error without its context, for comparing and switching.
    public enum Code: Sendable, Hashable {
        /// See ``MappingError/invalidJSON(_:)``, ``MappingError/typeMismatch(_:)`` and so on: one
        /// code for each case of the error.
        case invalidJSON, typeMismatch, valueOutOfRange, invalidValue, missingValue, nullValue
        /// The codes of the cases about a name, with that name.
        case unknownKey(String)
        /// See ``MappingError/unknownRelationship(_:)``, with the relationship's name.
        case unknownRelationship(String)
        /// See ``MappingError/unknownEntity(_:)``, with the entity's name.
        case unknownEntity(String)
        /// The codes of the cases about a transformer or an entity, with its name.
        case unregisteredTransformer(String)
        /// See ``MappingError/transformerFailed(_:)``, with the transformer's name.
        case transformerFailed(String)
        /// See ``MappingError/abstractEntity(_:)``, with the entity's name.
        case abstractEntity(String)
        /// See ``MappingError/wrongEntity(_:)``, ``MappingError/notRepresentable(_:)`` and
        /// ``MappingError/conflictingValues(_:)``.
        case wrongEntity, notRepresentable, conflictingValues
    }

    /// An error of kind `code` with its context; callers mostly leave what they do not know nil.
    /// The name in codes such as `.unknownKey("title")` becomes the context's ``Context/name``.
    public init(
        _ code: Code,
        path: JSONPath = .root,
        entityName: String? = nil,
        propertyName: String? = nil,
        expected: String? = nil,
        found: String? = nil,
        detail: String? = nil,
        underlyingError: (any Error)? = nil
    ) {
        var context = Context(
            path: path,
            entityName: entityName,
            propertyName: propertyName,
            expected: expected,
            found: found,
            detail: detail,
            underlyingError: underlyingError
        )
        switch code {
        case .invalidJSON: self = .invalidJSON(context)
        case .typeMismatch: self = .typeMismatch(context)
        case .valueOutOfRange: self = .valueOutOfRange(context)
        case .invalidValue: self = .invalidValue(context)
        case .missingValue: self = .missingValue(context)
        case .nullValue: self = .nullValue(context)
        case .wrongEntity: self = .wrongEntity(context)
        case .notRepresentable: self = .notRepresentable(context)
        case .conflictingValues: self = .conflictingValues(context)
        case .unknownKey(let name):
            context.name = name
            self = .unknownKey(context)
        case .unknownRelationship(let name):
            context.name = name
            self = .unknownRelationship(context)
        case .unknownEntity(let name):
            context.name = name
            self = .unknownEntity(context)
        case .unregisteredTransformer(let name):
            context.name = name
            self = .unregisteredTransformer(context)
        case .transformerFailed(let name):
            context.name = name
            self = .transformerFailed(context)
        case .abstractEntity(let name):
            context.name = name
            self = .abstractEntity(context)
        }
    }

    /// The kind of the error, with the name it is about.
    public var code: Code {
        switch self {
        case .invalidJSON: .invalidJSON
        case .typeMismatch: .typeMismatch
        case .valueOutOfRange: .valueOutOfRange
        case .invalidValue: .invalidValue
        case .missingValue: .missingValue
        case .nullValue: .nullValue
        case .wrongEntity: .wrongEntity
        case .notRepresentable: .notRepresentable
        case .conflictingValues: .conflictingValues
        case .unknownKey(let context): .unknownKey(context.name)
        case .unknownRelationship(let context): .unknownRelationship(context.name)
        case .unknownEntity(let context): .unknownEntity(context.name)
        case .unregisteredTransformer(let context): .unregisteredTransformer(context.name)
        case .transformerFailed(let context): .transformerFailed(context.name)
        case .abstractEntity(let context): .abstractEntity(context.name)
        }
    }

    /// The error's context: where, what was expected and found.
    public var context: Context {
        get {
            switch self {
            case .invalidJSON(let context), .typeMismatch(let context), .valueOutOfRange(let context),
                .invalidValue(let context), .missingValue(let context), .nullValue(let context),
                .unknownKey(let context), .unknownRelationship(let context), .unknownEntity(let context),
                .unregisteredTransformer(let context), .transformerFailed(let context),
                .abstractEntity(let context), .wrongEntity(let context), .notRepresentable(let context),
                .conflictingValues(let context):
                context
            }
        }
        set {
            switch self {
            case .invalidJSON: self = .invalidJSON(newValue)
            case .typeMismatch: self = .typeMismatch(newValue)
            case .valueOutOfRange: self = .valueOutOfRange(newValue)
            case .invalidValue: self = .invalidValue(newValue)
            case .missingValue: self = .missingValue(newValue)
            case .nullValue: self = .nullValue(newValue)
            case .unknownKey: self = .unknownKey(newValue)
            case .unknownRelationship: self = .unknownRelationship(newValue)
            case .unknownEntity: self = .unknownEntity(newValue)
            case .unregisteredTransformer: self = .unregisteredTransformer(newValue)
            case .transformerFailed: self = .transformerFailed(newValue)
            case .abstractEntity: self = .abstractEntity(newValue)
            case .wrongEntity: self = .wrongEntity(newValue)
            case .notRepresentable: self = .notRepresentable(newValue)
            case .conflictingValues: self = .conflictingValues(newValue)
            }
        }
    }

    /// Where in the JSON document; `$` for the document itself.
    public var path: JSONPath {
        get { context.path }
        set { context.path = newValue }
    }

    /// The entity being mapped, if any.
    public var entityName: String? {
        get { context.entityName }
        set { context.entityName = newValue }
    }

    /// The property being mapped, if any.
    public var propertyName: String? {
        get { context.propertyName }
        set { context.propertyName = newValue }
    }

    /// What was expected, if said.
    public var expected: String? { context.expected }
    /// What was found, if said.
    public var found: String? { context.found }
    /// More detail, if any.
    public var detail: String? { context.detail }
    /// The error that caused this one, if any.
    public var underlyingError: (any Error)? { context.underlyingError }

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `MappingError` as text, as `print` and string interpolation show it.
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
        let context = context
        switch self {
        case .invalidJSON: return "the data is not valid JSON"
        case .typeMismatch, .valueOutOfRange, .invalidValue:
            return "expected \(context.expected ?? "another value"), found \(context.found ?? "something else")"
        case .missingValue:
            return
                "a value\(context.expected.map { " (\($0))" } ?? "") is required, but "
                + (context.found ?? "the JSON has none and the model gives no default")
        case .nullValue: return "a value\(context.expected.map { " (\($0))" } ?? "") is required, found null"
        case .unknownKey: return "no property named '\(context.name)'"
        case .unknownRelationship: return "no relationship named '\(context.name)'"
        case .unknownEntity: return "no entity named '\(context.name)' in the model"
        case .unregisteredTransformer: return "no value transformer is registered under the name '\(context.name)'"
        case .transformerFailed:
            return "value transformer '\(context.name)' could not convert \(context.found ?? "the value")"
        case .abstractEntity:
            return "entity '\(context.name)' is abstract and has no instances; the JSON must say which subentity it is"
        case .wrongEntity:
            return "expected \(context.expected ?? "another entity"), found \(context.found ?? "another entity")"
        case .notRepresentable where context.name.hasPrefix("ModelDecoder.Options."):
            // A limit of reading (see MappingError+JSONError.swift): nothing is being written.
            return "\(context.found ?? "the document"), more than the decoder reads"
        case .notRepresentable:
            return "\(context.found ?? "the value") cannot be written as JSON"
                + (context.expected.map { " (expected \($0))" } ?? "")
        case .conflictingValues:
            return "found \(context.found ?? "a value") here, where an earlier record of the same object (same "
                + "identity) gave \(context.expected ?? "another")"
        }
    }
}
