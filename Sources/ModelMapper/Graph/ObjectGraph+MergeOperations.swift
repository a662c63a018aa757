import Foundation

extension ObjectGraph {
    /// What a merge may do to the graph's objects, as Sync's operations: insert the objects
    /// it does not have, update those it has, and remove those a listing no longer holds.
    ///
    /// For example, a listing that replaces what the graph had of its entity:
    ///
    /// ```swift
    /// try graph.merge(data, entity: "Album", at: "albums", operations: MergeOperations(.all))
    /// ```
    public struct MergeOperation: OptionSet, Sendable, Hashable {
        /// The operations as bits.
        public let rawValue: Int

        /// The operations of `rawValue`'s bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Objects the graph does not have are inserted; without it, they are left out (and a
        /// root left out is in ``MergeResult/skipped``).
        public static let insert = MergeOperation(rawValue: 1 << 0)
        /// Objects the graph has take the values the document gives; without it, they are
        /// linked where the document links them, and their values (and what they nest) stay as
        /// they are. Filling in a placeholder (see ``ObjectGraph/placeholders``) is an insert,
        /// not an update.
        public static let update = MergeOperation(rawValue: 1 << 1)
        /// The document is the whole listing: objects it does not hold are removed. For the
        /// document's own objects, those of the merged entity (and its subentities); for a
        /// one-to-many relationship, the objects a parent held there before, where the document
        /// lists objects (`"notes": [{"id": 10}]`) (see ``MergeOperations``). A one-to-many
        /// given as a list of identities (`"notes_ids": [10]`, or `"notes": [10]`) lets go of
        /// what it no longer lists and removes none, as Sync does; so does a many-to-many.
        public static let removeUnlisted = MergeOperation(rawValue: 1 << 2)
        /// Insert and update: what a merge does by default.
        public static let insertAndUpdate: MergeOperation = [.insert, .update]
        /// Insert, update and remove what is not listed.
        public static let all: MergeOperation = [.insert, .update, .removeUnlisted]
    }

    /// The operations of one merge: for the objects the document lists, for the objects under
    /// relationships, and for chosen relationships.
    ///
    /// Removal is always opt-in. What it never removes: an object the document holds anywhere
    /// (under any casing or key form of its identity, nested or as a foreign key); for a
    /// relationship, an object that another parent now holds through the inverse (an album
    /// that moved to another band), nor any object of a many-to-many: those stand on their own
    /// (a tag one photo drops is still a tag), so they are only let go, as Sync treats them;
    /// nor an object a one-to-many's list of identities drops (`"notes_ids": [10]`): a list of
    /// references says which objects are linked, not which exist, so it lets go, as Sync's
    /// does. A listing of objects (`"notes": [{"id": 10}]`) removes what it drops.
    /// A partial merge that leaves elements out does not remove for the document's listing,
    /// which is then not whole.
    /// Removed objects are listed in ``MergeResult/removed`` and by ``ObjectGraph/changes(since:)``.
    ///
    /// For example, a band's albums as the whole listing of that band's albums, bands inserted
    /// but never updated:
    ///
    /// ```swift
    /// let operations = ObjectGraph.MergeOperations(.insert, byRelationship: ["Band.albums": .all])
    /// try graph.merge(data, entity: "Band", at: "bands", operations: operations)
    /// ```
    public struct MergeOperations: Sendable, Hashable {
        /// The operations on the objects the document lists (the array at the key path).
        public var document: MergeOperation
        /// The operations on the objects under relationships not named in ``byRelationship``.
        public var relationships: MergeOperation
        /// The operations on the objects under named relationships, keyed `Entity.relationship`
        /// (`"Band.albums"`); a subentity's objects take its superentity's entry unless they
        /// have their own.
        public var byRelationship: [String: MergeOperation]
        /// Whether a record of the document (an element of its array) that gives no identity
        /// is left out, as Sync leaves it, rather than inserted (the default): its position is
        /// in ``MergeResult/skipped``. For an entity with identity attributes; a `null` identity
        /// gives none where the model lets the attribute be null (where it requires one, `null`
        /// is an error, as in any record).
        public var skipsRecordsWithoutIdentity = false

        /// The operations `document` on the document's objects, and `relationships` (or the
        /// entry of `byRelationship`) on those under relationships.
        public init(
            _ document: MergeOperation = .insertAndUpdate,
            relationships: MergeOperation = .insertAndUpdate,
            byRelationship: [String: MergeOperation] = [:]
        ) {
            self.document = document
            self.relationships = relationships
            self.byRelationship = byRelationship
        }

        /// Insert and update everywhere, remove nothing: what a merge does unless told.
        public static let `default` = MergeOperations()
    }
}
