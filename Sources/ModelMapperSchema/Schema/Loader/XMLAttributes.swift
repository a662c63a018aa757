/// The attributes of an element in document order. Elements of a model file have a
/// handful of attributes, so a linear search beats hashing every name into a dictionary.
struct XMLAttributes: Sendable, Hashable {
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
        /// The name, when it is one the loader reads.
        var key: ModelXMLName?
    }

    var list: [Attribute] = []
    /// One bit for each known name present (`ModelXMLName.bit`): most lookups are for names
    /// an element does not have, and end here.
    var present: UInt64 = 0

    subscript(key: ModelXMLName) -> String? {
        guard present & key.bit != 0 else { return nil }
        for index in list.indices where list[index].key == key { return list[index].value }
        return nil
    }

    var dictionary: [String: String] {
        Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
