import Foundation

/// One maker's own reference to a model, which what it makes (entity descriptions, and the
/// objects made with them) holds in the model's place to keep the model alive.
///
/// A model is shared by every thread that decodes with it, and a reference count is memory
/// that each count writes: an object holding its model would write the model's count when it
/// is made and when it is freed, on every thread, for every object (issue 50). A decoding run
/// makes one handle, and its objects count references to it alone, memory of the run's; the
/// model's count is written once per run.
package final class ModelHandle: Sendable {
    /// The model, held for as long as the handle lives.
    package let model: ObjectModel

    package init(_ model: ObjectModel) {
        self.model = model
    }

    /// The model that `owner` keeps alive, lent (no reference counted): `owner` is a model or
    /// a handle, the one rule by which a description reads its model (an object reads its
    /// model from its layout).
    @inline(__always)
    package static func model(keptBy owner: any AnyObject & Sendable) -> Unmanaged<ObjectModel> {
        if ObjectIdentifier(type(of: owner)) == ObjectIdentifier(ModelHandle.self) {
            return Unmanaged.passUnretained(unsafeDowncast(owner, to: ModelHandle.self).model)
        }
        return Unmanaged.passUnretained(unsafeDowncast(owner, to: ObjectModel.self))
    }
}
