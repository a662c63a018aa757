import Foundation
import ModelMapper

/// Why a round trip could not be made.
public enum RoundTripError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// The model has no entity of this name.
    case unknownEntity(String)
    /// The document (a fixture, a response) has nothing at this key path.
    case missingKeyPath(String)
    /// The expected file does not exist (record it with ``RoundTrip/recordingVariable``).
    case missingExpectedFile(URL)
    /// No key path was given, and the document's top level is an object whose keys the
    /// entity does not read, holding an array of objects at this key: most likely the objects.
    case objectsAtKeyPath(String, entity: String)

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `RoundTripError` as text, as `print` and string interpolation show it.
    public var description: String {
        switch self {
        case .unknownEntity(let name): "the model has no entity '\(name)'"
        case .missingKeyPath(let keyPath): "the document has nothing at '\(keyPath)'"
        case .missingExpectedFile(let url):
            "\(url.path): no such file; run with \(RoundTrip.recordingVariable)=1 to record what the round trip gives"
        case .objectsAtKeyPath(let keyPath, let entity):
            "the document's top level is an object holding an array of objects at '\(keyPath)', not an \(entity); "
                + "give that key path (--at \(keyPath))"
        }
    }
}
