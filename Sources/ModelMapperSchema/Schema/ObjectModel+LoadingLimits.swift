extension ObjectModel {
    /// How large a model file the loader reads: a file past any limit is refused with an error
    /// at the place it went past (file, line and column), before more of it is read.
    ///
    /// The defaults are far above what Xcode writes (of 62 public models from 25 projects,
    /// the largest has 36 KB, 302 elements and 5 levels) and low enough that a hostile file
    /// cannot make the loader claim much memory or time.
    ///
    /// For example, a server that loads models its users upload may hold them tighter:
    ///
    /// ```swift
    /// let limits = ObjectModel.LoadingLimits(maximumFileSize: 1 << 20, maximumElementCount: 50_000)
    /// let model = try ObjectModel(xml: upload, limits: limits)
    /// ```
    public struct LoadingLimits: Sendable, Hashable {
        /// The most bytes a model file may have: 32 MiB unless set. A larger file is refused
        /// before it is read (and a file that grows while it is read, when it gets there).
        public var maximumFileSize: Int
        /// The most XML elements a model file may have: 1,000,000 unless set.
        public var maximumElementCount: Int
        /// The most levels elements may nest (the `<model>` element is level 1): 64 unless set.
        /// libxml2 refuses more than 256 levels itself, whatever this says.
        public var maximumDepth: Int

        /// Limits; each is clamped to at least 1.
        public init(maximumFileSize: Int = 32 << 20, maximumElementCount: Int = 1_000_000, maximumDepth: Int = 64) {
            self.maximumFileSize = max(1, maximumFileSize)
            self.maximumElementCount = max(1, maximumElementCount)
            self.maximumDepth = max(1, maximumDepth)
        }

        /// The default limits.
        public static let `default` = LoadingLimits()
    }
}
