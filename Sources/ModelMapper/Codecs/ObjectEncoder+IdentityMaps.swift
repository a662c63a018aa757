import Foundation
@_spi(Engine) import ModelMapperSchema

/// To-many relationships written as objects keyed by their objects' identities
/// (``/ModelMapperSchema/MappingKeys/jsonForm`` `map`): each object under the key
/// ``IdentityMapKey`` spells from its identity, in the relationship's order.
extension ObjectEncoder {
    /// Whether the to-many relationship in `slot` of `object` is written as a map: read from
    /// the slot's plain reading, which costs no more than the inverse read beside it.
    @inline(__always)
    func writesMap(_ object: ModelObject, slot: Int) -> Bool {
        baseMapping(of: object)._withUnsafeGuaranteedRef { $0.readings[slot].isMap }
    }

    /// The JSON form of the relationship in `slot` of `object`.
    func mapForm(of object: ModelObject, slot: Int) -> PropertyMapping.JSONForm? {
        baseMapping(of: object)
            ._withUnsafeGuaranteedRef { mapping in
                mapping.readings[slot].property._withUnsafeGuaranteedRef { $0.jsonForm }
            }
    }

    /// The attribute slot `child`, an object of the map in `slot` of the top frame's object,
    /// is written without: its identity where the map leaves it to the key; -1 otherwise.
    func omittedSlot(of child: ModelObject, slot: Int, frame top: Int) -> Int {
        guard mapForm(of: stack.frames[top].object.takeUnretainedValue(), slot: slot) == .mapOmittingIdentity
        else { return -1 }
        return baseMapping(of: child)._withUnsafeGuaranteedRef { $0.identitySlotList.first } ?? -1
    }

    /// The key `child` is written under in a map: its identity's text (``IdentityMapKey``), nil
    /// where it has none a key can spell.
    func mapKey(of child: ModelObject) -> String? {
        let identitySlot = baseMapping(of: child)._withUnsafeGuaranteedRef { $0.identitySlotList.first }
        return identitySlot.flatMap { IdentityMapKey.text(of: child[stored: $0]) }
    }

    /// `path` (of the to-many in `slot` of `holder`) followed by its `index`th object: its key
    /// in a map (as the decoder's paths name it), else its index.
    func elementPath(_ path: JSONPath, of holder: ModelObject, slot: Int, index: Int) -> JSONPath {
        if writesMap(holder, slot: slot) {
            let links = holder.links(inSlot: slot)
            if links.indices.contains(index), let child = links[index].object, let key = mapKey(of: child) {
                return path.appending(key: key)
            }
        }
        return path.appending(index: index)
    }

    /// Checks, before a map in `slot` is written, that no two of its objects (`links`) have one
    /// key: two objects of one identity made in code, which the decoder would refuse as a key
    /// given twice.
    ///
    /// - Throws: ``MappingError`` at the second object.
    func checkDistinctKeys(_ links: [Link], slot: Int) throws(MappingError) {
        guard links.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: links.count)
        for (index, link) in links.enumerated() {
            guard let child = link.object, let key = mapKey(of: child), !seen.insert(key).inserted else { continue }
            throw MappingError(
                .notRepresentable,
                path: childPath(slot: slot, index: index),
                entityName: child.entity.name,
                expected: "each key once in a map keyed by identity (jsonForm map)",
                found: "a second object with the identity \"\(key)\""
            )
        }
    }

    /// Writes the separator and key before `child`, the `index`th object of the map in `slot`.
    ///
    /// - Throws: ``MappingError`` when the object has no identity a key can spell: a map could
    ///   not list it.
    mutating func mapMember(_ child: ModelObject, slot: Int, index: Int, isEmpty: inout Bool) throws(MappingError) {
        guard let key = mapKey(of: child) else {
            throw MappingError(
                .notRepresentable,
                path: childPath(slot: slot, index: index),
                entityName: child.entity.name,
                expected: "an identity to key the object by (jsonForm = map)",
                found: "an object without one"
            )
        }
        writer.separator(first: isEmpty)
        isEmpty = false
        writer.key(key)
    }
}
