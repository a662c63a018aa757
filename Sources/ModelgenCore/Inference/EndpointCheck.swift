@_spi(Engine) import ModelMapperSchema

/// Samples that look like responses of different endpoints must not be merged into one entity
/// (orders and products inferred together made one entity of 201 attributes): the top-level
/// objects of each sample, read as one entity, must share at least a third of their keys with
/// those of the samples of that entity before it. Two pages of one endpoint share nearly all.
struct EndpointCheck {
    /// The keys of each root entity's samples so far, and the first sample of each.
    private var keys: [String: Set<String>] = [:]
    private var firstSample: [String: String] = [:]

    /// Checks the top-level objects `value` (an object, or an array of them) of `sample`, read
    /// as `rootEntity`.
    ///
    /// - Throws: ``ModelInferenceError/differentEndpoints(first:second:entity:sharedKeys:keys:)``.
    mutating func check(_ value: JSONValue, sample: String, rootEntity: String) throws(ModelInferenceError) {
        var own = Set<String>()
        switch value {
        case .object(let object): own.formUnion(object.map(\.key))
        case .array(let elements):
            for case .object(let object) in elements { own.formUnion(object.map(\.key)) }
        default: return
        }
        guard let before = keys[rootEntity], let first = firstSample[rootEntity] else {
            keys[rootEntity] = own
            firstSample[rootEntity] = sample
            return
        }
        let shared = own.intersection(before).count
        let all = own.union(before).count
        guard shared * 3 >= all else {
            throw .differentEndpoints(first: first, second: sample, entity: rootEntity, sharedKeys: shared, keys: all)
        }
        keys[rootEntity] = own.union(before)
    }
}
