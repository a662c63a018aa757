import Foundation

extension ValueTransformer {
    /// Which way a transformer's forward transformation (``ValueTransformer/transformedValue(_:)``)
    /// goes: it depends on where the model names the transformer, because the libraries whose
    /// models ModelMapper reads disagree, and a transformer written for one must work unchanged.
    ///
    /// For example, Groot's test model names `GrootTests.Transformer` under `JSONTransformerName`,
    /// and registers it with a forward transformation from the JSON's `"1699"` to the model's
    /// `1699`: ModelMapper decodes through `transformedValue(_:)` and encodes through
    /// `reverseTransformedValue(_:)` for it, as Groot does.
    public enum Direction: Sendable, Hashable {
        /// Forward turns a model value into JSON, reverse turns JSON back: Core Data's
        /// *Value Transformer* field (forward is towards storage), as Modelmatic reads it.
        case modelToJSON
        /// Forward turns JSON into a model value, reverse writes it back: a transformer named in
        /// userInfo (`JSONTransformerName`, `sync.valueTransformer`), as Groot and Sync read it.
        case jsonToModel
    }
}
