import Foundation

/// What one document gave one object, noted while decoding for an ``ObjectGraph``: the
/// graph cannot tell an update from an insert until it merges (an object it has is updated
/// by the keys present; a new one must be whole), so the decoder notes instead of judging.
struct GivenValues {
    /// The object, held: a record the document replaced later (a to-one given again) may
    /// have no other owner, and its identifier, the key of this, must not be reused by
    /// another object of the run.
    let object: ModelObject
    /// The slots the JSON gave a value (or `null`); a relationship an inverse filled in was
    /// not given.
    var slots: SlotSet
    /// Whether a JSON object gave the object, not only scalars standing for it (foreign keys):
    /// a JSON object in a relationship is an object, a scalar a reference.
    var isGivenAsObject = false
    /// The to-manys the JSON gave as lists of identities (`"notes_ids": [10, 11]`), not of
    /// objects: what such a list no longer holds is let go, never removed, as Sync does.
    var identityListSlots: [Int] = []
    /// The object's first record (a JSON object that gave more than a reference does, see
    /// ``ObjectDecoder/Frame/isIdentityReference``): the record that inserts it when it is
    /// new to the graph, checked as ``ModelDecoder`` checks an object's first record.
    var insert: Insert?

    /// The required values an object's first record lacked, and where it is.
    struct Insert {
        /// The required slots the record had no value for (of a to-one among them, which an
        /// inverse may fill in later in the document, the merge asks the object again).
        var missingSlots: [Int]
        /// Where the record is, when it lacks a value (made only then).
        var path: JSONPath?
        /// What the errors of the values missing there add, by slot (``MissingKeyHint``).
        var missingKeyHints: [Int: String]
    }
    /// The object and relationship that held the object until a later record of the holder
    /// gave the relationship other objects (`"album": {…}`, then `"album": 7`): a merge
    /// judges a record no element reaches any more under its holder's operations.
    var replacedIn: (holder: ModelObject, slot: Int)?

    init(object: ModelObject, count: Int) {
        self.object = object
        slots = SlotSet(count: count)
    }
}
