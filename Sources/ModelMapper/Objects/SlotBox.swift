import Foundation

/// An attribute value of a type a slot does not hold unboxed. Immutable: a slot changes by
/// getting a new box.
final class SlotBox {
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
