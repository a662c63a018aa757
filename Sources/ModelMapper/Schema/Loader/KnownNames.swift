/// A small set of names, looked up straight from a NUL-terminated UTF-8 string (libxml2's) by
/// length and then bytes, without making a Swift `String`: how the loader recognises the
/// element and attribute names it reads.
///
/// For example:
///
/// ```swift
/// let names = KnownNames<ModelXMLElement>(ModelXMLElement.allCases.dropFirst().map { ($0, "\($0)") })
/// names.lookup(pointerToEntity)   // .entity
/// ```
struct KnownNames<Name: Sendable>: Sendable {
    /// The names of each length, with their bytes.
    private let byLength: [[(name: Name, bytes: [UInt8])]]

    init(_ entries: [(Name, String)]) {
        var table = Array(repeating: [(name: Name, bytes: [UInt8])](), count: 1)
        for (name, text) in entries {
            let bytes = Array(text.utf8)
            while table.count <= bytes.count { table.append([]) }
            table[bytes.count].append((name, bytes))
        }
        byLength = table
    }

    /// The name `cString` spells, or nil.
    func lookup(_ cString: UnsafePointer<UInt8>) -> Name? {
        var length = 0
        while cString[length] != 0 {
            length += 1
            if length >= byLength.count { return nil }
        }
        return byLength.withUnsafeBufferPointer { table in
            for entry in table[length] where entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(UnsafeBufferPointer(start: cString, count: length)) }) {
                return entry.name
            }
            return nil
        }
    }
}
