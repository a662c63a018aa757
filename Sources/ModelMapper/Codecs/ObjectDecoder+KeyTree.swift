import Foundation
@_spi(Engine) import ModelMapperSchema

/// Values read through a tree: the members that key paths reach from several places, fed to
/// the key tree's nodes from a parsed value rather than from the bytes.
extension ObjectDecoder {
    /// A member that several readers share (an attribute and a relationship under one key,
    /// a flattened key path that also names a relationship of the object below, …): read once
    /// into a tree, then given to each.
    mutating func readThroughTree(own: KeyNode?, extras: KeyNode?, frame top: Int) throws(MappingError) {
        let key = own?.key ?? extras?.key ?? ""
        let value = try readTree(frame: top, key: .name(key))
        if let own { try feed(value, to: own, frame: top, keys: [key]) }
        if let extras, top > 0 { try feed(value, to: extras, frame: top - 1, keys: [key], from: top) }
    }

    /// Gives a value to what a node reads, in frame `target`; `keys` leads from the object
    /// being read (frame `from`) to the value.
    mutating func feed(
        _ value: JSONValue,
        to node: KeyNode,
        frame target: Int,
        keys: [String],
        from: Int? = nil
    ) throws(MappingError) {
        let source = from ?? target
        for slot in node.attributes {
            if case .null = value {
                try readNull(slot: slot, frame: target, from: source)
                continue
            }
            unowned(unsafe) let property = frames[target].mapping.properties[slot]
            do {
                let entity = frames[target].entity
                let run = self.run
                let converted = try JSONToken.with(value) { token throws(MappingError) in
                    let converted = try Self.convert(token, property: property, entity: entity, slot: slot, run: run)
                    if settings.keepsSource {
                        noteSpelling(token, value: converted, property: property, slot: slot, frame: target)
                    }
                    return converted
                }
                frames[target].slots[slot] = converted
            } catch {
                try reportConversion(error, at: errorPath(frame: source, keys: keys), slot: slot, frame: target)
            }
        }
        if let slot = node.relationship {
            try feedRelationship(value, slot: slot, frame: target, keys: keys, from: source)
        }
        if let nested = node.nested, case .object(let object) = value {
            for (key, member) in object {
                if let index = nested.table.index(of: key) {
                    try feed(member, to: nested.nodes[index], frame: target, keys: keys + [key], from: source)
                }
            }
        }
    }

    /// A relationship's value from a tree: written back to bytes and decoded by a reader of
    /// its own, sharing this run (identity map, errors).
    mutating func feedRelationship(
        _ value: JSONValue,
        slot: Int,
        frame target: Int,
        keys: [String],
        from source: Int
    ) throws(MappingError) {
        unowned(unsafe) let property = frames[target].mapping.properties[slot]
        let path = errorPath(frame: source, keys: keys)
        if case .null = value {
            try readNull(slot: slot, frame: target, from: source)
            return
        }
        let data = value.jsonData()
        let run = self.run
        let result = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<[ModelObject], MappingError> in
            var reader = ObjectDecoder(bytes: raw, run: run, locatesByLine: false)
            reader.origin.filledSlot = property.inverseSlot ?? -1
            return Result { () throws(MappingError) in
                if property.isToMany {
                    return try reader.readArray(entity: property.destination, path: path, isToMany: true)
                }
                return try reader.readObject(entity: property.destination, path: path).map { [$0] } ?? []
            }
        }
        let children = try result.get()
        if property.isToMany {
            frames[target].slots[slot] = .objects(children.map { Link($0, kind: .strong) })
        } else if let child = children.first {
            frames[target].slots[slot] = .object(Link(child, kind: .strong))
        }
    }
}
