import Foundation

/// What an object tells the graph it is in when code changes it through a setter
/// (``ModelObject/setValue(_:forKey:)``, ``ModelObject/setPrimitiveValue(_:forKey:)``, the
/// relationship calls, and so the generated typed setters), so that the graph's
/// ``ObjectGraph/changes(since:)`` lists it as updated with no `noteUpdated(_:)` call.
///
/// The graph owns its observer and each of its objects holds it weakly: one word an object,
/// and an object that outlives its graph tells nobody. A class of its own, below the graph,
/// so that objects need not know the graph's type.
///
/// It also answers, for the message of a required value an object lacks, whether the graph
/// holds a reference of the object's that waits for its object (a pending foreign key).
final class ObjectChangeObserver {
    /// Called with the object a setter changed.
    let objectChanged: (ModelObject) -> Void
    /// The reference of an object's relationship (by name) that waits in the graph, described;
    /// nil when none does.
    let waitingReference: (ModelObject, String) -> String?

    init(
        _ objectChanged: @escaping (ModelObject) -> Void,
        waitingReference: @escaping (ModelObject, String) -> String? = { _, _ in nil }
    ) {
        self.objectChanged = objectChanged
        self.waitingReference = waitingReference
    }
}
