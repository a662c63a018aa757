import Foundation
@_spi(Engine) import ModelMapperSchema

/// The entity key (``EntityMapping/typeKey``) that names an object's subentity: read ahead
/// when it is not the object's first member.
extension ObjectDecoder {
    /// The type key values found by reading ahead.
    struct TypeKeyLookahead {
        /// By where their object starts: nil for an object without one. Entries are removed as
        /// their objects are decoded.
        var valuesByStart: [Int: (text: String, isString: Bool)?] = [:]
    }

    /// Reads the object at the reading position to its end, noting the type key's value of
    /// it and of every object inside it (by where each starts), so that an object nested in
    /// it needs no reading ahead of its own: reading ahead stays linear in the document,
    /// wherever the type keys are.
    mutating func readTypeKeys(_ typeKey: String) throws(MappingError) {
        // Open containers: where each object starts (-1 for an array), and whether its type
        // key was seen.
        var open: [(start: Int, seen: Bool)] = []
        // False when the type key's value was read with its key.
        var needsValue = true
        repeat {
            if needsValue {
                scanner.skipWhitespace()
                let byte = scanner.peek()
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard open.count < scanner.maximumDepth else { throw scanner.tooDeep() }
                    let isObject = byte == UInt8(ascii: "{")
                    open.append((isObject ? scanner.index : -1, false))
                    scanner.index += 1
                    if scanner.consume(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        close(open.removeLast())
                    } else {
                        if isObject { needsValue = try !typeKeyMember(after: "{", typeKey: typeKey, open: &open) }
                        continue
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            needsValue = true
            // After a value: close containers until one continues.
            while let last = open.last {
                let isObject = last.start >= 0
                if try scanner.readSeparator(inObject: isObject) {
                    if isObject { needsValue = try !typeKeyMember(after: ",", typeKey: typeKey, open: &open) }
                    break
                }
                close(open.removeLast())
            }
        } while !open.isEmpty

        func close(_ container: (start: Int, seen: Bool)) {
            if container.start >= 0, !container.seen { typeKeys.valuesByStart[container.start] = .some(nil) }
        }
    }

    /// Reads a member's key in `readTypeKeys`; for the type key of an object, reads its value
    /// too and notes it, returning true.
    mutating func typeKeyMember(
        after opening: StaticString,
        typeKey: String,
        open: inout [(start: Int, seen: Bool)]
    ) throws(MappingError) -> Bool {
        let key = try scanner.readKey(after: opening)
        guard key.buffer.elementsEqual(typeKey.utf8), let last = open.indices.last, !open[last].seen else {
            return false
        }
        scanner.skipWhitespace()
        let isString = scanner.peek() == UInt8(ascii: "\"")
        let text = isString ? try scanner.readString().string : try scanner.describeAndSkip()
        open[last].seen = true
        typeKeys.valuesByStart[open[last].start] = .some((text, isString))
        return true
    }

    /// The type key met in order: checked against the entity, which is already known.
    mutating func readTypeKey(frame top: Int) throws(MappingError) {
        let mapping = frames[top].mapping
        if mapping.isPolymorphic || frames[top].level.under != nil {
            try scanner.skipValue()  // already read ahead and checked
            return
        }
        scanner.skipWhitespace()
        var name = ""
        if scanner.peek() == UInt8(ascii: "\"") {
            name = try scanner.readString().string
            if name == mapping.typeValue { return }
        } else {
            name = try scanner.describeAndSkip()
        }
        try report(
            .unknownEntity(name),
            frame: top,
            keys: [mapping.typeKey ?? ""],
            entityName: run.model.entityRecords[frames[top].entity].name,
            detail: "'\(mapping.typeKey ?? "")' must be \(mapping.typeValue)"
        )
    }
}
