import Foundation

/// Where a property is declared: `entities[entity].ownAttributes[index]` or
/// `.ownRelationships[index]`. It also carries the property's name, so lookups by name
/// need not touch the record.
struct PropertyReference: Sendable, Hashable {
    var entity: Int
    var index: Int
    var name: String
    var isRelationship: Bool

    static func == (lhs: PropertyReference, rhs: PropertyReference) -> Bool {
        lhs.entity == rhs.entity && lhs.index == rhs.index
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(index)
    }
}
