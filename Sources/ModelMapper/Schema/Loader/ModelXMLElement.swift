/// The element names of model files (and of `.xccurrentversion` property lists) that the loader
/// reads, recognised once from libxml2's bytes so that matching an element compares a number.
enum ModelXMLElement: UInt8, Sendable {
    /// Any element the loader does not read, and every element with a namespace prefix.
    case other
    case model, entity, attribute, relationship, fetchedProperty, fetchRequest, userInfo, entry
    case configuration, memberEntity, composite, uniquenessConstraints, uniquenessConstraint, constraint
    case plist, dict, key, string

    /// The known element named by a NUL-terminated UTF-8 string, else `.other`.
    init(cString: UnsafePointer<UInt8>) {
        var length = 0
        while cString[length] != 0 {
            length += 1
            if length > 40 {
                self = .other
                return
            }
        }
        switch length {
        case 3:
            if ModelXMLName.matches(cString, "key") { self = .key; return }
        case 4:
            if ModelXMLName.matches(cString, "dict") { self = .dict; return }
        case 5:
            if ModelXMLName.matches(cString, "model") { self = .model; return }
            if ModelXMLName.matches(cString, "entry") { self = .entry; return }
            if ModelXMLName.matches(cString, "plist") { self = .plist; return }
        case 6:
            if ModelXMLName.matches(cString, "entity") { self = .entity; return }
            if ModelXMLName.matches(cString, "string") { self = .string; return }
        case 8:
            if ModelXMLName.matches(cString, "userInfo") { self = .userInfo; return }
        case 9:
            if ModelXMLName.matches(cString, "attribute") { self = .attribute; return }
            if ModelXMLName.matches(cString, "composite") { self = .composite; return }
        case 10:
            if ModelXMLName.matches(cString, "constraint") { self = .constraint; return }
        case 12:
            if ModelXMLName.matches(cString, "relationship") { self = .relationship; return }
            if ModelXMLName.matches(cString, "fetchRequest") { self = .fetchRequest; return }
            if ModelXMLName.matches(cString, "memberEntity") { self = .memberEntity; return }
        case 13:
            if ModelXMLName.matches(cString, "configuration") { self = .configuration; return }
        case 15:
            if ModelXMLName.matches(cString, "fetchedProperty") { self = .fetchedProperty; return }
        case 20:
            if ModelXMLName.matches(cString, "uniquenessConstraint") { self = .uniquenessConstraint; return }
        case 21:
            if ModelXMLName.matches(cString, "uniquenessConstraints") { self = .uniquenessConstraints; return }
        default:
            break
        }
        self = .other
    }
}
