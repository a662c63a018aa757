import Foundation
@_spi(Engine) import ModelMapperSchema

/// Why a model could not be inferred from samples, naming the sample and where in it.
public enum ModelInferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No sample was given.
    case noSamples
    /// A sample is not JSON, or nests deeper than a decoder reads.
    case invalidJSON(sample: String, reason: String)
    /// A sample's top level (or what `--at` names) is not an object or an array of objects.
    case notObjects(sample: String, found: String)
    /// A sample has nothing at the key path given.
    case nothingAtKeyPath(sample: String, keyPath: String)
    /// The entity name given is not one a model can have.
    case invalidEntityName(String)
    /// Two samples read as objects of one entity share under a third of their keys: they look
    /// like responses of different endpoints, which one entity would merge.
    case differentEndpoints(first: String, second: String, entity: String, sharedKeys: Int, keys: Int)
    /// The inferred model did not load without a warning: a defect of inference, reported
    /// rather than written.
    case inferredModelInvalid([String])

    /// The reason, in a sentence that names the sample.
    public var description: String {
        switch self {
        case .noSamples:
            "no sample JSON files were given"
        case .invalidJSON(let sample, let reason):
            "\(sample): \(reason)"
        case .notObjects(let sample, let found):
            "\(sample): expected JSON objects (an object or an array of objects) to infer entities from, found "
                + "\(found); give --at with the key path of the objects"
        case .nothingAtKeyPath(let sample, let keyPath):
            "\(sample): nothing at the key path '\(keyPath)'"
        case .differentEndpoints(let first, let second, let entity, let shared, let keys):
            "\(second): its objects share \(shared) of \(keys) keys with those of \(first) before it, as responses of "
                + "different endpoints do; one entity (\(entity)) would merge them: give each file its entity "
                + "(--entity \(URL(fileURLWithPath: first).lastPathComponent)=\(entity) --entity "
                + "\(URL(fileURLWithPath: second).lastPathComponent)=Other), or infer them apart"
        case .invalidEntityName(let name):
            "'\(name)' cannot be an entity name: give a Swift type name that starts with an uppercase letter"
        case .inferredModelInvalid(let diagnostics):
            "the inferred model does not load cleanly (please report this): "
                + diagnostics.joined(separator: "; ")
        }
    }
}
