import Foundation

/// Converts dates to and from JSON in a ``DateFormat``.
///
/// ```swift
/// ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
/// ```
public final class DateTransformer: ValueTransformer, @unchecked Sendable {
    /// How the transformer writes and reads dates.
    public let format: DateFormat

    /// A transformer for dates in `format`.
    public init(format: DateFormat = .iso8601) {
        self.format = format
    }

    override public class func transformedValueClass() -> AnyClass { NSDate.self }

    /// `Date` -> `String` (or a number, for the numeric formats).
    ///
    /// - Throws: ``TransformerError`` when `value` is not a `Date`.
    override public func transformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        guard let date = value as? Date else {
            throw TransformerError("expected a Date, found a value of type \(type(of: value))")
        }
        return format.jsonValue(for: date).foundationObject
    }

    /// `String` (or a number) -> `Date`.
    ///
    /// - Throws: ``TransformerError`` when `value` is not a date in the transformer's format.
    override public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        do {
            return try format.date(from: JSONValue(foundationObject: value))
        } catch let error as DateFormatError {
            throw TransformerError("expected \(error.expected), found \(error.found)")
        }
    }
}

/// Converts a list of strings to and from one comma-separated string: `"a,b,c"` <-> `["a", "b", "c"]`.
/// Spaces around items are trimmed on reading; an empty string is an empty list. A JSON array of
/// strings is accepted too.
public final class CommaSeparatedListTransformer: ValueTransformer, @unchecked Sendable {
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

/// Passes values through unchanged: registered under Core Data's archiving transformer names
/// (`NSSecureUnarchiveFromData`, …), which say how a store archives a value and mean nothing for
/// JSON, so models that name them map the JSON value as it is.
public final class IdentityTransformer: ValueTransformer, @unchecked Sendable {
    override public init() {}
}

/// An error thrown by a built-in transformer, with what it expected and found.
public struct TransformerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// The transformers registered before any code runs.
enum BuiltInTransformers {
    static var all: [ValueTransformer.Name: ValueTransformer] {
        var transformers: [ValueTransformer.Name: ValueTransformer] = [
            "ISO8601Date": DateTransformer(format: .iso8601),
            "YearMonthDayDate": DateTransformer(format: .yearMonthDay),
            "SecondsSince1970Date": DateTransformer(format: .secondsSince1970),
            "MillisecondsSince1970Date": DateTransformer(format: .millisecondsSince1970),
            "StringArray": CommaSeparatedListTransformer(),
            "CommaSeparatedList": CommaSeparatedListTransformer(),
        ]
        for name in [
            "NSSecureUnarchiveFromData", "NSSecureUnarchiveFromDataTransformer", "NSKeyedUnarchiveFromData",
            "NSUnarchiveFromData",
        ] {
            transformers[ValueTransformer.Name(name)] = IdentityTransformer()
        }
        return transformers
    }
}
