import Foundation

/// A transformer made of a function each way: what Groot's
/// ``ValueTransformer/setValueTransformer(withName:transform:reverseTransform:)`` registers.
final class ReversibleClosureTransformer: ClosureTransformer, @unchecked Sendable {
    private let reverse: (Any) -> Any?

    init(forward: @escaping (Any) -> Any?, reverse: @escaping (Any) -> Any?) {
        self.reverse = reverse
        super.init(forward: forward)
    }

    override class func allowsReverseTransformation() -> Bool { true }

    /// The reverse function's result for `value`; nil for nil or `NSNull`.
    override func reverseTransformedValue(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        return reverse(value)
    }
}
