/// The XML attribute names of model files that the loader reads, recognised straight from
/// libxml2's bytes (by length, then bytes) so that looking one up later compares a number.
enum ModelXMLName: UInt8, CaseIterable, Sendable {
    case name, representedClassName, parentEntity, isAbstract, codeGenerationType
    case attributeType, optional, transient, derived, derivationExpression, indexed
    case defaultValueString, defaultDateTimeInterval, minValueString, maxValueString
    case minDateTimeInterval, maxDateTimeInterval, regularExpressionString, valueTransformerName
    case customClassName, composite, usesScalarValueType, allowsExternalBinaryDataStorage
    case destinationEntity, deletionRule, minCount, maxCount, inverseName, inverseEntity, toMany, ordered
    case syncable
    case key, value, entity, predicateString, usedWithCloudKit

    /// The name as written in model files.
    var text: String { Self.texts[Int(rawValue)] }

    private static let texts: [String] = allCases.map { "\($0)" }

    /// The bit of this name in `XMLAttributes.present`.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The known name spelled by a NUL-terminated UTF-8 string, or nil.
    init?(cString: UnsafePointer<UInt8>) {
        var length = 0
        while cString[length] != 0 {
            length += 1
            if length > 40 { return nil }
        }
        switch length {
        case 3:
            if Self.matches(cString, "key") { self = .key; return }
        case 4:
            if Self.matches(cString, "name") { self = .name; return }
        case 5:
            if Self.matches(cString, "value") { self = .value; return }
        case 6:
            if Self.matches(cString, "toMany") { self = .toMany; return }
            if Self.matches(cString, "entity") { self = .entity; return }
        case 7:
            if Self.matches(cString, "derived") { self = .derived; return }
            if Self.matches(cString, "indexed") { self = .indexed; return }
            if Self.matches(cString, "ordered") { self = .ordered; return }
        case 8:
            if Self.matches(cString, "optional") { self = .optional; return }
            if Self.matches(cString, "minCount") { self = .minCount; return }
            if Self.matches(cString, "maxCount") { self = .maxCount; return }
            if Self.matches(cString, "syncable") { self = .syncable; return }
        case 9:
            if Self.matches(cString, "transient") { self = .transient; return }
            if Self.matches(cString, "composite") { self = .composite; return }
        case 10:
            if Self.matches(cString, "isAbstract") { self = .isAbstract; return }
        case 11:
            if Self.matches(cString, "inverseName") { self = .inverseName; return }
        case 12:
            if Self.matches(cString, "parentEntity") { self = .parentEntity; return }
            if Self.matches(cString, "deletionRule") { self = .deletionRule; return }
        case 13:
            if Self.matches(cString, "attributeType") { self = .attributeType; return }
            if Self.matches(cString, "inverseEntity") { self = .inverseEntity; return }
        case 14:
            if Self.matches(cString, "minValueString") { self = .minValueString; return }
            if Self.matches(cString, "maxValueString") { self = .maxValueString; return }
        case 15:
            if Self.matches(cString, "customClassName") { self = .customClassName; return }
            if Self.matches(cString, "predicateString") { self = .predicateString; return }
        case 16:
            if Self.matches(cString, "usedWithCloudKit") { self = .usedWithCloudKit; return }
        case 17:
            if Self.matches(cString, "destinationEntity") { self = .destinationEntity; return }
        case 18:
            if Self.matches(cString, "codeGenerationType") { self = .codeGenerationType; return }
            if Self.matches(cString, "defaultValueString") { self = .defaultValueString; return }
        case 19:
            if Self.matches(cString, "minDateTimeInterval") { self = .minDateTimeInterval; return }
            if Self.matches(cString, "maxDateTimeInterval") { self = .maxDateTimeInterval; return }
            if Self.matches(cString, "usesScalarValueType") { self = .usesScalarValueType; return }
        case 20:
            if Self.matches(cString, "representedClassName") { self = .representedClassName; return }
            if Self.matches(cString, "derivationExpression") { self = .derivationExpression; return }
            if Self.matches(cString, "valueTransformerName") { self = .valueTransformerName; return }
        case 23:
            if Self.matches(cString, "defaultDateTimeInterval") { self = .defaultDateTimeInterval; return }
            if Self.matches(cString, "regularExpressionString") { self = .regularExpressionString; return }
        case 31:
            if Self.matches(cString, "allowsExternalBinaryDataStorage") { self = .allowsExternalBinaryDataStorage; return }
        default:
            break
        }
        return nil
    }

    /// Whether the NUL-terminated `cString`, known to have the literal's length, spells it.
    static func matches(_ cString: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let bytes = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount where bytes[index] != cString[index] {
            return false
        }
        return true
    }
}
