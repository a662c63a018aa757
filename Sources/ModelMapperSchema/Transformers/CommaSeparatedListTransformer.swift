import Foundation

/// Converts a list of strings to and from one comma-separated string: `"a,b,c"` <-> `["a", "b", "c"]`.
/// Spaces around items are trimmed on reading; an empty string is an empty list. A JSON array of
/// strings is accepted too.
public final class CommaSeparatedListTransformer: ValueTransformer, @unchecked Sendable {
    /// From the model to JSON, wherever the model names it.
    override public class var direction: Direction? { .modelToJSON }

    override public init() {}

    /// `[String]` -> one comma-separated `String`.
    ///
    /// - Throws: ``TransformerError`` when `value` is not an array of strings.
    override public func transformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        guard let list = value as? [String] else {
            throw TransformerError("expected [String], found a value of type \(type(of: value))")
        }
        return list.joined(separator: ",")
    }

    /// A comma-separated `String` (or a JSON array of strings) -> `[String]`.
    ///
    /// - Throws: ``TransformerError`` when `value` is neither (or the array holds a value that is
    ///   not a string).
    override public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        if let list = value as? [Any] {
            return try list.map { element -> String in
                guard let string = element as? String else {
                    throw TransformerError("expected strings in the list, found a value of type \(type(of: element))")
                }
                return string
            }
        }
        guard let text = value as? String else {
            throw TransformerError("expected a comma-separated string, found a value of type \(type(of: value))")
        }
        guard !text.isEmpty else { return [String]() }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
    }
}
