/// A small set of names, looked up straight from a NUL-terminated UTF-8 string (libxml2's) by
/// length and then bytes, without making a Swift `String`: how the loader recognises the
/// element and attribute names it reads.
///
/// For example:
///
/// ```swift
/// let names = KnownNames([(ModelXMLElement.entity, "entity"), (.attribute, "attribute")])
/// names.lookup(pointerToEntity)   // .entity
/// ```
struct KnownNames<Name: Sendable>: Sendable {
    /// Every name's bytes, one after another.
    private let bytes: [UInt8]
    /// The names, grouped by length: `entries[starts[n]..<starts[n + 1]]` are those of length `n`.
    private let entries: [(name: Name, offset: Int)]
    private let starts: [Int]

    init(_ names: [(Name, String)]) {
        let sorted = names.map { ($0.0, Array($0.1.utf8)) }.sorted { $0.1.count < $1.1.count }
        let longest = sorted.last?.1.count ?? 0
        var bytes: [UInt8] = []
        var entries: [(name: Name, offset: Int)] = []
        var starts = Array(repeating: 0, count: longest + 2)
        for (name, text) in sorted {
            entries.append((name, bytes.count))
            bytes += text
            starts[text.count + 1] = entries.count
        }
        // Lengths no name has start where the next shorter group ended.
        for length in 1..<starts.count where starts[length] < starts[length - 1] {
            starts[length] = starts[length - 1]
        }
        self.bytes = bytes
        self.entries = entries
        self.starts = starts
    }

    /// The name `cString` spells, or nil.
    func lookup(_ cString: UnsafePointer<UInt8>) -> Name? {
        var length = 0
        while cString[length] != 0 {
            length += 1
            if length + 1 >= starts.count { return nil }
        }
        return bytes.withUnsafeBufferPointer { bytes -> Name? in
            entries.withUnsafeBufferPointer { entries -> Name? in
                for index in starts[length]..<starts[length + 1] {
                    let offset = entries[index].offset
                    var matched = 0
                    while matched < length, bytes[offset + matched] == cString[matched] { matched += 1 }
                    if matched == length { return entries[index].name }
                }
                return nil
            }
        }
    }
}
