import Foundation

/// What one document gave one object, noted while decoding for an ``ObjectGraph``: the
/// graph cannot tell an update from an insert until it merges (an object it has is updated
/// by the keys present; a new one must be whole), so the decoder notes instead of judging.
struct GivenValues {
    /// The slots the JSON gave a value (or `null`); a relationship an inverse filled in was
    /// not given.
    var slots: [Bool]
    /// Whether a JSON object gave the object, not only scalars standing for it (foreign keys):
    /// a JSON object in a relationship is an object, a scalar a reference.
    var isGivenAsObject = false
    /// Where the object's first JSON object is, when that lacked a required value: the merge
    /// reports the values still missing there if the object is new to the graph.
    var incompleteAt: JSONPath?
    /// What the errors of the values missing there add, by slot (``MissingKeyHint``).
    var missingKeyHints: [Int: String] = [:]

    init(count: Int) {
        slots = Array(repeating: false, count: count)
    }
}
