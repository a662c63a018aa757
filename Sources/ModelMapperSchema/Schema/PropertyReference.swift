import Foundation

/// Where a property is declared: `entities[entity].ownAttributes[index]` or
/// `.ownRelationships[index]`. It also carries the property's name, so lookups by name
/// need not touch the record.
package struct PropertyReference: Sendable, Hashable {
    package var entity: Int
    package var index: Int
    package var name: String
    package var isRelationship: Bool

    package static func == (lhs: PropertyReference, rhs: PropertyReference) -> Bool {
        lhs.entity == rhs.entity && lhs.index == rhs.index
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(index)
    }
}
