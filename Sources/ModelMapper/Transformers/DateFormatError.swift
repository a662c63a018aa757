import Foundation

/// A date in JSON that does not have the expected form.
public struct DateFormatError: Error, Sendable {
    /// What a date looks like in the format.
    public var expected: String
    /// What the JSON held instead.
    public var found: String
}
