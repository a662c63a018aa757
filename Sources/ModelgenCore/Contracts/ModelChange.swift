import ModelMapper

/// One difference between two versions of a model, judged in one direction: what
/// `modelgen diff` reports and ``/ModelgenCore/ModelMapperSchema/ObjectModel/changes(since:accepting:)``
/// returns. An accept file names a change by its rule's name (or code) and subject.
///
/// For example, `lastName` moved to `last_name`:
///
/// ```swift
/// for change in try new.changes(since: old) where change.diagnostic.severity == .error {
///     print(change.diagnostic)
///     // Authors 4.xcdatamodel/contents:18:9: error: [read] key-moved: Author.lastName: its key
///     // moved from 'lastName' to 'last_name': documents valid for the old model are read without it
/// }
/// ```
public struct ModelChange: Sendable, Hashable {
    /// Whom a change can break, judged as oasdiff and `buf breaking` judge an API change.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// The new model decoding documents valid for the old one.
        case read
        /// Readers of the old model reading what the new one writes.
        case write
        /// The Swift API `modelgen generate` writes.
        case source
        /// Whether Core Data's lightweight migration infers the change: information only.
        case migration
    }

    /// Whom it can break.
    public var direction: Direction
    /// What the rule that found it says: its level (`error` for a change that breaks reading
    /// or writing, `warning` for the generated API, `note` for information), its code (`MM8xx`,
    /// one a rule, which the message names: `[read] key-moved: …`), its sentence, and where it
    /// is in the new model's file (in the old one's, for something the new model no longer has).
    public var diagnostic: ModelDiagnostic
    /// Where it is in the old model's file; nil for something the old model did not have.
    public var oldLocation: SourceLocation?
}
