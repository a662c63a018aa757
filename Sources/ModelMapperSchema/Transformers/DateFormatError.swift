import Foundation

/// A date in JSON that does not have the expected form.
public struct DateFormatError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// What a date looks like in the format.
    public var expected: String
    /// What the JSON held instead.
    public var found: String
    /// Why the text is not a date, where that says more than the form expected: a local
    /// time without a declared zone, or one its zone skips.
    public var detail: String? = nil

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// The error as text: `expected an ISO 8601 date string, found '2017-13-01'`.
    public var description: String { "expected \(expected), found \(found)" + (detail.map { ": " + $0 } ?? "") }
}
