import Foundation

/// A related object that the JSON gave only by its identity: the relationship's slot, the
/// place in a to-many (-1 for a to-one), and the object, so that an edge that changed since
/// does not match.
///
/// `isScalar` tells a foreign key (`"band": "Japan"`) from an object of identity attributes
/// (`{"name": "Japan"}`); it is not part of the edge's identity, so that a lookup finds either.
struct ReferenceEdge: Hashable {
    let slot: Int
    let index: Int
    let object: ObjectIdentifier
    var isScalar = false

    static func == (lhs: ReferenceEdge, rhs: ReferenceEdge) -> Bool {
        lhs.slot == rhs.slot && lhs.index == rhs.index && lhs.object == rhs.object
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(slot)
        hasher.combine(index)
        hasher.combine(object)
    }
}
