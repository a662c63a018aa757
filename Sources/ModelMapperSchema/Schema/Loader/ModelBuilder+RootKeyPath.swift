extension ModelBuilder {
    /// Reads an entity's `jsonRootKeyPath` (``MappingKeys/rootKeyPath``): where a document
    /// holds its objects, empty or `$` for the document itself; a key path that does not parse
    /// is reported, and the entity then declares nothing.
    mutating func readRootKeyPath(of record: inout EntityRecord, locations: [String: SourcePosition]) {
        guard let (key, value) = MappingKeys.firstEntry(of: MappingKeys.rootKeyPath, in: record.userInfo) else {
            return
        }
        let text = value.trimmingSpaces()
        guard !text.isEmpty, text != "$" else {
            record.isDeclaredRoot = true
            return
        }
        do {
            record.rootKeyPath = try JSONKeyPath(parsing: text)
            record.isDeclaredRoot = true
        } catch {
            report(
                .invalidRootKeyPath(entity: record.name, key: key, problem: "\(error)"),
                at: locations[key]?.location ?? record.location
            )
        }
    }
}
