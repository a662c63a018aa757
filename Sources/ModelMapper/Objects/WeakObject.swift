/// The box of a weak link: a `weak` reference cannot be an enum's payload.
final class WeakObject {
    weak var object: ModelObject?

    init(_ object: ModelObject) {
        self.object = object
    }
}
