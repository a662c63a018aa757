import Foundation

extension JSONValue {
    /// Options for writing JSON text.
    public struct WritingOptions: OptionSet, Sendable, Hashable {
        /// The options, one bit each.
        public let rawValue: Int
        /// The options whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Newlines and two-space indentation.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)
        /// Object keys in ascending (code point) order instead of insertion order.
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)
        /// Write `/` as is rather than `\/`.
        public static let withoutEscapingSlashes = WritingOptions(rawValue: 1 << 2)
    }

    /// The value as JSON text.
    public func jsonText(options: WritingOptions = []) -> String {
        String(decoding: jsonData(options: options), as: UTF8.self)
    }

    /// The value as UTF-8 JSON data.
    public func jsonData(options: WritingOptions = []) -> Data {
        var writer = JSONWriter(options: options)
        writer.value(self)
        return writer.takeData()
    }
}
