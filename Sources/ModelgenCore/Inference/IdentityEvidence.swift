@_spi(Engine) import ModelMapperSchema

/// Whether a key's values can identify the objects of an entity: every one an integer or a
/// string, and two objects of one document with the same value the same object (equal JSON),
/// which is what decoding them as one object keeps.
struct IdentityEvidence {
    var isViable = true
    /// The objects that had a value.
    var count = 0
    /// Every value, over all documents: what foreign keys must match.
    var values: Set<IdentityValue> = []
    /// The first object with each value, in the current document.
    private var firstObjects: [IdentityValue: JSONObject] = [:]
    private var document = -1

    mutating func note(_ value: JSONValue, of object: JSONObject, document: Int) {
        guard isViable else { return }
        guard let identity = IdentityValue(value) else {
            isViable = false
            return
        }
        if document != self.document {
            firstObjects.removeAll(keepingCapacity: true)
            self.document = document
        }
        count += 1
        values.insert(identity)
        if let first = firstObjects[identity] {
            if first != object { isViable = false }
        } else {
            firstObjects[identity] = object
        }
    }
}
