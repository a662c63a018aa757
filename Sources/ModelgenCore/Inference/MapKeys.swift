import Foundation
@_spi(Engine) import ModelMapperSchema

/// The rule for a JSON object that is a map rather than a record: every key is an identity
/// value, not a name (`"138586341"`, a UUID, a code in capitals such as `PLEYEL_PLEYEL` or
/// `USD`), so that the keys are data and another response would bring others. Such an object is inferred as a map (`jsonForm` `map` for a map of
/// objects, a dictionary `customClassName` for one of scalars), never as an entity with an
/// attribute per key.
enum MapKeys {
    /// Whether `object` is a map: at least one key, each an integer's own text that an `Int64`
    /// holds or a UUID; or each a code in capitals, one with an underscore or a digit
    /// (`PLEYEL_PLEYEL`, `EN_US`) or several of one length (`USD`, `EUR`), where one name in
    /// capitals (`ID`, `URL`) may be a record's.
    static func isMap(_ object: JSONObject) -> Bool {
        guard !object.isEmpty else { return false }
        var isIdentities = true
        var isCodes = true
        var hasMarkedCode = false
        var lengths = Set<Int>()
        for (key, _) in object {
            if isIdentities, !isIntegerKey(key), !isUUIDKey(key) { isIdentities = false }
            if isCodes {
                if isCode(key) {
                    lengths.insert(key.utf8.count)
                    if key.utf8.contains(where: { $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) }) {
                        hasMarkedCode = true
                    }
                } else {
                    isCodes = false
                }
            }
            if !isIdentities, !isCodes { return false }
        }
        return isIdentities || (isCodes && (hasMarkedCode || (object.count >= 2 && lengths.count == 1)))
    }

    /// A code in capitals: a capital letter, then capitals, digits and underscores, two at least.
    private static func isCode(_ key: String) -> Bool {
        let bytes = key.utf8
        guard bytes.count >= 2, let first = bytes.first, (0x41...0x5A).contains(first) else { return false }
        return bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    /// Whether `key` is an integer as an `Int64` writes it (no sign but `-`, no leading zero),
    /// so that an Integer 64 identity writes the key back as it was.
    static func isIntegerKey(_ key: String) -> Bool {
        guard let number = Int64(key) else { return false }
        return String(number) == key
    }

    static func isUUIDKey(_ key: String) -> Bool {
        key.utf8.count == 36 && UUID(uuidString: key) != nil
    }

    /// The keys of `value` (an object) whose value is `key` itself, as an integer or a string:
    /// where a map's value repeats its identity.
    static func keysRepeating(_ key: String, in value: JSONObject) -> Set<String> {
        var found = Set<String>()
        for (name, member) in value {
            switch member {
            case .number(let text) where text == key: found.insert(name)
            case .string(let text) where text == key: found.insert(name)
            default: continue
            }
        }
        return found
    }
}
