import Foundation

/// Converts dates to and from JSON in a ``DateFormat``.
///
/// ```swift
/// ValueTransformer.setValueTransformer(DateTransformer(format: .yearMonthDay), forName: "Date")
/// ```
public final class DateTransformer: ValueTransformer, @unchecked Sendable {
    /// From the model to JSON, wherever the model names it.
    override public class var direction: Direction? { .modelToJSON }

    /// How the transformer writes and reads dates.
    public let format: DateFormat

    /// A transformer for dates in `format`.
    public init(format: DateFormat = .iso8601) {
        self.format = format
    }

    /// A transformer for dates in the first format `formats` names, written as a `dateFormats`
    /// userInfo value is (``DateFormat/list(_:)``: `yyyy-MM-dd`, `iso8601 Europe/Oslo`, …);
    /// nil when it names none.
    public convenience init?(formats: String) {
        guard let format = DateFormat.list(formats).first else { return nil }
        self.init(format: format)
    }

    /// Registers a transformer for dates in the first format `formats` names (as
    /// ``init(formats:)`` reads it) under `name`, unless one is registered under it already:
    /// what a generated model type's `registerTransformers()` does for each transformer its
    /// model declares a date format for.
    ///
    /// For example:
    ///
    /// ```swift
    /// DateTransformer.registerIfAbsent(formats: "yyyy-MM-dd", forName: "Date")
    /// ```
    ///
    /// - Returns: whether it registered one: false when `formats` names no format, or `name`
    ///   has a transformer.
    @discardableResult
    public static func registerIfAbsent(formats: String, forName name: ValueTransformer.Name) -> Bool {
        guard let transformer = DateTransformer(formats: formats) else { return false }
        return setValueTransformerIfAbsent(transformer, forName: name)
    }

    override public class func transformedValueClass() -> AnyClass { NSDate.self }

    /// `Date` -> `String` (or a number, for the numeric formats).
    ///
    /// - Throws: ``TransformerError`` when `value` is not a `Date`, or not one the format
    ///   writes so that it reads back (a time of day in `yyyy-MM-dd`, a year past 9999, …).
    override public func transformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        guard let date = value as? Date else {
            throw TransformerError("expected a Date, found a value of type \(type(of: value))")
        }
        do {
            return try format.checkedJSONValue(for: date).foundationObject
        } catch {
            throw TransformerError(
                "\(error.message) cannot be written as JSON" + (error.detail.map { ": " + $0 } ?? "")
            )
        }
    }

    /// `String` (or a number) -> `Date`.
    ///
    /// - Throws: ``TransformerError`` when `value` is not a date in the transformer's format.
    override public func reverseTransformedValue(_ value: Any?) throws -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        do {
            return try format.date(from: JSONValue(convertingFoundationObject: value))
        } catch let error as DateFormatError {
            throw TransformerError("expected \(error.expected), found \(error.found)")
        } catch let error as JSONError {
            throw TransformerError("expected a date in JSON, found \(error.message), which has no JSON form")
        }
    }
}
