import Foundation
import ModelMapper

/// A file `modelgen` produced, in memory.
public struct GeneratedFile: Sendable, Hashable {
    /// Whether a file is regenerated or written once.
    public enum Kind: String, Sendable {
        /// Always regenerated.
        case machine
        /// Written once, never overwritten.
        case human
    }

    /// The file's name, relative to its output folder.
    public var path: String
    /// The file's text.
    public var contents: String
    /// Whether it is a machine or a human file.
    public var kind: Kind
}
