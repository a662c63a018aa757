import Foundation

/// What an object tells the graph it is in when code changes it through a setter
/// (``ModelObject/setValue(_:forKey:)``, ``ModelObject/setPrimitiveValue(_:forKey:)``, the
/// relationship calls, and so the generated typed setters), so that the graph's
/// ``ObjectGraph/changes(since:)`` lists it as updated with no `noteUpdated(_:)` call.
///
/// The graph owns its observer and each of its objects holds it weakly: one word an object,
/// and an object that outlives its graph tells nobody. A class of its own, below the graph,
/// so that objects need not know the graph's type.
final class ObjectChangeObserver {
    /// Called with the object a setter changed.
    let objectChanged: (ModelObject) -> Void

    init(_ objectChanged: @escaping (ModelObject) -> Void) {
        self.objectChanged = objectChanged
    }
}
