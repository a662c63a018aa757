import Foundation

/// A one-way transformer made of a function: what Groot's registration functions register
/// (``ValueTransformer/setValueTransformer(withName:transform:)``, and for dictionaries
/// ``ValueTransformer/setDictionaryTransformer(withName:transform:)``). A value of another type
/// than the function takes transforms to nil, as in Groot.
///
/// The functions are called from every thread that decodes or encodes, so they must not change
/// shared state (or must guard it themselves), as for any transformer.
class ClosureTransformer: ValueTransformer, @unchecked Sendable {
    private let forward: (Any) -> Any?

    init(forward: @escaping (Any) -> Any?) {
        self.forward = forward
    }

    /// No reverse function: Foundation asks the class, so the reversible kind is a subclass.
    override class func allowsReverseTransformation() -> Bool { false }

    /// The function's result for `value`; nil for nil or `NSNull`.
    override func transformedValue(_ value: Any?) -> Any? {
        guard let value, !(value is NSNull) else { return nil }
        return forward(value)
    }

    /// Nil: a one-way transformer has no reverse.
    override func reverseTransformedValue(_ value: Any?) -> Any? { nil }
}
