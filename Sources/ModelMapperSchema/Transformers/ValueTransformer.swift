import Foundation

/// Converts attribute values between their model form and their JSON form, with the API of
/// Foundation's `NSValueTransformer` (which Foundation does not have on Linux), so transformers
/// written for Apple platforms port unchanged.
///
/// `transformedValue(_:)` goes model -> JSON (encoding), `reverseTransformedValue(_:)` JSON ->
/// model (decoding), for a transformer named in the attribute's own *Value Transformer* field,
/// as Core Data and Modelmatic use it. One named in userInfo (`JSONTransformerName`,
/// `sync.valueTransformer`) goes the other way, as Groot and Sync call it, so that their
/// transformers work unchanged (see ``Direction``). JSON values are handed over as Foundation objects (`String`, `Int`,
/// `Double`, `Bool`, `[Any]`, `[String: Any]`, `NSNull`). Unlike Foundation's, both may throw;
/// a thrown error reaches the caller inside a `MappingError` that says where. Returning nil for
/// a value that is not nil is taken as a refusal and reported the same way.
///
/// ```swift
/// final class UppercaseTransformer: ValueTransformer {
///     override func transformedValue(_ value: Any?) -> Any? { (value as? String)?.uppercased() }
///     override func reverseTransformedValue(_ value: Any?) -> Any? { (value as? String)?.lowercased() }
/// }
/// ValueTransformer.setValueTransformer(UppercaseTransformer(), forName: "Uppercase")
/// ```
///
/// Transformers are shared by every thread that decodes or encodes, so they must not keep
/// mutable state (or must guard it themselves).
open class ValueTransformer: @unchecked Sendable {
    /// A transformer's registered name; a string literal will do.
    public struct Name: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name as registered.
        public let rawValue: String
        /// The name `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A name from a string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A name written as a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// This `Name` as text, as `print` and string interpolation show it.
        public var description: String { rawValue }
    }

    /// A transformer; subclasses override the transformations.
    public init() {}

    /// The class of the values `transformedValue(_:)` returns (informational, as in Foundation).
    open class func transformedValueClass() -> AnyClass { NSObject.self }

    /// Whether `reverseTransformedValue(_:)` is available; decoding through a transformer
    /// that says no is an error.
    open class func allowsReverseTransformation() -> Bool { true }
    /// Which way this transformer's forward transformation goes, when the transformer says;
    /// nil (the default) leaves it to where the model names it (see ``Direction``). The
    /// built-in transformers say `.modelToJSON`, so they work under any name.
    open class var direction: Direction? { nil }

    /// Model value -> JSON value. The default returns the value unchanged.
    ///
    /// - Throws: What a subclass throws for a value it cannot transform (``TransformerError`` by
    ///   convention); the mapping reports it as `MappingError/transformerFailed(_:)`.
    open func transformedValue(_ value: Any?) throws -> Any? { value }

    /// JSON value -> model value. The default, like Foundation's, applies `transformedValue(_:)`
    /// when reverse transformation is allowed.
    ///
    /// - Throws: What a subclass throws for a value it cannot transform back (``TransformerError``
    ///   by convention); the mapping reports it as `MappingError/transformerFailed(_:)`.
    open func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard Self.allowsReverseTransformation() else { return nil }
        return try transformedValue(value)
    }

    // MARK: Registry

    private static let registry = TransformerRegistry()

    /// Registers `transformer` under `name`, replacing any other; nil removes the name.
    /// Thread-safe.
    public class func setValueTransformer(_ transformer: ValueTransformer?, forName name: Name) {
        registry.set(transformer, forName: name)
    }

    /// Registers `transformer` under `name` unless a transformer is registered under it
    /// already, in one step under the registry's lock: what generated code registers gives way
    /// to what the app registered first. Thread-safe.
    ///
    /// - Returns: whether `transformer` was registered.
    @discardableResult
    public class func setValueTransformerIfAbsent(_ transformer: ValueTransformer, forName name: Name) -> Bool {
        registry.setIfAbsent(transformer, forName: name)
    }

    /// The names of the transformers built in, registered before any code runs (`ISO8601Date`,
    /// `YearMonthDayDate`, `StringArray`, …), whatever was registered since.
    public static var builtInNames: Set<Name> { BuiltInTransformers.names }

    /// The transformer registered under `name`, or nil.
    public class func valueTransformer(forName name: Name) -> ValueTransformer? {
        registry.transformer(forName: name)
    }

    /// Every registered name, sorted.
    public class func valueTransformerNames() -> [Name] {
        registry.names()
    }
}

/// The named transformers, behind a lock; starts with the built-in ones.
private final class TransformerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var transformers: [ValueTransformer.Name: ValueTransformer] = BuiltInTransformers.all

    func set(_ transformer: ValueTransformer?, forName name: ValueTransformer.Name) {
        lock.lock()
        defer { lock.unlock() }
        transformers[name] = transformer
    }

    func setIfAbsent(_ transformer: ValueTransformer, forName name: ValueTransformer.Name) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard transformers[name] == nil else { return false }
        transformers[name] = transformer
        return true
    }

    func transformer(forName name: ValueTransformer.Name) -> ValueTransformer? {
        lock.lock()
        defer { lock.unlock() }
        return transformers[name]
    }

    func names() -> [ValueTransformer.Name] {
        lock.lock()
        defer { lock.unlock() }
        return transformers.keys.sorted { $0.rawValue < $1.rawValue }
    }
}
