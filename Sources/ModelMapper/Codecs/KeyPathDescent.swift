import Foundation
@_spi(Engine) import ModelMapperSchema

/// Walking down a key path (`"data.albums"`) to the value it names, before that value is read:
/// the one rule, with its errors, for every entry point. The decoder and the graph walk it
/// with ``JSONScanner/enter(_:keyPath:)``; the streaming readers (``JSONArrayStream``) walk it
/// a byte at a time as the bytes come, and throw the errors made here.
enum KeyPathDescent {
    /// How many of the keys of the object where a component is missing its error lists at
    /// most (the closest is looked for among them).
    static let keysKept = 64

    /// The error for a key path the document does not have: the keys the object there has,
    /// and the closest of them.
    static func nothing(at keyPath: String, path: JSONPath, component: String, keys: [String]) -> MappingError {
        let listed = keys.prefix(12).map { "'\($0)'" }.joined(separator: ", ") + (keys.count > 12 ? ", …" : "")
        return MappingError(
            .missingValue,
            path: path,
            found: "the document has nothing at '\(keyPath)'",
            detail: (keys.isEmpty ? "the object there is empty" : "the object there has the keys \(listed)")
                + ClosestName.suggestion(for: component, among: keys)
        )
    }

    /// The error for a value on the key path that is not the object holding its next
    /// component (`found`: what it is).
    static func notAnObject(at path: JSONPath, component: String, found: String) -> MappingError {
        MappingError(.typeMismatch, path: path, expected: "an object with key '\(component)'", found: found)
    }
}

extension JSONScanner where Failure == MappingError {
    /// Moves from the start of the document to the value at a key path, checking what it
    /// passes; returns the value's path.
    mutating func enter(_ components: [String], keyPath: String) throws(MappingError) -> JSONPath {
        var path = JSONPath.root
        for component in components {
            skipWhitespace()
            guard peek() == UInt8(ascii: "{") else {
                throw KeyPathDescent.notAnObject(at: path, component: component, found: try describeAndSkip())
            }
            index += 1
            path = path.appending(key: component)
            var isFirst = true
            var memberCount = 0
            // The keys there, for the error when the component is not among them.
            var keys: [String] = []
            while true {
                let hasMember = isFirst ? !consume(UInt8(ascii: "}")) : try readSeparator(inObject: true)
                guard hasMember else {
                    throw KeyPathDescent.nothing(at: keyPath, path: path, component: component, keys: keys)
                }
                memberCount += 1
                guard memberCount <= maximumElementCount else { throw tooManyElements() }
                let key = try readKey(after: isFirst ? "{" : ",")
                if keys.count < KeyPathDescent.keysKept { keys.append(String(decoding: key.buffer, as: UTF8.self)) }
                isFirst = false
                if key.buffer.elementsEqual(component.utf8) { break }
                try skipValue()
            }
        }
        return path
    }

    /// Reads, checking them, the members that follow the payload in the objects ``enter(_:keyPath:)``
    /// went into.
    mutating func leave(_ levels: Int) throws(MappingError) {
        for _ in 0..<levels {
            while try readSeparator(inObject: true) {
                _ = try readKey(after: ",")
                try skipValue()
            }
        }
    }

    /// What the value at the scanner is, for an error (`an object`, `"x"`, `5`), read past.
    mutating func describeAndSkip() throws(MappingError) -> String {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            try skipValue()
            return "an object"
        case UInt8(ascii: "["):
            try skipValue()
            return "an array"
        default:
            return try readScalar().map(ValueConversion.describe) ?? ""
        }
    }
}
