import Foundation

/// One member of an object as the JSON had it.
enum SourceMember {
    /// A key of the entity's own level, by its node's index.
    case own(node: Int)
    /// A key of the owner's level (``DecodedSource/ownerLevel``), by its node's index.
    case owner(node: Int)
    /// A key that flattened key paths go through, with the members of the object under it;
    /// `isOwner` when the key is the owner's.
    case nested(node: Int, isOwner: Bool, members: [SourceMember], key: String)
    /// A key that flattened key paths go through, whose value was `null`.
    case null(node: Int, isOwner: Bool)
    /// A key nobody reads, with its value.
    case unknown(key: String, value: JSONValue)

    /// What makes two members the same member: their key.
    enum Identity: Hashable {
        case own(Int)
        case owner(Int)
        case unknown(String)
    }

    var identity: Identity {
        switch self {
        case .own(let node): .own(node)
        case .owner(let node): .owner(node)
        case .nested(let node, let isOwner, _, _), .null(let node, let isOwner): isOwner ? .owner(node) : .own(node)
        case .unknown(let key, _): .unknown(key)
        }
    }
}
