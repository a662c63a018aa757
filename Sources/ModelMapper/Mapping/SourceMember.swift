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

    /// `members` with the unknown ones sorted by key (each key's members in their order, so a
    /// repeated key still keeps its last value), first, and the rest after them as they were,
    /// nested levels alike. For an object with no order of its own (read from what a
    /// preprocessing transformer returned, a dictionary): it is written with its unknown
    /// members so, whether it was read once or merged from several places, and reads back
    /// the same (the decoder reads such a dictionary with its keys sorted).
    static func sortingUnknownMembers(_ members: [SourceMember]) -> [SourceMember] {
        var unknown: [(key: String, position: Int, member: SourceMember)] = []
        var rest: [SourceMember] = []
        for (position, member) in members.enumerated() {
            switch member {
            case .unknown(let key, _): unknown.append((key, position, member))
            case .nested(let node, let isOwner, let inner, let key):
                rest.append(.nested(node: node, isOwner: isOwner, members: sortingUnknownMembers(inner), key: key))
            default: rest.append(member)
            }
        }
        unknown.sort { ($0.key, $0.position) < ($1.key, $1.position) }
        return unknown.map(\.member) + rest
    }
}
