extension ObjectModel {
    /// How a model file is loaded.
    ///
    /// For example, a team that wants its own model files clean loads them strictly:
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url, options: .strict)
    /// ```
    public struct LoadingOptions: OptionSet, Sendable, Hashable {
        /// The options, one bit each.
        public let rawValue: Int

        /// The options whose bits `rawValue` sets.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Every warning is an error: values Core Data tolerates but does not mean what they
        /// say (a default of `"0.0"` on an integer, `"NO"` on an `Integer 16`), unknown types
        /// and deletion rules, one-sided inverses, problems in configurations, fetch requests
        /// and uniqueness constraints. The default is tolerant: what Core Data loads, loads.
        public static let strict = LoadingOptions(rawValue: 1 << 0)
    }
}
