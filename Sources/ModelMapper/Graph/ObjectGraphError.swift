import Foundation

/// Why a graph refused a merge.
public enum ObjectGraphError: Error, LocalizedError, CustomStringConvertible {
    /// References to objects the graph does not have, with ``ObjectGraph/UnresolvedReferencePolicy/error``,
    /// described (`BandMember.band -> Band (name: Japan)`): the objects stay with the graph's thread.
    case unresolvedReferences([String])
    /// A prepared document merged a second time.
    case alreadyMerged
    /// A prepared document of another model.
    case otherModel
    /// A prepared document decoded with another key casing or identity rule than the graph's.
    case otherOptions

    /// The same text as ``description``, for `localizedDescription` and the other places
    /// Foundation shows an error.
    public var errorDescription: String? { description }

    /// This `ObjectGraphError` as text, as `print` and string interpolation show it.
    public var description: String {
        switch self {
        case .unresolvedReferences(let references):
            "\(references.count) unresolved reference\(references.count == 1 ? "" : "s"): "
                + references.joined(separator: "; ")
        case .alreadyMerged: "the prepared document was merged already"
        case .otherModel: "the prepared document was decoded for another model"
        case .otherOptions:
            "the prepared document was decoded with another key casing or identity rule than the graph's"
        }
    }
}
