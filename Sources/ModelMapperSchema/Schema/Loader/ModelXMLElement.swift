/// The element names of model files (and of `.xccurrentversion` property lists) that the loader
/// reads, recognised once from libxml2's bytes so that matching an element compares a number.
enum ModelXMLElement: UInt8, CaseIterable, Sendable {
    /// Any element the loader does not read, and every element with a namespace prefix.
    case other
    case model, entity, attribute, relationship, fetchedProperty, fetchRequest, userInfo, entry
    case configuration, memberEntity, composite, uniquenessConstraints, uniquenessConstraint, constraint
    case plist, dict, key, string

    private static let known = KnownNames(allCases.filter { $0 != .other }.map { ($0, "\($0)") })

    /// The known element named by a NUL-terminated UTF-8 string, else `.other`.
    init(cString: UnsafePointer<UInt8>) {
        self = Self.known.lookup(cString) ?? .other
    }
}
