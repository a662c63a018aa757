extension ModelDiagnostic {
    /// What kind of problem a diagnostic reports, stable from one version to the next: filter
    /// on it, count it, look it up. A message may be reworded; its code is not renumbered.
    ///
    /// Codes are `MM` and three digits: `1xx` the file (reading, XML, bundles), `2xx` entities
    /// and properties, `3xx` attributes and composites, `4xx` relationships and inverses,
    /// `5xx` the JSON mapping (userInfo, key paths, conventions), `6xx` configurations, fetch
    /// requests and predicates, `7xx` the classes bound to a model. `MM000` is a diagnostic
    /// made outside this catalogue (``ModelDiagnostic/init(_:_:at:)``).
    ///
    /// For example:
    ///
    /// ```swift
    /// let model = try ObjectModel(contentsOf: url)
    /// let oneSided = model.warnings.filter { $0.code == "MM408" }   // an inverse not maintained
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// `MM` and three digits.
        public let rawValue: String

        /// The code spelled `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code spelled `value`: `"MM408"`.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// `MM402`.
        public var description: String { rawValue }

        /// The code of a diagnostic made outside the catalogue (``ModelDiagnostic/init(_:_:at:)``).
        public static let unclassified: Code = "MM000"
    }
}
